/** A project's execution records (tool executions, proxy calls, refusals), newest first, and one with its detail, for any member. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { ExecutionDetailView, ExecutionPage, ExecutionParams, ListExecutionsQuery } from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';

export const executionOperations = {
  consoleListExecutions: defineConsoleOperation({
    operationId: 'consoleListExecutions',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/executions',
    config: { role: 'member' },
    summary:
      "The project's tool executions and proxy calls, refused ones included, newest first; filter by end user, tool, toolkit, outcome and time",
    params: ProjectParams,
    querystring: ListExecutionsQuery,
    response: { 200: ExecutionPage, ...consoleErrors(400, 401, 404) },
  }),
  consoleGetExecution: defineConsoleOperation({
    operationId: 'consoleGetExecution',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId/executions/:executionId',
    config: { role: 'member' },
    summary: 'One execution with its arguments and response body (redacted, bounded, kept EXECUTION_BODY_RETENTION_DAYS)',
    params: ExecutionParams,
    response: { 200: ExecutionDetailView, ...consoleErrors(401, 404) },
  }),
};

export const executionRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, executionOperations.consoleListExecutions, async (request) => {
    const { organizationId, project } = projectAccessOf(request);
    const { limit = 50, ...filters } = request.query;
    return services.consoleExecutions.list({ organizationId, projectId: project.id }, { ...filters, limit });
  });
  route(app, executionOperations.consoleGetExecution, async (request) => {
    const { organizationId, project } = projectAccessOf(request);
    return services.consoleExecutions.get({ organizationId, projectId: project.id }, request.params.executionId);
  });
};
