/**
 * OpenAI's tool formats, for the Chat Completions and the Responses APIs: catalog tools as function
 * tools, and the model's function calls run through the broker and answered in the shape the next
 * request takes. Typed structurally (no dependency on the `openai` package); the tests assign them
 * to the package's own types.
 */
import type { ConnectorBroker } from '../client.js';
import { inputSchema, runTool, selectTools, type RunFor, type ToolSelection } from './common.js';

export type { RunFor, ToolSelection } from './common.js';

/** Chat Completions: a `ChatCompletionFunctionTool`. */
export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}
/** The parts of an assistant message (`choices[0].message`) this reads. */
export interface ChatAssistantMessage {
  tool_calls?: Array<{ id: string; type: string; function?: { name: string; arguments: string } }> | null;
}
/** A `ChatCompletionToolMessageParam`. */
export interface ChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

/** Responses API: a `FunctionTool`. */
export interface ResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: false;
}
/** The parts of a response's `output` items this reads. */
export interface ResponsesOutputItem {
  type: string;
  call_id?: string;
  name?: string;
  arguments?: string;
}
/** A `ResponseInputItem.FunctionCallOutput`. */
export interface ResponsesToolOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}

export async function chatTools(broker: ConnectorBroker, selection: ToolSelection): Promise<ChatTool[]> {
  const tools = await selectTools(broker, selection);
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.slug, description: tool.description, parameters: inputSchema(tool) },
  }));
}

/** Runs every function call of the message; append the answers to the conversation after it. */
export async function runChatToolCalls(broker: ConnectorBroker, message: ChatAssistantMessage, who: RunFor): Promise<ChatToolMessage[]> {
  const calls = (message.tool_calls ?? []).filter((c) => c.type === 'function' && c.function);
  return Promise.all(
    calls.map(async (call) => ({
      role: 'tool' as const,
      tool_call_id: call.id,
      content: (await runTool(broker, call.function!.name, call.function!.arguments, who)).content,
    })),
  );
}

export async function responsesTools(broker: ConnectorBroker, selection: ToolSelection): Promise<ResponsesTool[]> {
  const tools = await selectTools(broker, selection);
  return tools.map((tool) => ({
    type: 'function',
    name: tool.slug,
    description: tool.description,
    parameters: inputSchema(tool),
    strict: false,
  }));
}

/** Runs every `function_call` item of a response's output; send the answers as the next input. */
export async function runResponsesToolCalls(
  broker: ConnectorBroker,
  output: readonly ResponsesOutputItem[],
  who: RunFor,
): Promise<ResponsesToolOutput[]> {
  const calls = output.filter((item) => item.type === 'function_call' && item.call_id && item.name);
  return Promise.all(
    calls.map(async (call) => ({
      type: 'function_call_output' as const,
      call_id: call.call_id!,
      output: (await runTool(broker, call.name!, call.arguments ?? '{}', who)).content,
    })),
  );
}
