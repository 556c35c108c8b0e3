/** Auth config routes (spec 4.9 create, plus list, read, update, delete). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { errorResponses } from '../../src/schemas/common.js';
import {
  AuthConfigIdParams,
  AuthConfigList,
  AuthConfigSchema,
  CreateAuthConfigBody,
  CreateAuthConfigResponse,
  ListAuthConfigsQuery,
  UpdateAuthConfigBody,
  pageOf,
} from '../../src/connections/api-schemas.js';

const tags = ['auth configs'];

const authConfigRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'authConfigs'> }> = async (app, { services }) => {
  app.addSchema(AuthConfigSchema);
  const { authConfigs } = services;

  app.post(
    '/auth_configs',
    {
      schema: {
        operationId: 'createAuthConfig',
        tags,
        summary: 'Create an auth config (managed or with your own OAuth client)',
        body: CreateAuthConfigBody,
        response: { 200: CreateAuthConfigResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const created = await authConfigs.create(principal(req).projectId, req.body);
      return { authConfigId: created.id, authMethodId: created.authMethodId, authMethodKind: created.authMethodKind };
    },
  );

  app.get(
    '/auth_configs',
    {
      schema: {
        operationId: 'listAuthConfigs',
        tags,
        summary: "List the project's auth configs",
        querystring: ListAuthConfigsQuery,
        response: { 200: AuthConfigList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      // Only the declared filters reach the service: unknown query parameters are ignored.
      const { toolkit, isManaged } = req.query;
      return authConfigs.list(principal(req).projectId, { toolkit, isManaged, ...pageOf(req.query) });
    },
  );

  app.get(
    '/auth_configs/:authConfigId',
    {
      schema: {
        operationId: 'getAuthConfig',
        tags,
        summary: 'Read an auth config (the client secret is never returned)',
        params: AuthConfigIdParams,
        response: { 200: Type.Ref(AuthConfigSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => authConfigs.view(principal(req).projectId, req.params.authConfigId),
  );

  app.patch(
    '/auth_configs/:authConfigId',
    {
      schema: {
        operationId: 'updateAuthConfig',
        tags,
        summary: 'Update name, client credentials, tool restriction, scopes or disabled',
        params: AuthConfigIdParams,
        body: UpdateAuthConfigBody,
        response: { 200: Type.Ref(AuthConfigSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => authConfigs.update(principal(req).projectId, req.params.authConfigId, req.body),
  );

  app.delete(
    '/auth_configs/:authConfigId',
    {
      schema: {
        operationId: 'deleteAuthConfig',
        tags,
        summary: 'Delete an auth config, its connections and their secrets',
        params: AuthConfigIdParams,
        response: {
          200: Type.Object({ deleted: Type.Boolean(), deletedConnections: Type.Array(Type.String()) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (req) => ({ deleted: true, deletedConnections: await authConfigs.remove(principal(req).projectId, req.params.authConfigId) }),
  );
};

export default authConfigRoutes;
