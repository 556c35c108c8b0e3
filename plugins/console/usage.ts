/**
 * Usage: an organization's tool executions, proxy calls and active connections for a UTC month,
 * per project and per day, with its monthly execution quota (any member may read it). Counting
 * lives in src/console/usage-service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OrganizationParams, consoleErrors } from '../../src/console/api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { defineConsoleOperation, organizationAccessOf } from './route-access.js';
import { route } from '../operations.js';

const Count = Type.Integer({ minimum: 0 });

const UsageView = Type.Object({
  month: Type.String({ description: 'The UTC month counted, YYYY-MM' }),
  totals: Type.Object({
    toolExecutions: Count,
    proxyCalls: Count,
    activeConnections: Type.Integer({ minimum: 0, description: 'Connections ACTIVE and not disabled, now' }),
  }),
  quota: Type.Object({
    monthlyExecutions: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Tool executions + proxy calls allowed per UTC month; null = unlimited (set by the operator: broker set-quota)',
    }),
    used: Type.Integer({ minimum: 0, description: 'Tool executions + proxy calls of the current UTC month' }),
    resetsAt: Type.String({ format: 'date-time', description: 'The first instant of the next UTC month' }),
  }),
  projects: Type.Array(
    Type.Object({ projectId: Type.String(), name: Type.String(), toolExecutions: Count, proxyCalls: Count, activeConnections: Count }),
  ),
  daily: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), toolExecutions: Count, proxyCalls: Count }), {
    description: 'Every day of the month, in order',
  }),
});

const UsageQuery = Type.Object({
  month: Type.Optional(Type.String({ maxLength: 50, description: 'YYYY-MM (UTC); default the current month' })),
});

export const usageOperations = {
  consoleOrganizationUsage: defineConsoleOperation({
    operationId: 'consoleOrganizationUsage',
    method: 'GET',
    url: '/orgs/:organizationId/usage',
    config: { role: 'member' },
    summary: "An organization's usage and quota for a month",
    params: OrganizationParams,
    querystring: UsageQuery,
    response: { 200: UsageView, ...consoleErrors(400, 401, 403, 404) },
  }),
};

export const usageRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, usageOperations.consoleOrganizationUsage, async (request) =>
    services.usage.forOrganization(organizationAccessOf(request).organizationId, request.query.month),
  );
};
