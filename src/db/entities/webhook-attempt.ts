import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WEBHOOK_ATTEMPT_OUTCOMES = ['succeeded', 'retrying', 'failed'] as const;

/** One HTTP attempt of a delivery, kept for the deliveries list (what the receiver answered, and when). */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  // The deliveries list per subscription (newest first), and a delivery's attempts (which the
  // retention sweep deletes by). No more: every attempt pays for each index as it is written
  // (docs/internals/performance.md#webhook-delivery).
  indexes: [{ properties: ['subscriptionId', 'startedAt', 'id'] }, { properties: ['deliveryId'] }],
  properties: {
    id: p.string().length(40).primary(),
    deliveryId: p.string().length(40),
    subscriptionId: p.string().length(40),
    eventId: p.string().length(40),
    /** 1-based, counting every attempt of the delivery including redeliveries. */
    attempt: p.integer(),
    startedAt: p.datetime(),
    durationMs: p.integer(),
    /** Null when no HTTP answer came (network error, timeout). */
    statusCode: p.integer().nullable(),
    responseExcerpt: p.string().length(1000).nullable(),
    error: p.string().length(1000).nullable(),
    outcome: p.enum([...WEBHOOK_ATTEMPT_OUTCOMES]),
  },
});
export type IWebhookAttempt = InferEntity<typeof WebhookAttempt>;
