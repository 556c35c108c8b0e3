/**
 * A project's auth configs and connections in the console: the native API's views (no secrets,
 * ever); create, edit, enable / disable and delete an auth config; a hosted connect link for an
 * end user, or to reconnect an EXPIRED, FAILED or REVOKED connection in place; disable, revoke and delete a connection.
 * Members read; admins and owners change. Rules live in src/console/console-resource-service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { AuthConfigSchema, ConnectionSchema, RevokeResponse } from '../../src/connections/api-schemas.js';
import {
  AuthConfigParams,
  ConnectionParams,
  ConsoleConnectLinkBody,
  ConsoleConnectLinkView,
  ConsoleCreateAuthConfigBody,
  ConsoleUpdateAuthConfigBody,
  EnabledBody,
  ListAuthConfigsQuery,
  ListConnectionsQuery,
} from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';

export const projectResourceOperations = {
  consoleListAuthConfigs: defineConsoleOperation({
    operationId: 'consoleListAuthConfigs',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/auth-configs',
    config: { role: 'member' },
    summary: "The project's auth configs, newest first (client secrets are never returned)",
    params: ProjectParams,
    querystring: ListAuthConfigsQuery,
    response: {
      200: Type.Object({ items: Type.Array(Type.Ref(AuthConfigSchema)), total: Type.Integer() }),
      ...consoleErrors(400, 401, 404),
    },
  }),
  consoleCreateAuthConfig: defineConsoleOperation({
    operationId: 'consoleCreateAuthConfig',
    method: 'POST',
    url: '/orgs/:organizationId/projects/:projectId/auth-configs',
    config: { role: 'admin' },
    summary: 'Create an auth config, as the native createAuthConfig does (admin); the client secret is never returned',
    params: ProjectParams,
    body: ConsoleCreateAuthConfigBody,
    response: { 201: Type.Ref(AuthConfigSchema), ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleUpdateAuthConfig: defineConsoleOperation({
    operationId: 'consoleUpdateAuthConfig',
    method: 'PATCH',
    url: '/orgs/:organizationId/projects/:projectId/auth-configs/:authConfigId',
    config: { role: 'admin' },
    summary: 'Edit an auth config (name, scopes, tools, OAuth client id and secret), enable or disable it (admin)',
    params: AuthConfigParams,
    body: ConsoleUpdateAuthConfigBody,
    response: { 200: Type.Ref(AuthConfigSchema), ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleDeleteAuthConfig: defineConsoleOperation({
    operationId: 'consoleDeleteAuthConfig',
    method: 'DELETE',
    url: '/orgs/:organizationId/projects/:projectId/auth-configs/:authConfigId',
    config: { role: 'admin' },
    summary: 'Delete an auth config with its connections and their secrets (admin)',
    params: AuthConfigParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404) },
  }),
  consoleListConnections: defineConsoleOperation({
    operationId: 'consoleListConnections',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/connections',
    config: { role: 'member' },
    summary: "The project's connections, newest first; status, toolkit and userId filter",
    params: ProjectParams,
    querystring: ListConnectionsQuery,
    response: {
      200: Type.Object({ items: Type.Array(Type.Ref(ConnectionSchema)), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
      ...consoleErrors(400, 401, 404),
    },
  }),
  consoleCreateConnectLink: defineConsoleOperation({
    operationId: 'consoleCreateConnectLink',
    method: 'POST',
    url: '/orgs/:organizationId/projects/:projectId/connect-links',
    config: { role: 'admin' },
    summary: "A hosted connect link for an end user's new connection, as the native POST /connect-links makes (admin)",
    params: ProjectParams,
    body: ConsoleConnectLinkBody,
    response: { 201: ConsoleConnectLinkView, ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleReconnectConnection: defineConsoleOperation({
    operationId: 'consoleReconnectConnection',
    method: 'POST',
    url: '/orgs/:organizationId/projects/:projectId/connections/:connectionId/reconnect',
    config: { role: 'admin' },
    summary:
      'Reconnect an EXPIRED, FAILED or REVOKED connection in place: a hosted connect link that makes this same connection ACTIVE again, same id (admin)',
    params: ConnectionParams,
    response: { 201: ConsoleConnectLinkView, ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleUpdateConnection: defineConsoleOperation({
    operationId: 'consoleUpdateConnection',
    method: 'PATCH',
    url: '/orgs/:organizationId/projects/:projectId/connections/:connectionId',
    config: { role: 'admin' },
    summary: 'Enable or disable a connection (admin)',
    params: ConnectionParams,
    body: EnabledBody,
    response: { 200: Type.Ref(ConnectionSchema), ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleDeleteConnection: defineConsoleOperation({
    operationId: 'consoleDeleteConnection',
    method: 'DELETE',
    url: '/orgs/:organizationId/projects/:projectId/connections/:connectionId',
    config: { role: 'admin' },
    summary: 'Delete a connection and destroy its secrets (admin)',
    params: ConnectionParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404) },
  }),
  consoleRevokeConnection: defineConsoleOperation({
    operationId: 'consoleRevokeConnection',
    method: 'POST',
    url: '/orgs/:organizationId/projects/:projectId/connections/:connectionId/revoke',
    config: { role: 'admin' },
    summary: "Revoke a connection's tokens at the provider where it can, and destroy them (admin)",
    params: ConnectionParams,
    response: { 200: RevokeResponse, ...consoleErrors(400, 401, 403, 404) },
  }),
};
const ops = projectResourceOperations;

/** The organization's project the route names, as resolved before the handler. */
const target = (request: FastifyRequest) => {
  const { organizationId, project } = projectAccessOf(request);
  return { organizationId, projectId: project.id };
};

