/**
 * `webhook_deliveries`, the delivery queue (issue 28): one row per event and subscription,
 * written with the event (the outbox) and claimed by the delivery workers of every instance.
 * A claim is a lease: the row is the claimer's until `leaseExpiresAt`, after which a crashed
 * worker's row is due again. Finishing an attempt writes the row's new state and the attempt's
 * record in one transaction. Claiming and finishing, which every delivery runs, are plain SQL
 * (webhook-delivery-queue.ts).
 */
import { raw, type EntityManager } from '@mikro-orm/core';
import { WebhookDelivery, type IWebhookDelivery } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export type NewWebhookDelivery = Pick<IWebhookDelivery, 'id' | 'projectId' | 'subscriptionId' | 'eventId' | 'nextAttemptAt'>;
import { createWebhookDeliveryQueue, type AttemptResult, type FinishedAttempt, type NewWebhookAttempt } from './webhook-delivery-queue.js';

export type { AttemptResult, FinishedAttempt, NewWebhookAttempt };

export function createWebhookDeliveryRepository(db: Db) {
  const queue = createWebhookDeliveryQueue(db);
  /** One finished attempt of a claimed delivery; false when the row was no longer the claim's (nothing changed but the attempt's record). */
  async function finishOne(
    delivery: IWebhookDelivery,
    outcome: FinishedAttempt['outcome'],
    result: AttemptResult,
    attempt: NewWebhookAttempt,
    nextAttemptAt?: Date,
  ): Promise<boolean> {
    const changed = await queue.finishAll([{ delivery, outcome, result, attempt, ...(nextAttemptAt ? { nextAttemptAt } : {}) }]);
    return changed.includes(delivery.id);
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

    claimDue: queue.claimDue,
    claimWithEvents: queue.claimWithEvents,

    /** Gives claimed rows back unsent (the claimer has enough of their subscription in flight): due again at once, attempt count restored. */
    async release(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .em()
        .nativeUpdate(
          WebhookDelivery,
          { id: { $in: ids }, status: 'pending' },
          { leaseExpiresAt: null, attempts: raw('attempts - 1'), updatedAt: new Date() },
        );
    },

    finishAll: queue.finishAll,
    renew: queue.renew,

    /** The receiver accepted it. False when the row was no longer the claim's (nothing changed but the attempt's record). */
    complete(delivery: IWebhookDelivery, result: AttemptResult, attempt: NewWebhookAttempt): Promise<boolean> {
      return finishOne(delivery, 'succeeded', result, attempt);
    },

    /** Failed this time; due again at `nextAttemptAt`. */
    scheduleRetry(delivery: IWebhookDelivery, nextAttemptAt: Date, result: AttemptResult, attempt: NewWebhookAttempt): Promise<boolean> {
      return finishOne(delivery, 'retrying', result, attempt, nextAttemptAt);
    },

    /** Failed for good (a 4xx that is not retried, or the last attempt of the schedule). */
    giveUp(delivery: IWebhookDelivery, result: AttemptResult, attempt: NewWebhookAttempt): Promise<boolean> {
      return finishOne(delivery, 'failed', result, attempt);
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
