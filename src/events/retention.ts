/**
 * Retention of the event log (issue 28): events older than EVENT_RETENTION_DAYS go, with their
 * delivery rows and attempt records, in small batches (each its own transaction) so a large
 * backlog never holds a long transaction or SQLite's only connection. Run periodically, once
 * across instances, by src/events/jobs/ (the HEALTH helper's scheduler); safe to run concurrently.
 */
import type { Db } from '../db/fork-per-call.js';
import type { EventRepository } from '../db/repositories/event-repository.js';
import type { WebhookAttemptRepository } from '../db/repositories/webhook-attempt-repository.js';
import type { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  events: number;
  deliveries: number;
  attempts: number;
}

export function createEventRetention(deps: {
  db: Db;
  events: EventRepository;
  deliveries: WebhookDeliveryRepository;
  attempts: WebhookAttemptRepository;
  retentionDays: number;
}) {
  const { db, events, deliveries, attempts } = deps;
  return {
    /** Deletes what is older than the retention at `now`; returns how many rows of each went. */
    async sweepExpiredEvents(now: Date, batchSize = BATCH): Promise<SweepResult> {
      const cutoff = new Date(now.getTime() - deps.retentionDays * DAY_MS);
      const total: SweepResult = { events: 0, deliveries: 0, attempts: 0 };
      for (;;) {
        const ids = await events.idsCreatedBefore(cutoff, batchSize);
        if (ids.length === 0) break;
        await db.transaction(async (tx) => {
          total.attempts += await attempts.deleteForEvents(ids, tx);
          total.deliveries += await deliveries.deleteForEvents(ids, tx);
          total.events += await events.deleteByIds(ids, tx);
        });
        if (ids.length < batchSize) break;
      }
      return total;
    },
  };
}
