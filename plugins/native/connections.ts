/**
 * Connection routes of the native API (spec 4.1 to 4.6): initiate, connect, list, read, update,
 * delete, refresh, revoke. Handlers only translate; rules live in src/connections.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { ConnectionSchema, pageOf } from '../../src/connections/api-schemas.js';
import { route } from '../operations.js';
import { connectionOperations as ops } from './contract.js';

const connectionRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connections' | 'tokens'> }> = async (app, { services }) => {
  app.addSchema(ConnectionSchema);
  const { connections, tokens } = services;

  route(app, ops.initiate, async (req) => connections.initiate(principal(req).projectId, req.params.slug, req.body));

  route(app, ops.connect, async (req) => connections.connect(principal(req).projectId, req.params.slug, req.body));

  route(app, ops.listConnections, async (req) => {
    // Only the declared filters reach the service: unknown query parameters are ignored.
    const { authConfigId, entityId, toolkit, status } = req.query;
    return connections.list(principal(req).projectId, { authConfigId, entityId, toolkit, status, ...pageOf(req.query) });
  });

  route(app, ops.getConnection, async (req) => connections.view(principal(req).projectId, req.params.connectionId));

  route(app, ops.updateConnection, async (req) => connections.update(principal(req).projectId, req.params.connectionId, req.body));

  route(app, ops.deleteConnection, async (req) => {
    await connections.remove(principal(req).projectId, req.params.connectionId);
    return { deleted: true };
  });

  route(app, ops.refreshConnection, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.connectionId);
    return tokens.refreshConnection(conn, req.body?.strict === true);
  });

  route(app, ops.revokeConnection, async (req) => {
    const conn = await connections.get(principal(req).projectId, req.params.connectionId);
    return tokens.revokeConnection(conn, req.body?.strict === true);
  });
};

export default connectionRoutes;
