/** `webhook_attempts`: every HTTP attempt of a delivery (written by the delivery repository's finish), listed per subscription. */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { WebhookAttempt, type IWebhookAttempt } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';
import type { Position } from './event-repository.js';

export function createWebhookAttemptRepository(db: Db) {
  return {
    /** A subscription's attempts, newest first; `cursor` is the (startedAt, id) of the previous page's last. */
    listForSubscription(subscriptionId: string, limit: number, cursor?: Position): Promise<IWebhookAttempt[]> {
      const where = {
        subscriptionId,
        ...(cursor ? { $or: [{ startedAt: { $lt: cursor.createdAt } }, { startedAt: cursor.createdAt, id: { $lt: cursor.id } }] } : {}),
      } as FilterQuery<IWebhookAttempt>;
      return db.em().find(WebhookAttempt, where, { ...fresh, orderBy: { startedAt: 'desc', id: 'desc' }, limit });
    },

    /** One delivery's attempts, in order. */
    forDelivery(deliveryId: string): Promise<IWebhookAttempt[]> {
      return db.em().find(WebhookAttempt, { deliveryId }, { ...fresh, orderBy: { attempt: 'asc', startedAt: 'asc' } });
    },

    deleteForSubscription(subscriptionId: string, em: EntityManager = db.em()): Promise<number> {
      return em.nativeDelete(WebhookAttempt, { subscriptionId });
    },

    /** Retention: the attempts of these events. */
    deleteForEvents(eventIds: string[], em: EntityManager = db.em()): Promise<number> {
      if (eventIds.length === 0) return Promise.resolve(0);
      return em.nativeDelete(WebhookAttempt, { eventId: { $in: eventIds } });
    },
  };
}

export type WebhookAttemptRepository = ReturnType<typeof createWebhookAttemptRepository>;
