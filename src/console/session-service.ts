/**
 * Console sessions. The cookie holds a random token; the database holds only its sha256, the user,
 * the CSRF token and the lifetimes. Every console request reads the session row, so a sign-out or
 * revocation takes effect at once on every instance. Sliding expiry: each use (at most once a
 * minute, to spare writes) moves `expiresAt` to now + idle timeout, never past the absolute age.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ISession } from '../db/entities/index.js';
import type { SessionRepository } from '../db/repositories/session-repository.js';
import type { ConsoleConfig } from '../config.js';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';

const TOUCH_RESOLUTION_MS = 60_000;

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export interface LiveSession {
  id: string;
  userId: string;
  csrfToken: string;
  expiresAt: Date;
}

const live = (s: ISession): LiveSession => ({ id: s.id, userId: s.userId, csrfToken: s.csrfToken, expiresAt: s.expiresAt });

export function createSessionService(deps: {
  sessions: SessionRepository;
  config: Pick<ConsoleConfig, 'sessionIdleMs' | 'sessionMaxAgeMs'>;
  clock: Clock;
}) {
  const { sessions, config, clock } = deps;
  return {
    /** Opens a session; the token goes in the cookie and is never stored or shown again. */
    async create(userId: string, meta: SessionMeta = {}): Promise<{ token: string; session: LiveSession }> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const absolute = new Date(now + config.sessionMaxAgeMs);
      const row = await sessions.insert({
        id: newId('ses'),
        userId,
        tokenHash: sha256(token),
        csrfToken: randomBytes(24).toString('base64url'),
        ip: meta.ip?.slice(0, 100) ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        lastSeenAt: new Date(now),
        expiresAt: new Date(Math.min(now + config.sessionIdleMs, absolute.getTime())),
        absoluteExpiresAt: absolute,
        revokedAt: null,
      });
      return { token, session: live(row) };
    },

    /** The live session a cookie token names, slid forward; undefined when unknown, expired or revoked. */
    async authenticate(token: string): Promise<LiveSession | undefined> {
      if (token.length > 100) return undefined;
      const row = await sessions.findByTokenHash(sha256(token));
      const now = clock.now();
      if (!row || row.revokedAt || row.expiresAt.getTime() <= now) return undefined;
      if (now - row.lastSeenAt.getTime() >= TOUCH_RESOLUTION_MS) {
        const expiresAt = new Date(Math.min(now + config.sessionIdleMs, row.absoluteExpiresAt.getTime()));
        await sessions.touch(row.id, new Date(now), expiresAt);
        row.expiresAt = expiresAt;
      }
      return live(row);
    },

    revoke: (id: string): Promise<boolean> => sessions.revoke(id, new Date(clock.now())),
    revokeAllForUser: (userId: string): Promise<number> => sessions.revokeAllForUser(userId, new Date(clock.now())),
  };
}
