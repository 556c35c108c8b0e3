/** Console users and their memberships (a user's role in each organization). */
import { Membership, Organization, User, type IMembership, type IOrganization, type IUser } from '../entities/index.js';
import { fresh, type Db } from '../unit-of-work.js';

export type Role = IMembership['role'];

export function createUserRepository(db: Db) {
  return {
    async insertUser(row: Omit<IUser, 'createdAt'>): Promise<IUser> {
      const em = db.em();
      const user = em.create(User, row);
      await em.flush();
      return user;
    },

    findUserByEmail(email: string): Promise<IUser | null> {
      return db.em().findOne(User, { email }, fresh);
    },

    findUser(id: string): Promise<IUser | null> {
      return db.em().findOne(User, { id }, fresh);
    },

    countUsers(): Promise<number> {
      return db.em().count(User, {});
    },

    async insertMembership(row: Omit<IMembership, 'createdAt'>): Promise<IMembership> {
      const em = db.em();
      const membership = em.create(Membership, row);
      await em.flush();
      return membership;
    },

    findMembership(organizationId: string, userId: string): Promise<IMembership | null> {
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

    async updateRole(organizationId: string, userId: string, role: Role): Promise<boolean> {
      return (await db.em().nativeUpdate(Membership, { organizationId, userId }, { role })) === 1;
    },

    async deleteMembership(organizationId: string, userId: string): Promise<boolean> {
      return (await db.em().nativeDelete(Membership, { organizationId, userId })) === 1;
    },

    countOwners(organizationId: string): Promise<number> {
      return db.em().count(Membership, { organizationId, role: 'owner' });
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
