/**
 * The members of an organization: listing them (any member), changing a role (owners), removing a
 * member or leaving (rules in src/tenancy/members.ts; the last owner stays).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OrganizationParams, consoleErrors } from '../../src/console/api-schemas.js';
import { IdString } from '../../src/schemas/common.js';
import type { ConsoleOptions } from './index.js';
import { RoleSchema } from './organizations.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, organizationAccessOf } from './route-access.js';
import { route } from '../operations.js';

const Member = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time', description: 'When the user joined the organization' }),
});
const MemberParams = Type.Object({ ...OrganizationParams.properties, userId: IdString() });
const RoleBody = Type.Object({ role: RoleSchema }, { additionalProperties: false });

export const memberOperations = {
  consoleListMembers: defineConsoleOperation({
    operationId: 'consoleListMembers',
    method: 'GET',
    url: '/orgs/:organizationId/members',
    config: { role: 'member' },
    summary: 'The members of an organization',
    params: OrganizationParams,
    response: { 200: Type.Object({ items: Type.Array(Member) }), ...consoleErrors(401, 404) },
  }),
  consoleChangeMemberRole: defineConsoleOperation({
    operationId: 'consoleChangeMemberRole',
    method: 'PATCH',
    url: '/orgs/:organizationId/members/:userId',
    config: { role: 'owner' },
    summary: "Change a member's role (owner); the last owner cannot be demoted",
    params: MemberParams,
    body: RoleBody,
    response: { 200: Member, ...consoleErrors(400, 401, 403, 404, 409) },
  }),
  consoleRemoveMember: defineConsoleOperation({
    operationId: 'consoleRemoveMember',
    method: 'DELETE',
    url: '/orgs/:organizationId/members/:userId',
    // Anyone may leave; removing someone else asks more (src/tenancy/members.ts).
    config: { role: 'member' },
    summary: 'Remove a member (admin for members, owner for admins and owners) or leave (my own id)',
    params: MemberParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404, 409) },
  }),
};
const ops = memberOperations;

export const memberRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const { members } = services.tenancy;

  route(app, ops.consoleListMembers, async (request) => ({ items: await members.list(organizationAccessOf(request)) }));

  route(app, ops.consoleChangeMemberRole, async (request) =>
    members.changeRole(actorOf(request), organizationAccessOf(request), request.params.userId, request.body.role),
  );

  route(app, ops.consoleRemoveMember, async (request, reply) => {
    await members.remove(actorOf(request), organizationAccessOf(request), request.params.userId);
    return reply.code(204).send(null);
  });
};
