/**
 * Every query on `idempotency_keys` (src/idempotency/idempotency-service.ts). Each statement
 * decides on its own, so any number of instances may send the same key at once: the unique
 * (project, key) insert picks the one that acts, and a take-over of an expired row is one
 * conditional UPDATE.
 */
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { IdempotencyKey, type IIdempotencyKey } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export interface IdempotencyClaim {
  id: string;
  projectId: string;
  key: string;
  fingerprint: string;
  claimToken: string;
  lockedUntil: Date;
  createdAt: Date;
  expiresAt: Date;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** Rows removed per statement of the sweep, so one sweep never holds a long lock. */
const SWEEP_BATCH = 1000;

export function createIdempotencyKeyRepository(db: Db) {
  return {
    /**
     * Inserts the claim unless the project already has a row for the key, then reads the row that
     * holds the key now: ours when `claimToken` is the claim's.
     */
    async insertOrGet(claim: IdempotencyClaim): Promise<IIdempotencyKey> {
      await (db.em() as SqlEntityManager)
        .createQueryBuilder(IdempotencyKey)
        .insert({ ...claim, completedAt: null, responseStatus: null, responseContentType: null, responseBody: null })
        .onConflict(['projectId', 'key'])
        .ignore()
        .execute();
      const row = await db.em().findOne(IdempotencyKey, { projectId: claim.projectId, key: claim.key }, fresh);
      // Only a sweep between the two statements removes it: the caller sees a free key and retries.
      if (!row) throw new Error('idempotency key row vanished between insert and read');
      return row;
    },

    /**
     * Takes over a row whose claim lapsed (expired, or in flight past its lock): only while it is
     * still the row `previousToken` names and still lapsed, so of several instances one wins.
     */
    async takeOver(previousToken: string, claim: IdempotencyClaim, now: Date): Promise<boolean> {
      const changed = await db.em().nativeUpdate(
        IdempotencyKey,
        {
          projectId: claim.projectId,
          key: claim.key,
          claimToken: previousToken,
          $or: [{ expiresAt: { $lte: now } }, { completedAt: null, lockedUntil: { $lte: now } }],
        },
        {
          fingerprint: claim.fingerprint,
          claimToken: claim.claimToken,
          lockedUntil: claim.lockedUntil,
          createdAt: claim.createdAt,
          expiresAt: claim.expiresAt,
          completedAt: null,
          responseStatus: null,
          responseContentType: null,
          responseBody: null,
        },
      );
      return changed === 1;
    },

    /** Stores the first answer, while the claim still holds the row. */
    async complete(claimToken: string, answer: StoredAnswer, now: Date): Promise<boolean> {
      const changed = await db
        .em()
        .nativeUpdate(
          IdempotencyKey,
          { claimToken, completedAt: null },
          { completedAt: now, responseStatus: answer.status, responseContentType: answer.contentType, responseBody: answer.body },
        );
      return changed === 1;
    },

    /** Frees the key (the request failed before or without acting), while the claim still holds it. */
    async release(claimToken: string): Promise<void> {
      await db.em().nativeDelete(IdempotencyKey, { claimToken, completedAt: null });
    },

    find(projectId: string, key: string): Promise<IIdempotencyKey | null> {
      return db.em().findOne(IdempotencyKey, { projectId, key }, fresh);
    },

    /** Deletes the rows expired at `now`, in batches; returns how many. */
    async sweepExpired(now: Date): Promise<number> {
      let removed = 0;
      for (;;) {
        const batch = await db.em().find(IdempotencyKey, { expiresAt: { $lte: now } }, { fields: ['id'], limit: SWEEP_BATCH });
        if (batch.length === 0) return removed;
        removed += await db.em().nativeDelete(IdempotencyKey, { id: { $in: batch.map((r) => r.id) }, expiresAt: { $lte: now } });
        if (batch.length < SWEEP_BATCH) return removed;
      }
    },
  };
}

export type IdempotencyKeyRepository = ReturnType<typeof createIdempotencyKeyRepository>;
