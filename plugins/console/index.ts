/**
 * The console plane at /api/v1/console: people with a session cookie manage organizations,
 * projects, keys and connections. Never for agents: a request carrying `x-api-key` is refused, and
 * the agent planes ignore the cookie. State-changing requests need the session's CSRF token
 * (plugins/console/session-auth.ts), and any request whose `Origin` is another site is refused.
 * Every route is in spec.json under the `console` tag with the cookie security scheme; the
 * operations are declared once (contract.ts lists them).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config.js';
import type { Services } from '../../src/services.js';
import { forbidden, unauthorized } from '../../src/errors.js';
import { createRequireSession } from './session-auth.js';
import { assertRoleDeclared, createResolveAccess } from './route-access.js';
import { isOwnOrigin } from '../own-origin.js';
import { agentSessionRefused, presentedApiKey } from '../auth.js';
import { AGENT_SESSION_PREFIX } from '../../src/tenancy/agent-sessions.js';
import { publicAccountRoutes, sessionAccountRoutes } from './accounts.js';
import { organizationRoutes } from './organizations.js';
import { memberRoutes } from './members.js';
import { invitationRoutes, publicInvitationRoutes } from './invitations.js';
import { usageRoutes } from './usage.js';
import { projectRoutes } from './projects.js';
import { apiKeyRoutes } from './api-keys.js';
import { projectResourceRoutes } from './project-resources.js';
import { executionRoutes } from './executions.js';
import { toolkitRoutes } from './toolkits.js';
import { auditRoutes } from './audit.js';
import { webhookRoutes } from './webhooks.js';
import { triggerInstanceRoutes } from './trigger-instances.js';
import { playgroundRoutes } from './playground.js';
import { ConsoleUser, SessionView } from '../../src/console/api-schemas.js';
import { CONSOLE_PREFIX } from './contract.js';

export type ConsoleServices = Pick<
  Services,
  | 'accounts'
  | 'mailer'
  | 'sessions'
  | 'tenancy'
  | 'audit'
  | 'usage'
  | 'consoleResources'
  | 'consoleExecutions'
  | 'consoleToolkits'
  | 'consoleWebhooks'
  | 'consoleTriggers'
  | 'consolePlayground'
>;

export interface ConsoleOptions {
  services: ConsoleServices;
  config: Pick<Config, 'publicBaseUrl' | 'console' | 'database'>;
}

const tags = ['console'];

/** The route groups for a signed-in person (test/broker/console/route-roles.test.ts reads their declared roles). */
export const signedInRouteGroups = [
  sessionAccountRoutes,
  organizationRoutes,
  memberRoutes,
  invitationRoutes,
  usageRoutes,
  projectRoutes,
  apiKeyRoutes,
  projectResourceRoutes,
  executionRoutes,
  toolkitRoutes,
  auditRoutes,
  webhookRoutes,
  triggerInstanceRoutes,
  playgroundRoutes,
];

function guardPlane(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (presentedApiKey(request)?.key.startsWith(AGENT_SESSION_PREFIX)) throw agentSessionRefused();
    if (request.headers['x-api-key'] !== undefined)
      throw unauthorized('The console does not accept API keys: sign in with a session (API keys are for /api/v1 and /compat)');
    const origin = request.headers.origin;
    if (origin !== undefined && !isOwnOrigin(request, origin, publicOrigin))
      throw forbidden(`Requests from ${origin.slice(0, 200)} are not allowed on the console`);
  });
}

export default fp(
  async (app, opts: ConsoleOptions) => {
    const { services, config } = opts;
    await app.register(
      async (plane) => {
        // Tag and secure every console operation in spec.json, whoever writes the route.
        plane.addHook('onRoute', (route) => {
          const schema = (route.schema ??= {}) as { tags?: string[]; security?: unknown[] };
          schema.tags ??= tags;
          schema.security ??= [{ consoleSession: [] }];
          assertRoleDeclared(route);
        });
        guardPlane(plane, new URL(config.publicBaseUrl).origin);
        plane.decorateRequest('consoleSession', null);
        plane.decorateRequest('organizationAccess', null);
        plane.decorateRequest('projectAccess', null);
        // Shared response components: every route group of the plane may reference them.
        plane.addSchema(ConsoleUser);
        plane.addSchema(SessionView);
        await plane.register(publicAccountRoutes, { services, config });
        await plane.register(publicInvitationRoutes, { services, config });
        await plane.register(async (signedIn) => {
          signedIn.addHook('onRequest', createRequireSession(services));
          // After validation, as the services' own checks were: a bad request is 400 before 403/404.
          signedIn.addHook('preHandler', createResolveAccess(services.tenancy));
          for (const routes of signedInRouteGroups) await signedIn.register(routes, { services, config });
        });
      },
      { prefix: CONSOLE_PREFIX },
    );
  },
  { name: 'console', dependencies: ['errors', 'rate-limit'] },
);
