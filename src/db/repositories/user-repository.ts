/** Console users (accounts). Their memberships are membership-repository.ts's (src/tenancy owns them). */
import { User, type IUser } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export function createUserRepository(db: Db) {
  return {
    insertUser(row: Omit<IUser, 'createdAt'>): Promise<IUser> {
      return insertNew(db.em(), User, row);
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
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
