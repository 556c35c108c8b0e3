/**
 * Invitations: admins and owners invite an email with a role and get a single-use link (shown
 * once), list the pending ones and revoke them; whoever holds a link sees what it offers without
 * signing in, and joins by accepting it signed in with the invited email. Signing up with the
 * link's token is in plugins/console/accounts.ts. Rules: src/tenancy/invitations.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Email, OrganizationParams, consoleErrors } from '../../src/console/api-schemas.js';
import { IdString } from '../../src/schemas/common.js';
import type { ConsoleOptions } from './index.js';
import { RoleSchema } from './organizations.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, organizationAccessOf } from './route-access.js';
import { route } from '../operations.js';

const Invitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  invitedBy: Type.Object({ userId: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
});
const InvitationParams = Type.Object({ ...OrganizationParams.properties, invitationId: IdString() });
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const CreateBody = Type.Object(
  {
    email: Email,
    role: Type.Union([Type.Literal('admin'), Type.Literal('member'), Type.Literal('owner')], {
      description: 'admin or member; owner only when an owner invites',
    }),
  },
  { additionalProperties: false },
);
const Created = Type.Object({
  invitation: Invitation,
  url: Type.String({ description: 'The invitation link, with its token: shown once, send it to the invitee' }),
});
const Preview = Type.Object({
  organizationName: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  expiresAt: Type.String({ format: 'date-time' }),
});
const Accepted = Type.Object({
  organization: Type.Object({ id: Type.String(), name: Type.String(), role: RoleSchema }),
});

export const invitationOperations = {
  consolePreviewInvitation: defineConsoleOperation({
    operationId: 'consolePreviewInvitation',
    method: 'GET',
    url: '/invitations/:token',
    summary: 'What an invitation link offers',
    security: [],
    params: TokenParams,
    response: { 200: Preview, ...consoleErrors(400, 404, 410) },
  }),
  consoleListInvitations: defineConsoleOperation({
    operationId: 'consoleListInvitations',
    method: 'GET',
    url: '/orgs/:organizationId/invitations',
    config: { role: 'admin' },
    summary: 'Pending invitations of an organization (admin)',
    params: OrganizationParams,
    response: { 200: Type.Object({ items: Type.Array(Invitation) }), ...consoleErrors(401, 403, 404) },
  }),
  consoleCreateInvitation: defineConsoleOperation({
    operationId: 'consoleCreateInvitation',
    method: 'POST',
    url: '/orgs/:organizationId/invitations',
    config: { role: 'admin' },
    summary: 'Invite an email to the organization (admin); the link expires in 7 days and works once',
    params: OrganizationParams,
    body: CreateBody,
    response: { 201: Created, ...consoleErrors(400, 401, 403, 404, 409) },
  }),
  consoleRevokeInvitation: defineConsoleOperation({
    operationId: 'consoleRevokeInvitation',
    method: 'DELETE',
    url: '/orgs/:organizationId/invitations/:invitationId',
    config: { role: 'admin' },
    summary: 'Revoke a pending invitation (admin)',
    params: InvitationParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404, 409) },
  }),
  consoleAcceptInvitation: defineConsoleOperation({
    operationId: 'consoleAcceptInvitation',
    method: 'POST',
    url: '/invitations/:token/accept',
    summary: 'Join the organization of an invitation sent to my email',
    params: TokenParams,
    response: { 200: Accepted, ...consoleErrors(400, 401, 403, 404, 409, 410) },
  }),
};
const ops = invitationOperations;

/** The link's page: no session needed (the token is the credential). */
export const publicInvitationRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, ops.consolePreviewInvitation, async (request) => services.tenancy.invitations.preview(request.params.token));
};

export const invitationRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const { invitations } = services.tenancy;

  route(app, ops.consoleListInvitations, async (request) => ({ items: await invitations.listPending(organizationAccessOf(request)) }));

  route(app, ops.consoleCreateInvitation, async (request, reply) => {
    const created = await invitations.create(actorOf(request), organizationAccessOf(request), request.body);
    // With SMTP the invitee gets the link by email too; the answer still shows it, so a failed send is only logged.
    if (services.mailer)
      await services.mailer
        .send({
          to: created.invitation.email,
          subject: `${created.invitation.invitedBy.email ?? 'Someone'} invited you to an organization on Connector Broker`,
          text: `Open this link to join as ${created.invitation.role}:\n\n${created.url}\n`,
        })
        .catch((err: unknown) => request.log.warn({ invitationId: created.invitation.id, err: String(err) }, 'invitation email not sent'));
    return reply.code(201).send(created);
  });

  route(app, ops.consoleRevokeInvitation, async (request, reply) => {
    await invitations.revoke(actorOf(request), organizationAccessOf(request), request.params.invitationId);
    return reply.code(204).send(null);
  });

  route(app, ops.consoleAcceptInvitation, async (request) => invitations.accept(request.params.token, actorOf(request)));
};
