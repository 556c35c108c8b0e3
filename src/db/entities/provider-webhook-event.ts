import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The inbox of provider webhooks (src/triggers/ingress/): one row per accepted provider event,
 * written only after its request's signature verified. The unique key is the provider's own event
 * id per toolkit and app (`source`: `managed` or the custom app's auth config id), so a retry the
 * provider sends again, to any broker instance, inserts nothing.
 */
export const ProviderWebhookEvent = defineEntity({
  name: 'ProviderWebhookEvent',
  tableName: 'provider_webhook_events',
  uniques: [{ properties: ['toolkitSlug', 'source', 'providerEventId'] }],
  // Routing's pending scan (oldest first) and a retention sweep by age.
  indexes: [{ properties: ['processedAt', 'receivedAt'] }, { properties: ['receivedAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    toolkitSlug: p.string().length(100),
    /** Which app signed it: `managed` (the platform's OAuth client) or a custom app's auth config id. */
    source: p.string().length(40),
    providerEventId: p.string().length(100),
    /** The provider account the event happened in (HubSpot's portalId). */
    accountId: p.string().length(100),
    subscriptionType: p.string().length(100),
    objectId: p.string().length(100),
    propertyName: p.string().length(200).nullable(),
    propertyValue: p.text().nullable(),
    occurredAt: p.datetime(),
    /** The connections of that account when it arrived, in any project (routing's input). */
    connectionIds: p.json<string[]>(),
    /** The event as the provider sent it. */
    payload: p.json<Record<string, unknown>>(),
    receivedAt: p.datetime(),
    /** When routing to trigger instances finished; null while pending (a crash between commit and routing leaves it here). */
    processedAt: p.datetime().nullable(),
  },
});
export type IProviderWebhookEvent = InferEntity<typeof ProviderWebhookEvent>;
