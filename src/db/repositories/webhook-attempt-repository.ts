/** `webhook_attempts`: every HTTP attempt of a delivery (written by the delivery repository's finish), listed per subscription. */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { WebhookAttempt, WebhookDelivery, type IWebhookAttempt } from '../entities/index.js';
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

    /**
     * Retention: the attempts of these events, found through their deliveries (both lookups by
     * index; webhook_attempts keeps no event_id index, which every attempt written would pay for).
     */
    async deleteForEvents(eventIds: string[], em: EntityManager = db.em()): Promise<number> {
      if (eventIds.length === 0) return 0;
      const deliveries = await em.find(WebhookDelivery, { eventId: { $in: eventIds } }, { ...fresh, fields: ['id'] });
      let deleted = 0;
      // A batch of events may have many deliveries each: bounded lists of bound parameters.
      for (let i = 0; i < deliveries.length; i += 1000)
        deleted += await em.nativeDelete(WebhookAttempt, { deliveryId: { $in: deliveries.slice(i, i + 1000).map((d) => d.id) } });
      return deleted;
    },
  };
}

export type WebhookAttemptRepository = ReturnType<typeof createWebhookAttemptRepository>;
