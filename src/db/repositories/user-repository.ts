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
    async insertUser(row: Omit<IUser, 'createdAt' | 'passwordResetTokenHash' | 'passwordResetExpiresAt'>): Promise<IUser | null> {
      try {
        return await insertNew(db.em(), User, { passwordResetTokenHash: null, passwordResetExpiresAt: null, ...row });
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

    /** Replaces the user's pending password-reset token (only its sha256 is stored). */
    async setPasswordReset(id: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.em().nativeUpdate(User, { id }, { passwordResetTokenHash: tokenHash, passwordResetExpiresAt: expiresAt });
    },

    /**
     * Spends a password-reset token: sets the new password hash and clears the token in one
     * conditional update, so of two concurrent uses exactly one wins. The user's id, or null when
     * the token is unknown, already used or expired.
     */
    async consumePasswordReset(tokenHash: string, now: Date, passwordHash: string): Promise<string | null> {
      const user = await db.em().findOne(User, { passwordResetTokenHash: tokenHash }, fresh);
      if (!user) return null;
      const changed = await db
        .em()
        .nativeUpdate(
          User,
          { id: user.id, passwordResetTokenHash: tokenHash, passwordResetExpiresAt: { $gt: now } },
          { passwordHash, passwordResetTokenHash: null, passwordResetExpiresAt: null },
        );
      return changed === 1 ? user.id : null;
    },

    /** Sets a new password hash; a pending reset token stops working too. */
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.em().nativeUpdate(User, { id }, { passwordHash, passwordResetTokenHash: null, passwordResetExpiresAt: null });
    },

    countUsers(): Promise<number> {
      return db.em().count(User, {});
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
