/**
 * `webhook_deliveries`, the delivery queue (issue 28): one row per event and subscription,
 * written with the event (the outbox) and claimed by the delivery workers of every instance.
 * A claim is a lease: the row is the claimer's until `leaseExpiresAt`, after which a crashed
 * worker's row is due again. Finishing an attempt writes the row's new state and the attempt's
 * record in one transaction.
 */
import { LockMode, raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { WebhookAttempt, WebhookDelivery, type IWebhookAttempt, type IWebhookDelivery } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export type NewWebhookDelivery = Pick<IWebhookDelivery, 'id' | 'projectId' | 'subscriptionId' | 'eventId' | 'nextAttemptAt'>;
export type NewWebhookAttempt = Omit<IWebhookAttempt, 'deliveryId' | 'subscriptionId' | 'eventId' | 'outcome'>;

/** What a finished attempt reports about the receiver's answer. */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
}

const dueWhere = (now: Date): FilterQuery<IWebhookDelivery> => ({
  status: 'pending',
  nextAttemptAt: { $lte: now },
  $or: [{ leaseExpiresAt: null }, { leaseExpiresAt: { $lte: now } }],
});

export function createWebhookDeliveryRepository(db: Db) {
  /** Writes the delivery's new state (only while still pending) and the attempt's record, together. */
  async function finish(
    delivery: Pick<IWebhookDelivery, 'id' | 'subscriptionId' | 'eventId'>,
    changes: Partial<IWebhookDelivery>,
    attempt: NewWebhookAttempt & { outcome: IWebhookAttempt['outcome'] },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await tx.nativeUpdate(
        WebhookDelivery,
        { id: delivery.id, status: 'pending' },
        { ...changes, leaseExpiresAt: null, updatedAt: new Date() },
      );
      await tx.insert(WebhookAttempt, {
        ...attempt,
        deliveryId: delivery.id,
        subscriptionId: delivery.subscriptionId,
        eventId: delivery.eventId,
        responseExcerpt: attempt.responseExcerpt?.slice(0, 1000) ?? null,
        error: attempt.error?.slice(0, 1000) ?? null,
      });
      return changed === 1;
    });
  }

  return {
    /** The fan-out of one event, in the recorder's transaction. */
    async insertMany(rows: NewWebhookDelivery[], em: EntityManager = db.em()): Promise<void> {
      if (rows.length === 0) return;
      const now = new Date();
      await em.insertMany(
        WebhookDelivery,
        rows.map((r) => ({ ...r, status: 'pending' as const, attempts: 0, createdAt: now, updatedAt: now })),
      );
    },

    findById(id: string, em: EntityManager = db.em()): Promise<IWebhookDelivery | null> {
      return em.findOne(WebhookDelivery, { id }, fresh);
    },

    /** An event's delivery rows (optionally one subscription's). */
    forEvent(eventId: string, subscriptionId?: string, em: EntityManager = db.em()): Promise<IWebhookDelivery[]> {
      return em.find(WebhookDelivery, { eventId, ...(subscriptionId ? { subscriptionId } : {}) }, fresh);
    },

    /**
     * Claims up to `limit` due deliveries, oldest due first: each gets a lease until now + leaseMs
     * and its attempt count goes up by one (the attempt about to be made). On PostgreSQL, rows
     * another instance is claiming are skipped (FOR UPDATE SKIP LOCKED); SQLite has one writer.
     * Returns the claimed rows as they are after the claim.
     */
    claimDue(limit: number, leaseMs: number, now: Date): Promise<IWebhookDelivery[]> {
      return db.transaction(async (tx) => {
        const due = await tx.find(WebhookDelivery, dueWhere(now), {
          ...fresh,
          orderBy: { nextAttemptAt: 'asc', id: 'asc' },
          limit,
          ...(db.isPostgres ? { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE } : {}),
        });
        if (due.length === 0) return [];
        const leaseExpiresAt = new Date(now.getTime() + leaseMs);
        const updatedAt = new Date();
        await tx.nativeUpdate(
          WebhookDelivery,
          { id: { $in: due.map((d) => d.id) } },
          { leaseExpiresAt, attempts: raw('attempts + 1'), updatedAt },
        );
        return due.map((d) => ({ ...d, leaseExpiresAt, attempts: d.attempts + 1, updatedAt }));
      });
    },

    /** The receiver accepted it. False when the row was no longer pending (nothing changed but the attempt's record). */
    complete(delivery: IWebhookDelivery, result: AttemptResult, attempt: NewWebhookAttempt): Promise<boolean> {
      return finish(
        delivery,
        { status: 'succeeded', nextAttemptAt: null, lastStatusCode: result.statusCode, lastError: null, deliveredAt: attempt.startedAt },
        { ...attempt, outcome: 'succeeded' },
      );
    },

    /** Failed this time; due again at `nextAttemptAt`. */
    scheduleRetry(delivery: IWebhookDelivery, nextAttemptAt: Date, result: AttemptResult, attempt: NewWebhookAttempt): Promise<boolean> {
      return finish(
        delivery,
        { nextAttemptAt, lastStatusCode: result.statusCode, lastError: result.error?.slice(0, 1000) ?? null },
        { ...attempt, outcome: 'retrying' },
      );
    },

    /** Failed for good (a 4xx that is not retried, or the last attempt of the schedule). */
    giveUp(delivery: IWebhookDelivery, result: AttemptResult, attempt: NewWebhookAttempt): Promise<boolean> {
      return finish(
        delivery,
        { status: 'failed', nextAttemptAt: null, lastStatusCode: result.statusCode, lastError: result.error?.slice(0, 1000) ?? null },
        { ...attempt, outcome: 'failed' },
      );
    },

    /**
     * Redelivery: the event's rows for these subscriptions are due again at `now` (whatever their
     * status), keeping their ids (the `webhook-id` receivers deduplicate on); a subscription with
     * no row yet gets one. Returns the rows' ids.
     */
    async requeue(event: { id: string; projectId: string }, subscriptionIds: string[], now: Date, newId: () => string): Promise<string[]> {
      if (subscriptionIds.length === 0) return [];
      return db.transaction(async (tx) => {
        const existing = await tx.find(WebhookDelivery, { eventId: event.id, subscriptionId: { $in: subscriptionIds } }, fresh);
        if (existing.length > 0) {
          await tx.nativeUpdate(
            WebhookDelivery,
            { id: { $in: existing.map((d) => d.id) } },
            { status: 'pending', nextAttemptAt: now, leaseExpiresAt: null, updatedAt: new Date() },
          );
        }
        const have = new Set(existing.map((d) => d.subscriptionId));
        const missing = subscriptionIds.filter((s) => !have.has(s));
        const created = missing.map((subscriptionId) => ({
          id: newId(),
          projectId: event.projectId,
          subscriptionId,
          eventId: event.id,
          nextAttemptAt: now,
        }));
        if (created.length > 0) {
          const at = new Date();
          await tx.insertMany(
            WebhookDelivery,
            created.map((r) => ({ ...r, status: 'pending' as const, attempts: 0, createdAt: at, updatedAt: at })),
          );
        }
        return [...existing.map((d) => d.id), ...created.map((d) => d.id)];
      });
    },

    /** Pending deliveries of a subscription (e.g. none go out to a deleted one). */
    deleteForSubscription(subscriptionId: string, em: EntityManager = db.em()): Promise<number> {
      return em.nativeDelete(WebhookDelivery, { subscriptionId });
    },

    /** Retention: the rows of these events. */
    deleteForEvents(eventIds: string[], em: EntityManager = db.em()): Promise<number> {
      if (eventIds.length === 0) return Promise.resolve(0);
      return em.nativeDelete(WebhookDelivery, { eventId: { $in: eventIds } });
    },
  };
}

export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>;
