/**
 * Connection routes of the native API (spec 4.1 to 4.6): initiate, connect, list, read, update,
 * delete, refresh, revoke. Handlers only translate; rules live in src/connections.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { errorResponses } from '../../src/schemas/common.js';
import {
  ConnectBody,
  ConnectionIdParams,
  ConnectionList,
  ConnectionSchema,
  DeleteResponse,
  InitiateBody,
  InitiateResponse,
  ListConnectionsQuery,
  RefreshResponse,
  RevokeResponse,
  SlugParams,
  StrictBody,
  UpdateConnectionBody,
  pageOf,
} from '../../src/connections/api-schemas.js';

const tags = ['connections'];

const connectionRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connections' | 'tokens'> }> = async (app, { services }) => {
  app.addSchema(ConnectionSchema);
  const { connections, tokens } = services;

  app.post(
    '/connectors/:slug/initiate',
    {
      schema: {
        operationId: 'initiate',
        tags,
        summary: 'Begin a connection (OAuth redirect, or pending for direct schemes)',
        params: SlugParams,
        body: InitiateBody,
        response: { 200: InitiateResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
      },
    },
    async (req) => connections.initiate(principal(req).projectId, req.params.slug, req.body),
  );

  app.post(
    '/connectors/:slug/connect',
    {
      schema: {
        operationId: 'connect',
        tags,
        summary: 'Submit credentials for API-key, basic or bearer toolkits',
        params: SlugParams,
        body: ConnectBody,
        response: { 200: Type.Object({ connectionId: Type.String() }), ...errorResponses(400, 401, 403, 404, 408, 500) },
      },
    },
    async (req) => connections.connect(principal(req).projectId, req.params.slug, req.body),
  );

  app.get(
    '/connectors/connections',
    {
      schema: {
        operationId: 'listConnections',
        tags,
        summary: "List the project's connections",
        querystring: ListConnectionsQuery,
        response: { 200: ConnectionList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      // Only the declared filters reach the service: unknown query parameters are ignored.
      const { authConfigId, entityId, toolkit, status } = req.query;
      return connections.list(principal(req).projectId, { authConfigId, entityId, toolkit, status, ...pageOf(req.query) });
    },
  );

  app.get(
    '/connectors/connections/:connectionId',
    {
      schema: {
        operationId: 'getConnection',
        tags,
        summary: 'Read one connection',
        params: ConnectionIdParams,
        response: { 200: Type.Ref(ConnectionSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => connections.view(principal(req).projectId, req.params.connectionId),
  );

  app.patch(
    '/connectors/connections/:connectionId',
    {
      schema: {
        operationId: 'updateConnection',
        tags,
        summary: 'Set the alias, or disable / enable a connection',
        params: ConnectionIdParams,
        body: UpdateConnectionBody,
        response: { 200: Type.Ref(ConnectionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => connections.update(principal(req).projectId, req.params.connectionId, req.body),
  );

  app.delete(
    '/connectors/connections/:connectionId',
    {
      schema: {
        operationId: 'deleteConnection',
        tags,
        summary: 'Delete a connection and destroy its secrets',
        params: ConnectionIdParams,
        response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      await connections.remove(principal(req).projectId, req.params.connectionId);
      return { deleted: true };
    },
  );

  app.post(
    '/connectors/connections/:connectionId/refresh',
    {
      schema: {
        operationId: 'refreshConnection',
        tags,
        summary: 'Refresh credentials (OAuth refresh token)',
        params: ConnectionIdParams,
        body: Type.Optional(StrictBody),
        response: { 200: RefreshResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
      },
    },
    async (req) => {
      const conn = await connections.get(principal(req).projectId, req.params.connectionId);
      return tokens.refreshConnection(conn, req.body?.strict === true);
    },
  );

  app.post(
    '/connectors/connections/:connectionId/revoke',
    {
      schema: {
        operationId: 'revokeConnection',
        tags,
        summary: 'Revoke tokens at the provider and destroy them',
        params: ConnectionIdParams,
        body: Type.Optional(StrictBody),
        response: { 200: RevokeResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
      },
    },
    async (req) => {
      const conn = await connections.get(principal(req).projectId, req.params.connectionId);
      return tokens.revokeConnection(conn, req.body?.strict === true);
    },
  );
};

export default connectionRoutes;
