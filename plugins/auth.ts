/**
 * Who is calling. `app.requireApiKey` is the onRequest hook every native and compat route group
 * installs; it resolves `x-api-key` to the key's project and organization, or answers 401.
 * Public routes (spec.json, docs, health, the OAuth callback) live outside those groups.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { hashApiKey, type ApiKeyPrincipal, type ApiKeys } from '../src/tenancy/api-keys.js';
import { unauthorized } from '../src/errors.js';
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
  async (app, opts: { services: { apiKeys: Pick<ApiKeys, 'authenticate'> } & Pick<Services, 'cache'> }) => {
    const { apiKeys, cache } = opts.services;
    app.decorateRequest('auth', null);
    app.decorateRequest('presentedKey', undefined);
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const header = request.headers['x-api-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) throw unauthorized('Missing API key: send it in the x-api-key header');
      // Keeps this instance's cache as fresh as the database: no I/O while pushed invalidation
      // is up and verified (src/cache/hot-cache.ts), an epoch read otherwise.
      const syncing = cache.sync();
      if (syncing) await syncing;
      const trimmed = key.trim();
      // The memo holds this header's key, or the bearer token the MCP endpoint copies into it: compared, not assumed.
      const presented = presentedApiKey(request);
      const found = await apiKeys.authenticate(trimmed, presented?.key === trimmed ? presented.hash : undefined);
      if (!found) throw unauthorized('Invalid or revoked API key');
      request.auth = found;
    });
  },
  { name: 'auth' },
);
