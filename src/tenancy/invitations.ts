/**
 * Invitations: an admin or owner (the routes declare it) invites an email to the organization with a role; the invitee
 * opens a single-use link that expires after seven days, and joins by accepting it while signed in
 * with that email (or by signing up with it: sign-up.ts, which is how an invite-only instance
 * admits a new account). Each change is written with its audit entry in one transaction.
 *
 * The link's token is 32 random bytes; only its sha256 is stored, and the link is returned once.
 * Roles: admins invite admins and members; owners may also invite owners (they may make any
 * member an owner anyway, so a link for it is no new power).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IInvitation } from '../db/entities/index.js';
import type { TenancyRepositories } from '../db/repositories/tenancy.js';
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import { BrokerError, forbidden, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Actor, UserActor } from './actor.js';
import { atLeast, type OrganizationAccess, type Role } from './access.js';
import type { Audited, TenancyTx } from './audited.js';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

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

/**
 * A link carries its sender's power only while the sender holds it: a sender removed from the
 * organization or demoted below what creating the invitation takes (admin; owner for an owner link)
 * voids it (410), rather than granting a lesser role the invitee was never offered.
 */
async function senderMayGrant(memberships: Pick<TenancyRepositories['memberships'], 'find'>, row: IInvitation): Promise<void> {
  const sender = await memberships.find(row.organizationId, row.invitedByUserId);
  if (!sender || !atLeast(sender.role, row.role === 'owner' ? 'owner' : 'admin'))
    throw gone('was sent by someone who may no longer grant this role');
}

