/**
 * The compatibility mount: the v3.1 wire contract of the official Composio clients
 * (shared/reference/compat-v3.1.md) over the same services as the native API. Register it with
 * `app.register(compatPlugin, { prefix: '/compat/api/v3.1' })`; clients are pointed at
 * `{base_url}/compat` and append `/api/v3.1` themselves.
 *
 * Wrapped with fastify-plugin only so that it can also serve the one v3 path the SDK calls
 * (`/compat/api/v3/internal/sdk/realtime/*`, answered 501) beside its prefix; everything it
 * registers lives in two encapsulated child scopes with their own error and 404 handlers, so the
 * native plane's handlers and bodies are untouched.
 */
import fp from 'fastify-plugin';
import type { Services } from '../../src/services.js';
import { createCatalogView } from './catalog-view.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized } from '../../src/errors.js';
import { logRequestError } from '../errors.js';
import { refuseAgentSession } from '../auth.js';
import { compatErrorBody, sendCompatError } from './error-body.js';
import toolkitRoutes from './toolkits.js';
import toolRoutes from './tools.js';
import authConfigRoutes from './auth-configs.js';
import connectedAccountRoutes from './connected-accounts.js';
import connectedAccountActions from './connected-account-actions.js';
import webhookSubscriptionRoutes from './webhook-subscriptions.js';
import triggerTypeRoutes from './trigger-types.js';
import triggerInstanceRoutes from './trigger-instances.js';
import { UNBOUND_GROUPS, UNBOUND_V3_GROUPS, unboundGroups } from './not-implemented.js';

export const DEFAULT_COMPAT_PREFIX = '/compat/api/v3.1';

/** The compat body for every error and unknown path of a scope. */
function useCompatErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error, request, reply) => {
    const body = compatErrorBody(error, request);
    logRequestError(request, error, body.error, 'compat request');
    return sendCompatError(reply, body);
  });
  scope.setNotFoundHandler((request, reply) =>
    sendCompatError(
      reply,
      compatErrorBody(notFound(`Route ${request.method} ${request.url.split('?')[0]} not found on the compat mount`), request),
    ),
  );
}

/** Project keys only: the 2.x clients' user and org keys (`x-user-api-key`, `x-org-api-key`) are refused. */
function authenticate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    if (!request.headers['x-api-key'] && (request.headers['x-user-api-key'] || request.headers['x-org-api-key'])) {
      throw unauthorized('User and organization API keys are not accepted here; send a project API key in the x-api-key header');
    }
    await app.requireApiKey(request);
    // Agent sessions are for /mcp and the native API (issue 30): none on the compat mount.
    refuseAgentSession(request);
  };
}

/** What the compat mount may use: the same domain services as the native API, nothing internal. */
export type CompatServices = Pick<
  Services,
  | 'catalog'
  | 'authConfigs'
  | 'connections'
  | 'tokens'
  | 'execution'
  | 'proxy'
  | 'connectLinks'
  | 'compatWebhooks'
  | 'triggerInstances'
  | 'tenancy'
>;

export default fp(
  async (app, opts: { prefix?: string; services: CompatServices }) => {
    const prefix = opts.prefix ?? DEFAULT_COMPAT_PREFIX;
    const { services } = opts;
    const view = createCatalogView({
      catalog: services.catalog,
      isManagedClientConfigured: services.authConfigs.isManagedClientConfigured,
    });

    await app.register(
      async (v31) => {
        useCompatErrors(v31);
        v31.addHook('onRequest', authenticate(v31));
        await v31.register(toolkitRoutes, { services, view });
        await v31.register(toolRoutes, { services, view });
        await v31.register(authConfigRoutes, { services });
        await v31.register(connectedAccountRoutes, { services });
        await v31.register(connectedAccountActions, { services });
        await v31.register(webhookSubscriptionRoutes, { webhooks: services.compatWebhooks });
        await v31.register(triggerTypeRoutes, { services });
        await v31.register(triggerInstanceRoutes, { services });
        await v31.register(unboundGroups(UNBOUND_GROUPS));
      },
      { prefix },
    );

    // The v3 sibling of the mount: only the realtime routes core reaches; the rest is 404.
    if (!prefix.endsWith('/v3.1')) return;
    await app.register(
      async (v3) => {
        useCompatErrors(v3);
        v3.addHook('onRequest', authenticate(v3));
        await v3.register(unboundGroups(UNBOUND_V3_GROUPS));
      },
      { prefix: prefix.replace(/\/v3\.1$/, '/v3') },
    );
  },
  { name: 'compat', dependencies: ['auth'] },
);
