/**
 * The members of an organization. Every member sees the list; the routes ask an owner to change
 * roles (and so make owners). Admins remove members, owners remove anyone, and anyone may leave.
 * An organization always keeps an owner: the last one can neither be demoted nor leave (409). Each
 * change is written with its audit entry in one transaction.
 */
import type { IMembership, IUser } from '../db/entities/index.js';
import type { OwnerGuardedOutcome } from '../db/repositories/membership-repository.js';
import type { TenancyRepositories } from '../db/repositories/tenancy.js';
import { BrokerError, forbidden, notFound } from '../errors.js';
import type { Actor } from './actor.js';
import { atLeast, requireRole, type OrganizationAccess, type Role } from './access.js';
import type { Audited } from './audited.js';

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

export function createMembers(deps: { repos: Pick<TenancyRepositories, 'memberships' | 'users'>; audited: Audited }) {
  const { repos, audited } = deps;

  /** The member `userId` of the organization, with the user row; 404 otherwise. */
  async function member(organizationId: string, userId: string): Promise<{ membership: IMembership; user: IUser }> {
    const [membership, user] = await Promise.all([repos.memberships.find(organizationId, userId), repos.users.findUser(userId)]);
    if (!membership || !user) throw notFound(`User ${userId} is not a member of organization ${organizationId}`, 'user');
    return { membership, user };
  }

  function settle(outcome: OwnerGuardedOutcome, organizationId: string, userId: string): void {
    if (outcome === 'last-owner') throw lastOwner();
    if (outcome === 'missing') throw notFound(`User ${userId} is not a member of organization ${organizationId}`, 'user');
  }

  return {
    async list(access: OrganizationAccess): Promise<MemberView[]> {
      return (await repos.memberships.membersOf(access.organizationId)).map(({ membership, user }) => view(membership, user));
    },

    /** Refused for the last owner's demotion. */
    async changeRole(actor: Actor, access: OrganizationAccess, userId: string, role: Role): Promise<MemberView> {
      const { organizationId } = access;
      const { membership, user } = await member(organizationId, userId);
      if (membership.role === role) return view(membership, user);
      await audited.run(actor, async (tx) => {
        settle(await tx.repos.memberships.updateRoleKeepingAnOwner(organizationId, userId, role), organizationId, userId);
        await tx.audit({
          organizationId,
          action: 'member.role_changed',
          targetType: 'user',
          targetId: userId,
          detail: { email: user.email, from: membership.role, to: role },
        });
      });
      return view({ ...membership, role }, user);
    },

    /**
     * Anyone may leave (unless the last owner); removing someone else takes an admin for a member
     * and an owner for an admin or owner.
     */
    async remove(actor: Actor, access: OrganizationAccess, userId: string): Promise<void> {
      const { organizationId } = access;
      const self = userId === access.userId;
      if (!self) requireRole(access, 'admin');
      const { membership, user } = await member(organizationId, userId);
      if (!self && membership.role !== 'member' && !atLeast(access.role, 'owner'))
        throw forbidden(`Removing ${membership.role === 'admin' ? 'an admin' : 'an owner'} needs the owner role; you are an admin`);
      await audited.run(actor, async (tx) => {
        settle(await tx.repos.memberships.deleteKeepingAnOwner(organizationId, userId), organizationId, userId);
        await tx.audit({
          organizationId,
          action: 'member.removed',
          targetType: 'user',
          targetId: userId,
          detail: { email: user.email, role: membership.role, left: self },
        });
      });
    },
  };
}
