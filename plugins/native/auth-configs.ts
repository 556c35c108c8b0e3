/** Auth config routes (spec 4.9 create, plus list, read, update, delete). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { apiKeyAudit } from '../api-key-audit.js';
import { changedFields } from '../../src/tenancy/audited.js';
import { AuthConfigSchema, pageOf } from '../../src/connections/api-schemas.js';
import { route } from '../operations.js';
import { authConfigOperations as ops } from './contract.js';

const authConfigRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'authConfigs' | 'tenancy'> }> = async (app, { services }) => {
  app.addSchema(AuthConfigSchema);
  const { authConfigs } = services;
  const audit = apiKeyAudit(services.tenancy.audited);

  route(app, ops.createAuthConfig, async (req) => {
    const created = await authConfigs.create(principal(req).projectId, req.body);
    await audit(req, 'auth_config.created', created.id, { name: created.name, toolkit: created.toolkitSlug });
    return { authConfigId: created.id, authMethodId: created.authMethodId, authMethodKind: created.authMethodKind };
  });

  route(app, ops.listAuthConfigs, async (req) => {
    // Only the declared filters reach the service: unknown query parameters are ignored.
    const { toolkit, isManaged } = req.query;
    return authConfigs.list(principal(req).projectId, { toolkit, isManaged, ...pageOf(req.query) });
  });

  route(app, ops.getAuthConfig, async (req) => authConfigs.view(principal(req).projectId, req.params.authConfigId));

  route(app, ops.updateAuthConfig, async (req) => {
    const view = await authConfigs.update(principal(req).projectId, req.params.authConfigId, req.body);
    await audit(req, 'auth_config.updated', view.id, { name: view.name, toolkit: view.toolkit, changed: changedFields(req.body) });
    return view;
  });

  route(app, ops.deleteAuthConfig, async (req) => {
    const deletedConnections = await authConfigs.remove(principal(req).projectId, req.params.authConfigId);
    await audit(req, 'auth_config.deleted', req.params.authConfigId, { deletedConnections: deletedConnections.length });
    return { deleted: true, deletedConnections };
  });
};

export default authConfigRoutes;
