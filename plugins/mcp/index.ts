/**
 * The broker's native MCP endpoint: Model Context Protocol over Streamable HTTP at POST /mcp, in
 * stateless mode (no session id, any instance answers any request). tools/call and tools/list
 * are answered directly by the session's handlers after the SDK's own checks (direct-answer.ts);
 * every other message gets an SDK server and transport of its own, as the SDK recommends for
 * stateless servers. The project API key comes in
 * `x-api-key` or `Authorization: Bearer`; `entityId` (required), `toolkits` and `tools` in the
 * query string scope the session. An agent session's token (issue 30) fixes the entity and the
 * filters instead (the URL may only narrow them). Refusals before MCP processing (key, query) use the native error
 * body; a malformed JSON-RPC body is a JSON-RPC error. GET and DELETE /mcp answer 405: there is no
 * server-initiated stream or session to end. Not described in the OpenAPI document: it is JSON-RPC.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { bearerToken, principal } from '../auth.js';
import { requireSessionEntity, sessionFilters } from '../agent-session-guard.js';
import { requireScope } from '../../src/tenancy/scopes.js';
import { badRequest } from '../../src/errors.js';
import { ErrorBody, errorResponses } from '../../src/schemas/common.js';
import { logRequestError, sendNativeError, toNativeError } from '../errors.js';
import type { McpServices } from './mcp-server.js';
import { defineOperation, route } from '../operations.js';

/**
 * The SDK (and the zod it brings) is loaded on the first MCP request, not at start-up: it costs
 * start-up time and memory that a broker nobody talks MCP to should not pay
 * (docs/internals/performance.md#start-up-and-build).
 */
let runtime:
  | Promise<
      [
        typeof import('./mcp-server.js'),
        typeof import('./direct-answer.js'),
        typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      ]
    >
  | undefined;
