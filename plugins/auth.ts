/**
 * Who is calling. `app.requireApiKey` is the onRequest hook every native and compat route group
 * installs; it resolves `x-api-key` to the key's project and organization, or answers 401.
 * Public routes (spec.json, docs, health, the OAuth callback) live outside those groups.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyPrincipal } from '../src/projects/api-key-service.js';
import { unauthorized } from '../src/errors.js';
import type { Services } from '../src/services.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: ApiKeyPrincipal | null;
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

export default fp(
  async (app, opts: { services: Pick<Services, 'apiKeys' | 'cache'> }) => {
    const { apiKeys, cache } = opts.services;
    app.decorateRequest('auth', null);
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const header = request.headers['x-api-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) throw unauthorized('Missing API key: send it in the x-api-key header');
      // Keeps this instance's cache as fresh as the database: no I/O while pushed invalidation
      // is up and verified (src/cache/hot-cache.ts), an epoch read otherwise.
      const syncing = cache.sync();
      if (syncing) await syncing;
      const found = await apiKeys.authenticate(key.trim());
      if (!found) throw unauthorized('Invalid or revoked API key');
      request.auth = found;
    });
  },
  { name: 'auth' },
);
