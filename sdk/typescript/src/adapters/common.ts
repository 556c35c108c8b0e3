/**
 * What every framework adapter shares: choosing catalog tools (with their input schemas) and
 * running one model tool call through the broker for an end user, as text for the model. A failed
 * call (unknown tool, bad arguments, a provider error) becomes an error result the model can read
 * and act on, never a thrown error that would end the agent's loop.
 */
import type { ConnectorBroker } from '../client.js';
import { BrokerError } from '../errors.js';
import type { Tool } from '../types.js';

/** Which tools to hand the model: explicit slugs, or a toolkit and/or search (best first). */
export interface ToolSelection {
  tools?: string[];
  toolkit?: string;
  search?: string;
  /** With toolkit/search: at most this many; default 20. */
  limit?: number;
}

/** Whose connections the calls use. */
export interface RunFor {
  entityId?: string;
  connectedAccountId?: string;
}

export interface ToolRun {
  /** JSON text of `{ successful, status, data }`, or of `{ error }` when the call did not run. */
  content: string;
  isError: boolean;
}

/** The selected tools, each with its inputParameters. */
export async function selectTools(broker: ConnectorBroker, selection: ToolSelection): Promise<Tool[]> {
  const slugs = selection.tools?.length
    ? selection.tools
    : (await broker.tools.list({ toolkit: selection.toolkit, search: selection.search, limit: selection.limit ?? 20 })).items.map(
        (t) => t.slug,
      );
  return Promise.all(slugs.map((slug) => broker.tools.get(slug)));
}

/** A tool's input schema as a plain JSON Schema object (an object schema even when it takes nothing). */
export function inputSchema(tool: Tool): Record<string, unknown> {
  const schema = tool.inputParameters as Record<string, unknown> | undefined;
  return schema && typeof schema === 'object' ? schema : { type: 'object', properties: {} };
}

/** Runs one call; `args` is the model's arguments, as an object or as JSON text. */
export async function runTool(broker: ConnectorBroker, slug: string, args: unknown, who: RunFor): Promise<ToolRun> {
  let parsed: unknown = args;
  if (typeof args === 'string') {
    try {
      parsed = args.trim() === '' ? {} : JSON.parse(args);
    } catch {
      return { content: JSON.stringify({ error: 'the arguments are not valid JSON' }), isError: true };
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { content: JSON.stringify({ error: 'the arguments must be a JSON object' }), isError: true };
  }
  try {
    const result = await broker.tools.execute(slug, { ...who, arguments: parsed as Record<string, unknown> });
    return { content: JSON.stringify(result), isError: !result.successful };
  } catch (error) {
    if (!(error instanceof BrokerError)) throw error;
    return { content: JSON.stringify({ error: { code: error.code, message: error.message, data: error.data } }), isError: true };
  }
}
