/**
 * The Playground (issue 32): find a tool and its input schema (members), and run it for one of the
 * project's connections (admins and owners: a run acts on an end user's account at the provider,
 * as changing a connection does). A run is an executeTool through the same service, recorded as
 * an execution; the answer shows the request as sent (credentials masked), the provider's status,
 * headers and body, or the broker's error. Rules live in src/console/console-playground.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { ListToolsQuery, ToolApi, ToolListApi } from '../../src/catalog/catalog-api-schemas.js';
import { PlaygroundRun, PlaygroundRunBody, PlaygroundToolParams } from '../../src/console/playground-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';
import { actorOf } from './session-auth.js';

export const playgroundOperations = {
  consoleListPlaygroundTools: defineConsoleOperation({
    operationId: 'consoleListPlaygroundTools',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/playground/tools',
    config: { role: 'member' },
    summary: 'Tools to try in the Playground: search (ranked as listTools ranks) and filter by toolkit',
    params: ProjectParams,
    querystring: ListToolsQuery,
    response: { 200: ToolListApi, ...consoleErrors(400, 401, 404) },
  }),
  consoleGetPlaygroundTool: defineConsoleOperation({
    operationId: 'consoleGetPlaygroundTool',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/playground/tools/:toolSlug',
    config: { role: 'member' },
    summary: 'One tool with its input JSON schema, for the Playground form',
    params: PlaygroundToolParams,
    response: { 200: ToolApi, ...consoleErrors(401, 404) },
  }),
  consoleExecuteTool: defineConsoleOperation({
    operationId: 'consoleExecuteTool',
    method: 'POST',
    url: '/orgs/:organizationId/projects/:projectId/playground/tools/:toolSlug/execute',
    config: { role: 'admin' },
    summary:
      "Run a tool for one of the project's connections as executeTool does (recorded, quota, scopes, validation); answers the request as sent (credentials masked), the provider's answer or the broker's error (admin)",
    params: PlaygroundToolParams,
    body: PlaygroundRunBody,
    response: { 200: PlaygroundRun, ...consoleErrors(400, 401, 403, 404) },
  }),
};
const ops = playgroundOperations;

export const playgroundRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, ops.consoleListPlaygroundTools, async (request) => services.consolePlayground.listTools(request.query));
  route(app, ops.consoleGetPlaygroundTool, async (request) => services.consolePlayground.getTool(request.params.toolSlug));
  route(app, ops.consoleExecuteTool, async (request) => {
    const { organizationId, project } = projectAccessOf(request);
    return services.consolePlayground.run(
      actorOf(request),
      { organizationId, projectId: project.id },
      request.params.toolSlug,
      request.body,
      {
        requestId: request.id,
      },
    );
  });
};
