/** Console users (accounts). Their memberships are membership-repository.ts's (src/tenancy owns them). */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { User, type IUser } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export function createUserRepository(db: Db) {
  return {
    /**
     * The new user, or null when the email already has an account: the unique index decides, so of
     * concurrent sign-ups with one email exactly one wins. In a transaction, the caller must then
     * end it (on PostgreSQL it can run nothing more).
     */
    async insertUser(row: Omit<IUser, 'createdAt'>): Promise<IUser | null> {
      try {
        return await insertNew(db.em(), User, row);
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException) return null;
        throw err;
      }
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
