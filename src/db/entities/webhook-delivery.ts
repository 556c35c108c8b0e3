import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * One event to one subscription: this table is the delivery queue. Its id is the `webhook-id`
 * header, the same on every attempt and redelivery so receivers can deduplicate. A worker holds a
 * row while `leaseExpiresAt` is in the future; a crashed worker's lease simply runs out.
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  uniques: [{ properties: ['eventId', 'subscriptionId'] }],
  indexes: [{ properties: ['status', 'nextAttemptAt'] }, { properties: ['subscriptionId', 'createdAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    subscriptionId: p.string().length(40),
    eventId: p.string().length(40),
    status: p.enum([...WEBHOOK_DELIVERY_STATUSES]),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable(),
    leaseExpiresAt: p.datetime().nullable(),
    lastStatusCode: p.integer().nullable(),
    lastError: p.string().length(1000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    deliveredAt: p.datetime().nullable(),
  },
});
export type IWebhookDelivery = InferEntity<typeof WebhookDelivery>;
