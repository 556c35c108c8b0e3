/**
 * Invitations: an admin or owner invites an email to the organization with a role; the invitee
 * opens a single-use link that expires after seven days, and joins by accepting it while signed in
 * with that email (or by signing up with it: this service is the account service's InvitationGate,
 * which is how an invite-only instance admits a new account).
 *
 * The link's token is 32 random bytes; only its sha256 is stored, and the link is returned once.
 * Roles: admins invite admins and members; owners may also invite owners (they may make any
 * member an owner anyway, so a link for it is no new power).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IInvitation } from '../db/entities/index.js';
import type { InvitationRepository } from '../db/repositories/invitation-repository.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import type { Role, UserRepository } from '../db/repositories/user-repository.js';
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import { BrokerError, forbidden, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { InvitationGate } from './account-service.js';
import { normalizeEmail } from './account-service.js';
import type { Actor, AuditService } from './audit-service.js';
import { atLeast, type OrganizationAccess } from './organization-access.js';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  /** Who sent it (null if that account no longer exists). */
  invitedBy: { userId: string; email: string | null };
}

export interface InvitationPreview {
  organizationName: string;
  email: string;
  role: Role;
  expiresAt: string;
}

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const gone = (why: string) => new BrokerError('GONE', `This invitation ${why}: ask the organization for a new one`);
const unknownLink = () => notFound('No invitation has this link: check that it was copied whole', 'invitation');

