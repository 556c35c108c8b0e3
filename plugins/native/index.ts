/**
 * The native API plane at /api/v1. Every route group inside the authenticated scope gets the
 * API-key check; the public OAuth callback is registered beside it. Handed only the domain
 * services it uses.
 */
import fp from 'fastify-plugin';
import type { Services } from '../../src/services.js';
import catalogRoutes from './catalog.js';
import connectionRoutes from './connections.js';
import authConfigRoutes from './auth-configs.js';
import oauthCallback from './oauth-callback.js';
import toolRoutes from './tools.js';
import proxyRoutes from './proxy.js';
import connectLinkRoutes from './connect-links.js';
import webhookRoutes from './webhooks.js';
import eventRoutes from './events.js';
import triggerInstanceRoutes from './trigger-instances.js';
import providerWebhookRoutes from './provider-webhooks.js';
import idempotencyHooks from './idempotency.js';
import agentSessionRoutes from './agent-sessions.js';

export type NativeServices = Pick<
  Services,
  | 'catalogService'
  | 'authConfigs'
  | 'connections'
  | 'tokens'
  | 'execution'
  | 'proxy'
  | 'connectLinks'
  | 'webhooks'
  | 'triggerInstances'
  | 'providerWebhooks'
  | 'idempotency'
  | 'tenancy'
  | 'toolSelection'
>;

export default fp(
  async (app, opts: { prefix?: string; services: NativeServices }) => {
    const { services } = opts;
    await app.register(
      async (api) => {
        await api.register(async (authenticated) => {
          authenticated.addHook('onRequest', authenticated.requireApiKey);
          // Idempotency-Key on the operations flagged `idempotent` (registered before them: an onRoute hook).
          await authenticated.register(idempotencyHooks, { idempotency: services.idempotency });
          await authenticated.register(catalogRoutes, { services });
          await authenticated.register(authConfigRoutes, { services });
          await authenticated.register(connectionRoutes, { services });
          await authenticated.register(proxyRoutes, { services });
          await authenticated.register(toolRoutes, { services });
          await authenticated.register(connectLinkRoutes, { services });
          await authenticated.register(webhookRoutes, { services });
          await authenticated.register(eventRoutes, { services });
          await authenticated.register(triggerInstanceRoutes, { services });
          await authenticated.register(agentSessionRoutes, { services });
        });
        await api.register(oauthCallback, { services });
        // Public: authorized by the provider's signature (issue 29).
        await api.register(providerWebhookRoutes, { services });
      },
      { prefix: opts.prefix ?? '/api/v1' },
    );
  },
  { name: 'native-api', dependencies: ['auth', 'errors'] },
);
