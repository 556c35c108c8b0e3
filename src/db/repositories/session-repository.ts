/** Console sessions: looked up by the sha256 of the cookie's token, never by the token itself. */
import { Session, type ISession } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export function createSessionRepository(db: Db) {
  return {
    insert(row: Omit<ISession, 'createdAt'>): Promise<ISession> {
      return insertNew(db.em(), Session, row);
    },

    findByTokenHash(tokenHash: string): Promise<ISession | null> {
      return db.em().findOne(Session, { tokenHash }, fresh);
    },

    async touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.em().nativeUpdate(Session, { id }, { lastSeenAt, expiresAt });
    },

    async revoke(id: string, at: Date): Promise<boolean> {
      return (await db.em().nativeUpdate(Session, { id, revokedAt: null }, { revokedAt: at })) === 1;
    },

    /** Every live session of a user but `exceptId` (for example after a password change); returns how many. */
    revokeAllForUser(userId: string, at: Date, exceptId?: string): Promise<number> {
      const others = exceptId === undefined ? {} : { id: { $ne: exceptId } };
      return db.em().nativeUpdate(Session, { userId, revokedAt: null, ...others }, { revokedAt: at });
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
