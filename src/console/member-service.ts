/**
 * The members of an organization. Every member sees the list; only owners change roles (and so
 * make owners). Admins remove members, owners remove anyone, and anyone may leave. An organization
 * always keeps an owner: the last one can neither be demoted nor leave (409). Each change is
 * audited.
 */
import type { IMembership, IUser } from '../db/entities/index.js';
import type { OwnerGuardedOutcome, Role, UserRepository } from '../db/repositories/user-repository.js';
import { BrokerError, forbidden, notFound } from '../errors.js';
import type { Actor, AuditService } from './audit-service.js';
import { atLeast, type OrganizationAccess } from './organization-access.js';

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  /** When the user joined the organization. */
  createdAt: string;
}

const view = (membership: IMembership, user: IUser): MemberView => ({
  userId: user.id,
  email: user.email,
  name: user.name ?? null,
  role: membership.role,
  createdAt: membership.createdAt.toISOString(),
});

const lastOwner = () => new BrokerError('CONFLICT', 'The organization would have no owner left: make another member owner first');

export function createMemberService(deps: {
  users: Pick<UserRepository, 'membersOf' | 'findMembership' | 'findUser' | 'updateRoleKeepingAnOwner' | 'deleteMembershipKeepingAnOwner'>;
  orgAccess: OrganizationAccess;
  audit: Pick<AuditService, 'record'>;
}) {
  const { users, orgAccess, audit } = deps;

  /** The member `userId` of the organization, with the user row; 404 otherwise. */
  async function member(organizationId: string, userId: string): Promise<{ membership: IMembership; user: IUser }> {
    const [membership, user] = await Promise.all([users.findMembership(organizationId, userId), users.findUser(userId)]);
    if (!membership || !user) throw notFound(`User ${userId} is not a member of organization ${organizationId}`, 'user');
    return { membership, user };
  }

  function settle(outcome: OwnerGuardedOutcome, organizationId: string, userId: string): void {
    if (outcome === 'last-owner') throw lastOwner();
    if (outcome === 'missing') throw notFound(`User ${userId} is not a member of organization ${organizationId}`, 'user');
  }

  return {
    async list(userId: string, organizationId: string): Promise<MemberView[]> {
      await orgAccess.require(userId, organizationId);
      return (await users.membersOf(organizationId)).map(({ membership, user }) => view(membership, user));
    },

    /** Owners only; refused for the last owner's demotion. */
    async changeRole(actor: Actor, organizationId: string, userId: string, role: Role): Promise<MemberView> {
      await orgAccess.require(actor.userId, organizationId, 'owner');
      const { membership, user } = await member(organizationId, userId);
      if (membership.role === role) return view(membership, user);
      settle(await users.updateRoleKeepingAnOwner(organizationId, userId, role), organizationId, userId);
      await audit.record(actor, {
        organizationId,
        action: 'member.role_changed',
        targetType: 'user',
        targetId: userId,
        detail: { email: user.email, from: membership.role, to: role },
      });
      return view({ ...membership, role }, user);
    },

    /**
     * Anyone may leave (unless the last owner); removing someone else takes an admin for a member
     * and an owner for an admin or owner.
     */
    async remove(actor: Actor, organizationId: string, userId: string): Promise<void> {
      const self = userId === actor.userId;
      const mine = await orgAccess.require(actor.userId, organizationId, self ? 'member' : 'admin');
      const { membership, user } = await member(organizationId, userId);
      if (!self && membership.role !== 'member' && !atLeast(mine.role, 'owner'))
        throw forbidden(`Removing ${membership.role === 'admin' ? 'an admin' : 'an owner'} needs the owner role; you are an admin`);
      settle(await users.deleteMembershipKeepingAnOwner(organizationId, userId), organizationId, userId);
      await audit.record(actor, {
        organizationId,
        action: 'member.removed',
        targetType: 'user',
        targetId: userId,
        detail: { email: user.email, role: membership.role, left: self },
      });
    },
  };
}
