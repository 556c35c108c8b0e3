import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One row per Idempotency-Key a project sent (src/idempotency/): claimed before the request acts,
 * then holding the first answer for 24 hours. Unique per (project, key), so two instances
 * receiving the same key at once race on one insert and exactly one acts. The request body is
 * never stored, only its fingerprint (a SHA-256).
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  uniques: [{ properties: ['projectId', 'key'] }],
  // The retention sweep deletes by age.
  indexes: [{ properties: ['expiresAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    key: p.string().length(255),
    /** SHA-256 (hex) of the method, the path and the canonical JSON body: what "the same request" means. */
    fingerprint: p.string().length(64),
    /** Which claim holds the row: a new one per take-over, so a claim that lost the row cannot write it. */
    claimToken: p.string().length(40),
    /** Until when an unfinished claim blocks the key (409); past it a crashed instance's claim is taken over. */
    lockedUntil: p.datetime(),
    /** Null while the request is in flight. */
    completedAt: p.datetime().nullable(),
    responseStatus: p.integer().nullable(),
    responseContentType: p.string().length(200).nullable(),
    /** The first answer's body as sent (JSON text). */
    responseBody: p.text().nullable(),
    createdAt: p.datetime(),
    /** 24 hours after the claim: the key is free again and the sweep removes the row. */
    expiresAt: p.datetime(),
  },
});
export type IIdempotencyKey = InferEntity<typeof IdempotencyKey>;
