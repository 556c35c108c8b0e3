/**
 * A project's API keys (console; spec 4.11): create (the key is in that answer only), list (never
 * the key or its hash), revoke (refused at once on every instance; connections stay). Members
 * read; admins and owners create and revoke.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { ApiKeyParams, ApiKeyView, CreateApiKeyBody, CreatedApiKey } from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf, sessionOf } from './session-auth.js';

export const apiKeyRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const keys = services.consoleKeys;

  app.get(
    '/orgs/:organizationId/projects/:projectId/api-keys',
    {
      schema: {
        operationId: 'consoleListApiKeys',
        summary: "The project's API keys, revoked ones included (never the keys themselves)",
        params: ProjectParams,
        response: { 200: Type.Object({ items: Type.Array(ApiKeyView) }), ...consoleErrors(401, 404) },
      },
    },
    async (request) => {
      const { organizationId, projectId } = request.params;
      return { items: await keys.list(sessionOf(request).userId, organizationId, projectId) };
    },
  );

  app.post(
    '/orgs/:organizationId/projects/:projectId/api-keys',
    {
      schema: {
        operationId: 'consoleCreateApiKey',
        summary: 'Create a project API key; the key is returned once (admin)',
        params: ProjectParams,
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey, ...consoleErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { organizationId, projectId } = request.params;
      return reply.code(201).send(await keys.create(actorOf(request), organizationId, projectId, request.body.name));
    },
  );

  app.delete(
    '/orgs/:organizationId/projects/:projectId/api-keys/:apiKeyId',
    {
      schema: {
        operationId: 'consoleRevokeApiKey',
        summary: "Revoke an API key: refused at once everywhere; the project's connections are not affected (admin)",
        params: ApiKeyParams,
        response: { 200: ApiKeyView, ...consoleErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const { organizationId, projectId, apiKeyId } = request.params;
      return keys.revoke(actorOf(request), organizationId, projectId, apiKeyId);
    },
  );
};
