/**
 * Anthropic's Messages API tools: catalog tools as tool definitions, and the `tool_use` blocks of
 * an assistant message run through the broker, answered as `tool_result` blocks (the content of
 * the next user message). Typed structurally: the `@anthropic-ai/sdk` package is not a dependency.
 */
import type { ConnectorBroker } from '../client.js';
import { inputSchema, runTool, selectTools, type RunFor, type ToolSelection } from './common.js';

export type { RunFor, ToolSelection } from './common.js';

/** A `Tool` of the Messages API. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}
/** The parts of an assistant message's content blocks this reads. */
export interface AnthropicContentBlock {
  type: string;
  id?: string;
  name?: string;
  input?: unknown;
}
/** A `ToolResultBlockParam`. */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

export async function anthropicTools(broker: ConnectorBroker, selection: ToolSelection): Promise<AnthropicTool[]> {
  const tools = await selectTools(broker, selection);
  return tools.map((tool) => ({
    name: tool.slug,
    description: tool.description,
    input_schema: { ...inputSchema(tool), type: 'object' },
  }));
}

/** Runs every `tool_use` block; send the results as `{ role: 'user', content: results }`. */
export async function runToolUses(
  broker: ConnectorBroker,
  content: readonly AnthropicContentBlock[],
  who: RunFor,
): Promise<AnthropicToolResult[]> {
  const uses = content.filter((block) => block.type === 'tool_use' && block.id && block.name);
  return Promise.all(
    uses.map(async (use) => {
      const run = await runTool(broker, use.name!, use.input ?? {}, who);
      return { type: 'tool_result' as const, tool_use_id: use.id!, content: run.content, is_error: run.isError };
    }),
  );
}