export const projectResourceRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const resources = services.consoleResources;
  // The native API's resources, as components of this route group.
  app.addSchema(AuthConfigSchema);
  app.addSchema(ConnectionSchema);

  route(app, ops.consoleListAuthConfigs, async (request) => {
    const { toolkit, limit = 200, offset = 0 } = request.query;
    return resources.listAuthConfigs(target(request), { toolkit, limit, offset });
  });

  route(app, ops.consoleCreateAuthConfig, async (request, reply) =>
    reply.code(201).send(await resources.createAuthConfig(actorOf(request), target(request), request.body)),
  );

  route(app, ops.consoleUpdateAuthConfig, async (request) =>
    resources.updateAuthConfig(actorOf(request), target(request), request.params.authConfigId, request.body),
  );

  route(app, ops.consoleDeleteAuthConfig, async (request, reply) => {
    await resources.deleteAuthConfig(actorOf(request), target(request), request.params.authConfigId);
    return reply.code(204).send(null);
  });

  route(app, ops.consoleListConnections, async (request) => {
    const { status, toolkit, userId, cursor, limit = 50 } = request.query;
    return resources.listConnections(target(request), { status, toolkit, userId, cursor, limit });
  });

  route(app, ops.consoleCreateConnectLink, async (request, reply) =>
    reply.code(201).send(await resources.createConnectLink(actorOf(request), target(request), request.body)),
  );

  route(app, ops.consoleReconnectConnection, async (request, reply) =>
    reply.code(201).send(await resources.reconnect(actorOf(request), target(request), request.params.connectionId)),
  );

  route(app, ops.consoleUpdateConnection, async (request) =>
    resources.setConnectionEnabled(actorOf(request), target(request), request.params.connectionId, request.body.enabled),
  );

  route(app, ops.consoleDeleteConnection, async (request, reply) => {
    await resources.deleteConnection(actorOf(request), target(request), request.params.connectionId);
    return reply.code(204).send(null);
  });

  route(app, ops.consoleRevokeConnection, async (request) =>
    resources.revokeConnection(actorOf(request), target(request), request.params.connectionId),
  );
};
