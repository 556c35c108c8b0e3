/**
 * The hot methods answered without an SDK server and transport per request: one `tools/call` or
 * `tools/list` message, checked as the SDK checks it (the transport's Accept, Content-Type and
 * protocol-version rules, its JSON-RPC message schema, the request schema of the method, and for
 * tools/call the result schema, as the SDK's Server does), then handed to the same handlers
 * (mcp-server.ts) and answered in the JSON-RPC shape the SDK's Protocol writes. Anything else
 * (initialize, ping, notifications, batches, task-augmented calls, and every message these checks
 * refuse) returns undefined and goes through the SDK, which then answers it, errors included,
 * exactly as before. Building that server and transport cost most of MCP's time over REST
 * (docs/internals/performance.md#mcp).
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpHandlers } from './mcp-server.js';

type JsonRpcId = string | number;

/** A JSON-RPC response as the SDK's Protocol writes it. */
export type DirectAnswer =
  | { result: unknown; jsonrpc: '2.0'; id: JsonRpcId }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: { code: number; message: string; data?: unknown } };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the SDK transport requires of a POST before it reads the message (otherwise it answers 406/415/400). */
function transportAccepts(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  const contentType = headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) return false;
  const version = headers['mcp-protocol-version'];
  return version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

/** As the SDK's Protocol turns a handler's error into a JSON-RPC error. */
function errorAnswer(id: JsonRpcId, error: unknown): DirectAnswer {
  const e = (isObject(error) ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: typeof e.code === 'number' && Number.isSafeInteger(e.code) ? e.code : ErrorCode.InternalError,
      message: typeof e.message === 'string' ? e.message : 'Internal error',
      ...(e.data !== undefined ? { data: e.data } : {}),
    },
  };
}

/** The answer to `body`, or undefined when the SDK must handle it. */
export async function answerDirectly(
  body: unknown,
  headers: IncomingHttpHeaders,
  handlers: McpHandlers,
): Promise<DirectAnswer | undefined> {
  if (!isObject(body) || (body.method !== 'tools/call' && body.method !== 'tools/list')) return undefined;
  if (!transportAccepts(headers) || !JSONRPCRequestSchema.safeParse(body).success) return undefined;
  const params = body.params;
  // Tasks and related-task metadata need the SDK's task machinery.
  if (
    isObject(params) &&
    (params.task !== undefined || (isObject(params._meta) && Object.keys(params._meta).some((k) => k.includes('task'))))
  )
    return undefined;
  const id = body.id as JsonRpcId;
  try {
    if (body.method === 'tools/list') {
      const request = ListToolsRequestSchema.safeParse(body);
      if (!request.success) return undefined;
      return { result: await handlers.listTools(request.data.params?.cursor), jsonrpc: '2.0', id };
    }
    const request = CallToolRequestSchema.safeParse(body);
    if (!request.success) return undefined;
    const result = CallToolResultSchema.safeParse(await handlers.callTool(request.data.params.name, request.data.params.arguments));
    if (!result.success)
      return errorAnswer(id, { code: ErrorCode.InvalidParams, message: `Invalid tools/call result: ${result.error.message}` });
    return { result: result.data, jsonrpc: '2.0', id };
  } catch (error) {
    return errorAnswer(id, error);
  }
}