export function createInvitationService(deps: {
  invitations: InvitationRepository;
  users: Pick<UserRepository, 'findUser' | 'findUserByEmail' | 'findMembership'>;
  projects: Pick<ProjectRepository, 'findOrganization'>;
  orgAccess: OrganizationAccess;
  audit: Pick<AuditService, 'record'>;
  config: Pick<Config, 'publicBaseUrl'>;
  clock: Clock;
}) {
  const { invitations, users, projects, orgAccess, audit, clock } = deps;
  const linkBase = `${deps.config.publicBaseUrl.replace(/\/+$/, '')}/console/#/invite/`;

  async function views(rows: IInvitation[]): Promise<InvitationView[]> {
    const inviters = new Map<string, string | null>();
    for (const id of new Set(rows.map((r) => r.invitedByUserId))) inviters.set(id, (await users.findUser(id))?.email ?? null);
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      invitedBy: { userId: r.invitedByUserId, email: inviters.get(r.invitedByUserId) ?? null },
    }));
  }

  /** The invitation a link names, while it can still be used; 404 unknown, 410 used/revoked/expired. */
  async function usable(token: string): Promise<IInvitation> {
    const row = token.length <= 100 ? await invitations.findByTokenHash(sha256(token)) : null;
    if (!row) throw unknownLink();
    if (row.acceptedAt) throw gone('was already used');
    if (row.revokedAt) throw gone('was revoked');
    if (row.expiresAt.getTime() <= clock.now()) throw gone('has expired');
    return row;
  }

  /** Joins the invitation's organization as `actor`, whose email it must be for. */
  async function accept(token: string, actor: Actor): Promise<{ organization: { id: string; name: string; role: Role } }> {
    const row = await usable(token);
    if (normalizeEmail(actor.email) !== row.email)
      throw forbidden('This invitation is for another email address: sign in with the address it was sent to');
    if (await users.findMembership(row.organizationId, actor.userId)) {
      // Two accepts of one link at once: the other may have joined since the read above. Then the
      // link is what was used up (410), as the conditional update below would have said.
      await usable(token);
      throw new BrokerError('CONFLICT', 'You are already a member of this organization');
    }
    const org = await projects.findOrganization({ id: row.organizationId });
    if (!org) throw gone('is for an organization that no longer exists');
    const outcome = await invitations.accept(
      row.id,
      { id: newId('mem'), organizationId: row.organizationId, userId: actor.userId, role: row.role },
      new Date(clock.now()),
    );
    if (outcome === 'gone') throw gone('was already used');
    if (outcome === 'already-member') throw new BrokerError('CONFLICT', 'You are already a member of this organization');
    await audit.record(actor, {
      organizationId: row.organizationId,
      action: 'member.joined',
      targetType: 'user',
      targetId: actor.userId,
      detail: { email: row.email, role: row.role, invitationId: row.id },
    });
    return { organization: { id: org.id, name: org.name, role: row.role } };
  }

  const gate: InvitationGate = {
    async assertPendingFor(token, email) {
      const row = await usable(token);
      if (row.email !== normalizeEmail(email))
        throw forbidden('This invitation is for another email address: sign up with the address it was sent to');
    },
    accept: (token, actor) => accept(token, actor).then(() => undefined),
  };

  return {
    /** Admins and owners; the link (with the token) is in the answer only. */
    async create(
      actor: Actor,
      organizationId: string,
      input: { email: string; role: Role },
    ): Promise<{ invitation: InvitationView; url: string }> {
      const mine = await orgAccess.require(actor.userId, organizationId, 'admin');
      if (input.role === 'owner' && !atLeast(mine.role, 'owner')) throw forbidden('Only an owner may invite an owner');
      const email = normalizeEmail(input.email);
      const now = clock.now();
      const existing = await users.findUserByEmail(email);
      if (existing && (await users.findMembership(organizationId, existing.id)))
        throw new BrokerError('CONFLICT', `${email} is already a member of this organization`);
      const pending = await invitations.findPendingFor(organizationId, email, new Date(now));
      if (pending)
        throw new BrokerError('CONFLICT', `${email} already has a pending invitation (${pending.id}): revoke it to send a new one`);
      const token = randomBytes(32).toString('base64url');
      const row = await invitations.insert({
        id: newId('inv'),
        organizationId,
        email,
        role: input.role,
        tokenHash: sha256(token),
        invitedByUserId: actor.userId,
        createdAt: new Date(now),
        expiresAt: new Date(now + INVITATION_LIFETIME_MS),
        acceptedAt: null,
        acceptedByUserId: null,
        revokedAt: null,
      });
      await audit.record(actor, {
        organizationId,
        action: 'member.invited',
        targetType: 'invitation',
        targetId: row.id,
        detail: { email, role: row.role },
      });
      const [invitation] = await views([row]);
      return { invitation: invitation!, url: linkBase + token };
    },

    /** Pending (not used, revoked or expired) invitations; admins and owners. */
    async listPending(userId: string, organizationId: string): Promise<InvitationView[]> {
      await orgAccess.require(userId, organizationId, 'admin');
      return views(await invitations.listPending(organizationId, new Date(clock.now())));
    },

    /** Admins and owners; revoking twice is a no-op, revoking a used invitation is 409. */
    async revoke(actor: Actor, organizationId: string, invitationId: string): Promise<void> {
      await orgAccess.require(actor.userId, organizationId, 'admin');
      const row = await invitations.findInOrganization(organizationId, invitationId);
      if (!row) throw notFound(`Invitation ${invitationId} not found`, 'invitation');
      if (row.acceptedAt) throw new BrokerError('CONFLICT', 'This invitation was already accepted: remove the member instead');
      if (row.revokedAt) return;
      if (!(await invitations.revoke(row.id, new Date(clock.now())))) {
        // Accepted or revoked since the read above: only the first is worth telling.
        if ((await invitations.findInOrganization(organizationId, invitationId))?.acceptedAt)
          throw new BrokerError('CONFLICT', 'This invitation was already accepted: remove the member instead');
        return;
      }
      await audit.record(actor, {
        organizationId,
        action: 'invitation.revoked',
        targetType: 'invitation',
        targetId: row.id,
        detail: { email: row.email, role: row.role },
      });
    },

    /** What the link's page shows before anyone signs in. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await usable(token);
      const org = await projects.findOrganization({ id: row.organizationId });
      if (!org) throw gone('is for an organization that no longer exists');
      return { organizationName: org.name, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
    },

    accept,

    /** Admits invited sign-ups (src/console/account-service.ts). */
    gate,
  };
}
