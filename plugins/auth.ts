/**
 * Who is calling. `app.requireApiKey` is the onRequest hook every native and compat route group
 * installs; it resolves `x-api-key` to the key's project and organization, or answers 401.
 * Public routes (spec.json, docs, health, the OAuth callback) live outside those groups.
 * Issue 30: the credential may also be an agent session's token (`cb_sess_…`, src/tenancy/
 * agent-sessions.ts), which only the operations in AGENT_SESSION_OPERATIONS accept (403 elsewhere);
 * a key's scopes are checked against the route's operation (src/tenancy/scopes.ts, 403 naming the
 * missing scope). Expired credentials are 401 like revoked ones.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { hashApiKey, type ApiKeyPrincipal, type ApiKeys } from '../src/tenancy/api-keys.js';
import { AGENT_SESSION_PREFIX, type AgentSessions } from '../src/tenancy/agent-sessions.js';
import { AGENT_SESSION_OPERATIONS, OPERATION_SCOPES, requireScope } from '../src/tenancy/scopes.js';
import { forbidden, unauthorized } from '../src/errors.js';
import type { Services } from '../src/services.js';

/** An API key a request presents, trimmed, with its digest (the one stored for keys). */
export interface PresentedKey {
  key: string;
  hash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: ApiKeyPrincipal | null;
    /** presentedApiKey's memo: undefined until asked, null when the request presents no key. */
    presentedKey: PresentedKey | null | undefined;
  }
  interface FastifyInstance {
    requireApiKey: (request: FastifyRequest) => Promise<void>;
  }
}

/** The authenticated principal of a request that passed `requireApiKey`. */
export function principal(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** What an agent session is refused with, wherever it is not accepted. */
export const agentSessionRefused = () =>
  forbidden(
    'Agent sessions cannot do this: they may only list and run their own tools (/mcp, listTools, getTool, executeTool) and create connect links for their end user; use a project API key',
  );

/** A plane that takes no agent session at all (the compat mount) calls this after requireApiKey. */
export function refuseAgentSession(request: FastifyRequest): void {
  if (request.auth?.session) throw agentSessionRefused();
}

/** The operationId of the request's route (undefined for catch-alls such as the compat 501 groups). */
const operationOf = (request: FastifyRequest): string | undefined =>
  (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;

/** Refuses (403) an operation the credential may not call: outside a session's few, or a key's scopes. */
function authorizeOperation(request: FastifyRequest, found: ApiKeyPrincipal): void {
  const operationId = operationOf(request);
  if (found.session) {
    if (!operationId || !AGENT_SESSION_OPERATIONS.has(operationId)) throw agentSessionRefused();
    return;
  }
  const needs = operationId ? OPERATION_SCOPES[operationId] : undefined;
  if (found.scopes && needs) requireScope(found.scopes, needs.scope);
}

/** The token of an `Authorization: Bearer <token>` header; undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/**
 * The API key a request presents (`x-api-key`, else `Authorization: Bearer <key>` as MCP clients
 * send it), hashed once per request: the rate limiter spends the key's budget before
 * authentication looks the key up, and both need its digest (a sha256 each showed in the bench's
 * profile: docs/internals/performance.md#global-hooks).
 */
export function presentedApiKey(request: FastifyRequest): PresentedKey | null {
  if (request.presentedKey !== undefined) return request.presentedKey;
  let key = request.headers['x-api-key'];
  if (Array.isArray(key)) key = key[0];
  const trimmed = (key || bearerToken(request))?.trim();
  request.presentedKey = trimmed ? { key: trimmed, hash: hashApiKey(trimmed) } : null;
  return request.presentedKey;
}

export default fp(
  async (
    app,
    opts: {
      services: { apiKeys: Pick<ApiKeys, 'authenticate'>; agentSessions: Pick<AgentSessions, 'authenticate'> } & Pick<Services, 'cache'>;
    },
  ) => {
    const { apiKeys, agentSessions, cache } = opts.services;
    app.decorateRequest('auth', null);
    app.decorateRequest('presentedKey', undefined);
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const header = request.headers['x-api-key'];
      // An agent session's token may also come as a bearer token, on every route it may call.
      const bearer = bearerToken(request);
      const key = (Array.isArray(header) ? header[0] : header) || (bearer?.startsWith(AGENT_SESSION_PREFIX) ? bearer : undefined);
      if (!key) throw unauthorized('Missing API key: send it in the x-api-key header');
      // Keeps this instance's cache as fresh as the database: no I/O while pushed invalidation
      // is up and verified (src/cache/hot-cache.ts), an epoch read otherwise.
      const syncing = cache.sync();
      if (syncing) await syncing;
      const trimmed = key.trim();
      // The memo holds this header's key, or the bearer token the MCP endpoint copies into it: compared, not assumed.
      const presented = presentedApiKey(request);
      const digest = presented?.key === trimmed ? presented.hash : undefined;
      if (trimmed.startsWith(AGENT_SESSION_PREFIX)) {
        const session = await agentSessions.authenticate(trimmed, digest ?? hashApiKey(trimmed));
        if (!session) throw unauthorized('Invalid, expired or revoked agent session');
        request.auth = session;
      } else {
        const found = await apiKeys.authenticate(trimmed, digest);
        if (!found) throw unauthorized('Invalid, expired or revoked API key');
        request.auth = found;
      }
      authorizeOperation(request, request.auth);
    });
  },
  { name: 'auth' },
);