export function createInvitations(deps: {
  repos: Pick<TenancyRepositories, 'invitations' | 'users' | 'memberships' | 'projects'>;
  audited: Audited;
  config: Pick<Config, 'publicBaseUrl'>;
  clock: Clock;
}) {
  const { invitations, users, memberships, projects } = deps.repos;
  const { audited, clock } = deps;
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

  /**
   * The invitation a link names, while it can still be used; 404 unknown, 410 used/revoked/expired,
   * or sent by someone who may no longer send it.
   */
  async function usable(token: string): Promise<IInvitation> {
    const row = token.length <= 100 ? await invitations.findByTokenHash(sha256(token)) : null;
    if (!row) throw unknownLink();
    if (row.acceptedAt) throw gone('was already used');
    if (row.revokedAt) throw gone('was revoked');
    if (row.expiresAt.getTime() <= clock.now()) throw gone('has expired');
    await senderMayGrant(memberships, row);
    return row;
  }

  /**
   * Joins the invitation `row` as `actor`, in `tx`: of two concurrent accepts only one consumes it
   * (the repository's conditional update), and the membership comes with it or not at all.
   */
  async function acceptIn(tx: TenancyTx, row: IInvitation, actor: UserActor): Promise<void> {
    await senderMayGrant(tx.repos.memberships, row);
    const outcome = await tx.repos.invitations.accept(
      row.id,
      { id: newId('mem'), organizationId: row.organizationId, userId: actor.userId, role: row.role },
      new Date(clock.now()),
    );
    if (outcome === 'gone') throw gone('was already used');
    if (outcome === 'already-member') throw new BrokerError('CONFLICT', 'You are already a member of this organization');
    await tx.audit({
      organizationId: row.organizationId,
      action: 'member.joined',
      targetType: 'user',
      targetId: actor.userId,
      detail: { email: row.email, role: row.role, invitationId: row.id },
    });
  }

  /** Joins the invitation's organization as `actor`, whose email it must be for. */
  async function accept(token: string, actor: UserActor): Promise<{ organization: { id: string; name: string; role: Role } }> {
    const row = await usable(token);
    if (normalizeEmail(actor.email) !== row.email)
      throw forbidden('This invitation is for another email address: sign in with the address it was sent to');
    if (await memberships.find(row.organizationId, actor.userId)) {
      // Two accepts of one link at once: the other may have joined since the read above. Then the
      // link is what was used up (410), as the conditional update below would have said.
      await usable(token);
      throw new BrokerError('CONFLICT', 'You are already a member of this organization');
    }
    const org = await projects.findOrganization({ id: row.organizationId });
    if (!org) throw gone('is for an organization that no longer exists');
    await audited.run(actor, (tx) => acceptIn(tx, row, actor));
    return { organization: { id: org.id, name: org.name, role: row.role } };
  }

  /** The pending invitation `token` names, when it is for `email` (a sign-up with it); 403 otherwise. */
  async function pendingFor(token: string, email: string): Promise<IInvitation> {
    const row = await usable(token);
    if (row.email !== normalizeEmail(email))
      throw forbidden('This invitation is for another email address: sign up with the address it was sent to');
    return row;
  }

  return {
    /** Admins and owners; the link (with the token) is in the answer only. */
    /** An invitation names the person who sent it: a user only. */
    async create(
      actor: UserActor,
      access: OrganizationAccess,
      input: { email: string; role: Role },
    ): Promise<{ invitation: InvitationView; url: string }> {
      const { organizationId } = access;
      if (input.role === 'owner' && access.role !== 'owner') throw forbidden('Only an owner may invite an owner');
      const email = normalizeEmail(input.email);
      const now = clock.now();
      const existing = await users.findUserByEmail(email);
      if (existing && (await memberships.find(organizationId, existing.id)))
        throw new BrokerError('CONFLICT', `${email} is already a member of this organization`);
      const pending = await invitations.findPendingFor(organizationId, email, new Date(now));
      if (pending)
        throw new BrokerError('CONFLICT', `${email} already has a pending invitation (${pending.id}): revoke it to send a new one`);
      const token = randomBytes(32).toString('base64url');
      const row = await audited.run(actor, async (tx) => {
        const inserted = await tx.repos.invitations.insert({
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
        await tx.audit({
          organizationId,
          action: 'member.invited',
          targetType: 'invitation',
          targetId: inserted.id,
          detail: { email, role: inserted.role },
        });
        return inserted;
      });
      const [invitation] = await views([row]);
      return { invitation: invitation!, url: linkBase + token };
    },

    /** Pending (not used, revoked or expired) invitations; admins and owners. */
    async listPending(access: OrganizationAccess): Promise<InvitationView[]> {
      return views(await invitations.listPending(access.organizationId, new Date(clock.now())));
    },

    /** Admins and owners; revoking twice is a no-op, revoking a used invitation is 409. */
    async revoke(actor: Actor, access: OrganizationAccess, invitationId: string): Promise<void> {
      const { organizationId } = access;
      const row = await invitations.findInOrganization(organizationId, invitationId);
      if (!row) throw notFound(`Invitation ${invitationId} not found`, 'invitation');
      if (row.acceptedAt) throw new BrokerError('CONFLICT', 'This invitation was already accepted: remove the member instead');
      if (row.revokedAt) return;
      const revoked = await audited.run(actor, async (tx) => {
        if (!(await tx.repos.invitations.revoke(row.id, new Date(clock.now())))) return false;
        await tx.audit({
          organizationId,
          action: 'invitation.revoked',
          targetType: 'invitation',
          targetId: row.id,
          detail: { email: row.email, role: row.role },
        });
        return true;
      });
      // Accepted or revoked since the read above: only the first is worth telling.
      if (!revoked && (await invitations.findInOrganization(organizationId, invitationId))?.acceptedAt)
        throw new BrokerError('CONFLICT', 'This invitation was already accepted: remove the member instead');
    },

    /** What the link's page shows before anyone signs in. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await usable(token);
      const org = await projects.findOrganization({ id: row.organizationId });
      if (!org) throw gone('is for an organization that no longer exists');
      return { organizationName: org.name, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
    },

    accept,
    acceptIn,
    pendingFor,
  };
}
