/** Memberships: a user's role in an organization (owner > admin > member). */
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Membership, Organization, User, type IMembership, type IOrganization, type IUser } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export type Role = IMembership['role'];

/** What a change that must leave the organization an owner came to. */
export type OwnerGuardedOutcome = 'done' | 'missing' | 'last-owner';

export function createMembershipRepository(db: Db) {
  /**
   * Runs `change` on a membership unless it would take the organization's last owner away. On
   * PostgreSQL the owners' rows stay locked until commit, so two owners demoting each other at
   * once are serialised and the second sees the first's change; SQLite has a single writer.
   */
  function keepingAnOwner(
    organizationId: string,
    userId: string,
    change: (tx: EntityManager) => Promise<unknown>,
  ): Promise<OwnerGuardedOutcome> {
    return db.transaction(async (tx) => {
      const owners = await tx.find(
        Membership,
        { organizationId, role: 'owner' },
        db.isPostgres ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      );
      const target = await tx.findOne(Membership, { organizationId, userId });
      if (!target) return 'missing';
      if (target.role === 'owner' && owners.every((o) => o.userId === userId)) return 'last-owner';
      await change(tx);
      return 'done';
    });
  }

  return {
    insert(row: Omit<IMembership, 'createdAt'> & { createdAt?: Date }): Promise<IMembership> {
      return insertNew(db.em(), Membership, row);
    },

    find(organizationId: string, userId: string): Promise<IMembership | null> {
      return db.em().findOne(Membership, { organizationId, userId }, fresh);
    },

    /** The organizations a user belongs to, with the user's role in each, oldest first. */
    async organizationsOf(userId: string): Promise<{ organization: IOrganization; role: Role }[]> {
      const em = db.em();
      const memberships = await em.find(Membership, { userId }, { ...fresh, orderBy: { createdAt: 'asc' } });
      if (memberships.length === 0) return [];
      const orgs = await em.find(Organization, { id: { $in: memberships.map((m) => m.organizationId) } }, fresh);
      const byId = new Map(orgs.map((o) => [o.id, o]));
      return memberships.flatMap((m) => {
        const organization = byId.get(m.organizationId);
        return organization ? [{ organization, role: m.role }] : [];
      });
    },

    /** Members of an organization with their user rows, oldest first. */
    async membersOf(organizationId: string): Promise<{ membership: IMembership; user: IUser }[]> {
      const em = db.em();
      const memberships = await em.find(Membership, { organizationId }, { ...fresh, orderBy: { createdAt: 'asc' } });
      if (memberships.length === 0) return [];
      const users = await em.find(User, { id: { $in: memberships.map((m) => m.userId) } }, fresh);
      const byId = new Map(users.map((u) => [u.id, u]));
      return memberships.flatMap((membership) => {
        const user = byId.get(membership.userId);
        return user ? [{ membership, user }] : [];
      });
    },

    /** Sets a member's role; refused ('last-owner') when it would demote the last owner. */
    updateRoleKeepingAnOwner(organizationId: string, userId: string, role: Role): Promise<OwnerGuardedOutcome> {
      const change = (tx: EntityManager) => tx.nativeUpdate(Membership, { organizationId, userId }, { role });
      return role === 'owner'
        ? db.transaction(async (tx) => ((await change(tx)) === 1 ? 'done' : 'missing'))
        : keepingAnOwner(organizationId, userId, change);
    },

    /** Removes a member; refused ('last-owner') for the last owner. */
    deleteKeepingAnOwner(organizationId: string, userId: string): Promise<OwnerGuardedOutcome> {
      return keepingAnOwner(organizationId, userId, (tx) => tx.nativeDelete(Membership, { organizationId, userId }));
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
