import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WEBHOOK_SCHEMES = ['standard', 'composio'] as const;
export type WebhookScheme = (typeof WEBHOOK_SCHEMES)[number];
export const COMPOSIO_WEBHOOK_VERSIONS = ['V1', 'V2', 'V3'] as const;
export type ComposioWebhookVersion = (typeof COMPOSIO_WEBHOOK_VERSIONS)[number];

/**
 * Where a project wants its events sent. The signing secrets live in the vault (owner
 * `webhook_subscription`, name = the secret id); after a rotation the previous one keeps signing
 * until `previousSecretExpiresAt` so receivers can switch without dropping deliveries.
 */
export const WebhookSubscription = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'webhook_subscriptions',
  indexes: [{ properties: ['projectId', 'createdAt', 'id'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    url: p.string().length(2000),
    /** Null: every event type. */
    eventTypes: p.json<string[]>().nullable(),
    enabled: p.boolean().default(true),
    scheme: p.enum([...WEBHOOK_SCHEMES]),
    /** Composio payload version (compat subscriptions); null for the standard scheme. */
    version: p.enum([...COMPOSIO_WEBHOOK_VERSIONS]).nullable(),
    secretId: p.string().length(40),
    previousSecretId: p.string().length(40).nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    disabledAt: p.datetime().nullable(),
    disabledReason: p.string().length(1000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IWebhookSubscription = InferEntity<typeof WebhookSubscription>;
