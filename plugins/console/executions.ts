/** A project's execution records (tool executions and proxy calls), newest first, for any member. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { ExecutionPage, ListExecutionsQuery } from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';

export const executionOperations = {
  consoleListExecutions: defineConsoleOperation({
    operationId: 'consoleListExecutions',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/executions',
    config: { role: 'member' },
    summary: "The project's tool executions and proxy calls, newest first (no arguments or data)",
    params: ProjectParams,
    querystring: ListExecutionsQuery,
    response: { 200: ExecutionPage, ...consoleErrors(400, 401, 404) },
  }),
};

export const executionRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, executionOperations.consoleListExecutions, async (request) => {
    const { organizationId, project } = projectAccessOf(request);
    const { kind, cursor, limit = 50 } = request.query;
    return services.consoleExecutions.list({ organizationId, projectId: project.id }, { kind, cursor, limit });
  });
};
