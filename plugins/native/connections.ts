/**
 * Connection routes of the native API (spec 4.1 to 4.6): initiate, connect, list, read, update,
 * delete, refresh, revoke. Handlers only translate; rules live in src/connections.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { apiKeyAudit } from '../api-key-audit.js';
import { changedFields } from '../../src/tenancy/audited.js';
import { ConnectionSchema, pageOf } from '../../src/connections/api-schemas.js';
import { route } from '../operations.js';
import { connectionOperations as ops } from './contract.js';

const connectionRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connections' | 'tokens' | 'tenancy'> }> = async (
  app,
  { services },
) => {
  app.addSchema(ConnectionSchema);
  const { connections, tokens } = services;
  const audit = apiKeyAudit(services.tenancy.audited);

  route(app, ops.initiate, async (req) => {
    const started = await connections.initiate(principal(req).projectId, req.params.slug, req.body);
    await audit(req, 'connection.created', started.connectionId, { toolkit: req.params.slug, userId: req.body.entityId, by: 'initiate' });
    return started;
  });

  route(app, ops.connect, async (req) => {
    const connected = await connections.connect(principal(req).projectId, req.params.slug, req.body);
    await audit(req, 'connection.created', connected.connectionId, { toolkit: req.params.slug, userId: req.body.entityId, by: 'connect' });
    return connected;
  });

  route(app, ops.listConnections, async (req) => {
    // Only the declared filters reach the service: unknown query parameters are ignored.
    const { authConfigId, entityId, toolkit, status } = req.query;
    return connections.list(principal(req).projectId, { authConfigId, entityId, toolkit, status, ...pageOf(req.query) });
  });

  route(app, ops.getConnection, async (req) => connections.view(principal(req).projectId, req.params.connectionId));

  route(app, ops.updateConnection, async (req) => {
    const view = await connections.update(principal(req).projectId, req.params.connectionId, req.body);
    await audit(req, 'connection.updated', view.id, {
      toolkit: view.providerSlug,
      userId: view.entityId,
      changed: changedFields(req.body),
    });
    return view;
  });

  route(app, ops.deleteConnection, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.connectionId);
    await connections.remove(conn.projectId, conn.id);
    await audit(req, 'connection.deleted', conn.id, { toolkit: conn.toolkitSlug, userId: conn.entityId });
    return { deleted: true };
  });

  route(app, ops.refreshConnection, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.connectionId);
    return tokens.refreshConnection(conn, req.body?.strict === true);
  });

  route(app, ops.revokeConnection, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.connectionId);
    const outcome = await tokens.revokeConnection(conn, req.body?.strict === true);
    await audit(req, 'connection.revoked', conn.id, {
      toolkit: conn.toolkitSlug,
      userId: conn.entityId,
      revokedTokens: outcome.revokedTokens,
    });
    return outcome;
  });
};

export default connectionRoutes;
