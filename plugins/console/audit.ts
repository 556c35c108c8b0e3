/** The organization's audit log, newest first, for its owners and admins. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { OrganizationParams, consoleErrors } from '../../src/console/api-schemas.js';
import { AuditPageView, AuditQuery, type AuditEntryView } from '../../src/console/project-api-schemas.js';
import type { IAuditEntry } from '../../src/db/entities/index.js';
import type { ConsoleOptions } from './index.js';
import { defineConsoleOperation, organizationAccessOf } from './route-access.js';
import { route } from '../operations.js';

const entryView = (e: IAuditEntry): Static<typeof AuditEntryView> => ({
  id: e.id,
  createdAt: e.createdAt.toISOString(),
  actor: e.actorUserId ? { userId: e.actorUserId, email: e.actorEmail ?? null } : null,
  // Entries older than the column: a user when one is named, else the operator.
  actorKind: (e.actorKind as 'user' | 'operator' | 'apiKey' | null) ?? (e.actorUserId ? 'user' : 'operator'),
  actorApiKey: e.actorApiKeyId ? { id: e.actorApiKeyId, name: e.actorApiKeyName ?? null } : null,
  action: e.action,
  targetType: e.targetType,
  targetId: e.targetId,
  projectId: e.projectId ?? null,
  ip: e.ip ?? null,
  detail: e.detail ?? null,
});

export const auditOperations = {
  consoleListAudit: defineConsoleOperation({
    operationId: 'consoleListAudit',
    method: 'GET',
    url: '/orgs/:organizationId/audit',
    config: { role: 'admin' },
    summary: "The organization's audit log, newest first (owner or admin)",
    params: OrganizationParams,
    querystring: AuditQuery,
    response: { 200: AuditPageView, ...consoleErrors(400, 401, 403, 404) },
  }),
};

export const auditRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, auditOperations.consoleListAudit, async (request) => {
    const { organizationId } = organizationAccessOf(request);
    const page = await services.audit.list(organizationId, request.query.limit ?? 50, request.query.cursor);
    return { items: page.items.map(entryView), nextCursor: page.nextCursor };
  });
};
