/**
 * Hosted connect links on the native API: `POST /connect-links` makes a connection and the URL of
 * the page (plugins/connect) where the end user completes it, or (`connectionId`) a link that
 * reconnects an existing connection in place. The same service as the compat mount's POST
 * /connected_accounts/link; only the names differ.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { apiKeyAudit } from '../api-key-audit.js';
import { route } from '../operations.js';
import { requireSessionEntity } from '../agent-session-guard.js';
import { connectionOperations as ops } from './contract.js';

const connectLinkRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connectLinks' | 'connections' | 'tenancy'> }> = async (
  app,
  { services },
) => {
  const audit = apiKeyAudit(services.tenancy.audited);
  route(app, ops.createConnectLink, async (req, reply) => {
    const { authConfigId, entityId, callbackUrl, connectionId } = req.body;
    const { projectId, session } = principal(req);
    if (session) {
      requireSessionEntity(session, entityId);
      // A session reconnects only its own end user's connections (403 before anything else is said about another's).
      if (connectionId) requireSessionEntity(session, (await services.connections.get(projectId, connectionId)).entityId, 'connectionId');
    }
    const link = await services.connectLinks.create(projectId, {
      authConfigId,
      entityId,
      ...(callbackUrl ? { callbackUrl } : {}),
      ...(connectionId ? { connectionId } : {}),
    });
    // As the console records its links (a reconnect names the connection it brings back).
    await audit(req, 'connect_link.created', link.connectionId, {
      userId: entityId,
      authConfigId,
      ...(connectionId ? { reconnect: true } : {}),
    });
    return reply.code(201).send({ connectionId: link.connectionId, url: link.url, expiresAt: link.expiresAt.toISOString() });
  });
};

export default connectLinkRoutes;
