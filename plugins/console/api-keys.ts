/**
 * A project's API keys (console; spec 4.11): create (the key is in that answer only; optional
 * scopes and expiry, issue 30), list (never the key or its hash), revoke (refused at once on every instance; connections stay). Members
 * read; admins and owners create and revoke.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { ApiKeyParams, ApiKeyView, CreateApiKeyBody, CreatedApiKey } from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';
import { apiKeyView } from '../../src/tenancy/api-keys.js';

export const apiKeyOperations = {
  consoleListApiKeys: defineConsoleOperation({
    operationId: 'consoleListApiKeys',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/api-keys',
    config: { role: 'member' },
    summary: "The project's API keys, revoked ones included (never the keys themselves)",
    params: ProjectParams,
    response: { 200: Type.Object({ items: Type.Array(ApiKeyView) }), ...consoleErrors(401, 404) },
  }),
  consoleCreateApiKey: defineConsoleOperation({
    operationId: 'consoleCreateApiKey',
    method: 'POST',
    url: '/orgs/:organizationId/projects/:projectId/api-keys',
    config: { role: 'admin' },
    summary: 'Create a project API key; the key is returned once (admin)',
    params: ProjectParams,
    body: CreateApiKeyBody,
    response: { 201: CreatedApiKey, ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleRevokeApiKey: defineConsoleOperation({
    operationId: 'consoleRevokeApiKey',
    method: 'DELETE',
    url: '/orgs/:organizationId/projects/:projectId/api-keys/:apiKeyId',
    config: { role: 'admin' },
    summary: "Revoke an API key: refused at once everywhere; the project's connections are not affected (admin)",
    params: ApiKeyParams,
    response: { 200: ApiKeyView, ...consoleErrors(401, 403, 404) },
  }),
};
const ops = apiKeyOperations;

export const apiKeyRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const keys = services.tenancy.apiKeys;

  route(app, ops.consoleListApiKeys, async (request) => ({
    items: (await keys.list(projectAccessOf(request).project.id)).map(apiKeyView),
  }));

  route(app, ops.consoleCreateApiKey, async (request, reply) => {
    const { name, scopes, expiresAt } = request.body;
    const { key, apiKey } = await keys.create(actorOf(request), projectAccessOf(request).project.id, name.trim() || 'default', {
      scopes,
      expiresAt: expiresAt === undefined ? undefined : new Date(expiresAt),
    });
    return reply.code(201).send({ key, apiKey: apiKeyView(apiKey) });
  });

  route(app, ops.consoleRevokeApiKey, async (request) =>
    keys.revokeInProject(actorOf(request), projectAccessOf(request), request.params.apiKeyId),
  );
};
