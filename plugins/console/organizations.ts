/**
 * Organizations: the caller's own (with the caller's role), creating one (the caller owns it),
 * reading one, renaming one (owners). Rules live in src/tenancy/organizations.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OrganizationParams, consoleErrors } from '../../src/console/api-schemas.js';
import { TEXT_LIMITS } from '../../src/schemas/common.js';
import type { ConsoleOptions } from './index.js';
import { actorOf, sessionOf } from './session-auth.js';
import { defineConsoleOperation, organizationAccessOf } from './route-access.js';
import { route } from '../operations.js';

/** A role in an organization: owner > admin > member. */
export const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]);

const OrganizationSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
});
const OrganizationDetail = Type.Object({
  ...OrganizationSummary.properties,
  monthlyExecutionQuota: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Tool executions + proxy calls allowed per UTC month; null = unlimited',
  }),
});
const NameBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.name }) }, { additionalProperties: false });

export const organizationOperations = {
  consoleListOrganizations: defineConsoleOperation({
    operationId: 'consoleListOrganizations',
    method: 'GET',
    url: '/orgs',
    summary: 'The organizations I belong to, with my role',
    response: { 200: Type.Object({ items: Type.Array(OrganizationSummary) }), ...consoleErrors(401) },
  }),
  consoleCreateOrganization: defineConsoleOperation({
    operationId: 'consoleCreateOrganization',
    method: 'POST',
    url: '/orgs',
    summary: 'Create an organization (I become its owner)',
    body: NameBody,
    response: { 201: OrganizationSummary, ...consoleErrors(400, 401, 403) },
  }),
  consoleGetOrganization: defineConsoleOperation({
    operationId: 'consoleGetOrganization',
    method: 'GET',
    url: '/orgs/:organizationId',
    config: { role: 'member' },
    summary: 'One of my organizations',
    params: OrganizationParams,
    response: { 200: OrganizationDetail, ...consoleErrors(401, 404) },
  }),
  consoleRenameOrganization: defineConsoleOperation({
    operationId: 'consoleRenameOrganization',
    method: 'PATCH',
    url: '/orgs/:organizationId',
    config: { role: 'owner' },
    summary: 'Rename an organization (owner)',
    params: OrganizationParams,
    body: NameBody,
    response: { 200: OrganizationDetail, ...consoleErrors(400, 401, 403, 404) },
  }),
};
const ops = organizationOperations;

export const organizationRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const { organizations } = services.tenancy;

  route(app, ops.consoleListOrganizations, async (request) => ({ items: await organizations.listMine(sessionOf(request).userId) }));

  route(app, ops.consoleCreateOrganization, async (request, reply) =>
    reply.code(201).send(organizations.ownedSummary(await organizations.create(actorOf(request), request.body.name))),
  );

  route(app, ops.consoleGetOrganization, async (request) => organizations.get(organizationAccessOf(request)));

  route(app, ops.consoleRenameOrganization, async (request) =>
    organizations.rename(actorOf(request), organizationAccessOf(request), request.body.name),
  );
};