const loadRuntime = () =>
  (runtime ??= Promise.all([
    import('./mcp-server.js'),
    import('./direct-answer.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]));

/** JSON-RPC 2.0 error codes (and the SDK's ConnectionClosed) answered before the SDK is involved. */
const ErrorCode = { ParseError: -32700, InvalidRequest: -32600, InternalError: -32603, ConnectionClosed: -32000 } as const;

const McpQuery = Type.Object({
  // Required with a project key; with an agent session the session fixes it (another value is 403).
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The end user whose connections the tools use.' })),
  toolkits: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated toolkit slugs, e.g. hubspot,bitly.' })),
  tools: Type.Optional(Type.String({ maxLength: 20000, description: 'Comma-separated tool slugs, e.g. HUBSPOT_CONTACTS_GET.' })),
});

// The SDK validates each message in full; this only refuses what cannot be JSON-RPC at all.
const JsonRpcMessage = Type.Object({ jsonrpc: Type.Literal('2.0') }, { additionalProperties: true });
const McpBody = Type.Union([JsonRpcMessage, Type.Array(JsonRpcMessage, { minItems: 1, maxItems: 100 })]);
const JsonRpcError = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  error: Type.Object({ code: Type.Integer(), message: Type.String() }),
});
/** What a hijacked POST answers (written by the SDK transport): a JSON-RPC response or batch, or 202. */
const JsonRpcAnswer = Type.Union([
  Type.Object({ jsonrpc: Type.Literal('2.0') }, { additionalProperties: true }),
  Type.Array(Type.Unknown()),
]);

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0' as const, id: null, error: { code, message } });

/** Whether a message (or a batch) calls a tool. */
const callsTools = (body: unknown): boolean =>
  (Array.isArray(body) ? body : [body]).some((m) => (m as { method?: unknown } | null)?.method === 'tools/call');

/** MCP clients send the key as a bearer token: it is the same project key as `x-api-key`. */
function bearerAsApiKey(request: FastifyRequest): void {
  if (request.headers['x-api-key']) return;
  const token = bearerToken(request);
  if (token) request.headers['x-api-key'] = token;
}

/** The endpoint's routes; hidden from spec.json (JSON-RPC is not described by OpenAPI). */
export const mcpOperations = {
  mcpMessage: defineOperation({
    operationId: 'mcpMessage',
    method: 'POST',
    url: '/mcp',
    hide: true,
    querystring: McpQuery,
    body: McpBody,
    // 400: the native body for a bad query, a JSON-RPC error for a body that is not JSON-RPC.
    response: { 200: JsonRpcAnswer, ...errorResponses(401, 403), 400: Type.Union([Type.Ref(ErrorBody), JsonRpcError]) },
  }),
  mcpStream: defineOperation({ operationId: 'mcpStream', method: 'GET', url: '/mcp', hide: true, response: { 405: JsonRpcError } }),
  mcpEndSession: defineOperation({
    operationId: 'mcpEndSession',
    method: 'DELETE',
    url: '/mcp',
    hide: true,
    response: { 405: JsonRpcError },
  }),
};

const METHOD_NOT_ALLOWED = jsonRpcError(
  ErrorCode.ConnectionClosed,
  'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to /mcp',
);

const mcpRoutes: FastifyPluginAsyncTypebox<{ services: McpServices }> = async (app, { services }) => {
  app.addHook('onRequest', async (request) => {
    bearerAsApiKey(request);
    await app.requireApiKey(request);
  });

  app.setErrorHandler((error, request, reply) => {
    const e = error as { validationContext?: string; code?: string; statusCode?: number; message?: string };
    // A body that is not JSON, or not JSON-RPC, is answered in the protocol's own terms.
    if (e.statusCode === 400 && (e.validationContext === 'body' || e.code?.startsWith('FST_ERR_CTP'))) {
      const invalidJson = e.code?.startsWith('FST_ERR_CTP') ?? false;
      request.log.info({ code: invalidJson ? ErrorCode.ParseError : ErrorCode.InvalidRequest }, 'mcp request refused');
      return reply
        .code(400)
        .send(
          jsonRpcError(
            invalidJson ? ErrorCode.ParseError : ErrorCode.InvalidRequest,
            invalidJson ? 'Parse error: invalid JSON' : `Invalid Request: ${e.message ?? 'not a JSON-RPC message'}`,
          ),
        );
    }
    const body = toNativeError(error, request);
    logRequestError(request, error, body);
    if (body.status === 401) reply.header('www-authenticate', 'Bearer realm="connector-broker"');
    return sendNativeError(reply, body);
  });

  route(app, mcpOperations.mcpMessage, async (request, reply) => {
    const { projectId, session, scopes } = principal(request);
    const fromUrl = services.toolSelection.parseFilters(request.query);
    let entityId = request.query.entityId;
    let filters = fromUrl;
    if (session) {
      // An agent session fixes the end user and the tools; the URL may only narrow them.
      requireSessionEntity(session, entityId);
      entityId = session.entityId;
      filters = sessionFilters(session, fromUrl);
    } else if (entityId === undefined) {
      throw badRequest('entityId is required in the query string (the end user whose connections the tools use)', {
        errors: [{ field: 'entityId', message: 'is required' }],
      });
    }
    // Listing needs tools:read (checked with the route's scope); calling needs tools:execute too.
    if (scopes && callsTools(request.body)) requireScope(scopes, 'tools:execute');
    const [{ createMcpHandlers, createMcpServer }, { answerDirectly }, { StreamableHTTPServerTransport }] = await loadRuntime();
    const handlers = createMcpHandlers(services, { projectId, entityId, filters, request });
    const direct = await answerDirectly(request.body, request.headers, handlers);
    if (direct) {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json', 'x-request-id': request.id });
      reply.raw.end(JSON.stringify(direct));
      return;
    }
    const server = createMcpServer(handlers);
    // JSON answers, not SSE: every handler answers once and sends no notifications.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'mcp request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify(jsonRpcError(ErrorCode.InternalError, `Internal error; quote request id ${request.id} to your operator`)),
        );
      }
    }
  });

  const notAllowed = async (_request: unknown, reply: FastifyReply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED);
  route(app, mcpOperations.mcpStream, notAllowed);
  route(app, mcpOperations.mcpEndSession, notAllowed);
};

export default fp(
  async (app, opts: { services: McpServices }) => {
    // Its own scope: the error handler and the key hook apply to /mcp only.
    await app.register(mcpRoutes, { services: opts.services });
  },
  { name: 'mcp', dependencies: ['auth', 'errors'] },
);
