/**
 * What the delivery worker reads about the queue beyond claiming it: its depth and oldest waiting
 * delivery (/metrics), and since when a subscription has been failing (disabling it).
 */
import { WebhookAttempt, WebhookDelivery } from '../entities/index.js';
import type { Db } from '../fork-per-call.js';

export function createWebhookQueueStats(db: Db) {
  return {
    /** Pending deliveries and the creation time of the oldest one (written with its event). */
    async queueState(): Promise<{ pending: number; oldestPendingEventAt: number | undefined }> {
      const em = db.em();
      const [pending, oldest] = await Promise.all([
        em.count(WebhookDelivery, { status: 'pending' }),
        em.findOne(WebhookDelivery, { status: 'pending' }, { orderBy: { createdAt: 'asc' }, fields: ['createdAt'] }),
      ]);
      return { pending, oldestPendingEventAt: oldest?.createdAt.getTime() };
    },

    /**
     * The start of the subscription's first attempt after its last successful one (or its first
     * attempt ever): it has failed without a success since then. Undefined when its last attempt succeeded.
     */
    async failingSince(subscriptionId: string): Promise<Date | undefined> {
      const em = db.em();
      const lastSuccess = await em.findOne(
        WebhookAttempt,
        { subscriptionId, outcome: 'succeeded' },
        { orderBy: { startedAt: 'desc' }, fields: ['startedAt'] },
      );
      const firstFailure = await em.findOne(
        WebhookAttempt,
        { subscriptionId, outcome: { $ne: 'succeeded' }, ...(lastSuccess ? { startedAt: { $gt: lastSuccess.startedAt } } : {}) },
        { orderBy: { startedAt: 'asc' }, fields: ['startedAt'] },
      );
      return firstFailure?.startedAt;
    },
  };
}

export type WebhookQueueStats = ReturnType<typeof createWebhookQueueStats>;
