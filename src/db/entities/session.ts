import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A signed-in console session. The cookie carries a random token; only its sha256 is stored, so a
 * database dump cannot be replayed as a session. Sliding: `expiresAt` moves forward with use, never
 * past `absoluteExpiresAt`.
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  indexes: [{ properties: ['userId'] }],
  properties: {
    id: p.string().length(40).primary(),
    userId: p.string().length(40),
    tokenHash: p.string().length(64).unique(),
    /** Sent back in x-csrf-token on state-changing requests (not a credential on its own). */
    csrfToken: p.string().length(64),
    ip: p.string().length(100).nullable(),
    userAgent: p.string().length(300).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime(),
    absoluteExpiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export type ISession = InferEntity<typeof Session>;
