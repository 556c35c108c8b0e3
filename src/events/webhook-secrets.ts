/**
 * Webhook signing secrets: made here, sealed in the vault (owner `webhook_subscription`, one
 * secret per id), shown to the caller only when created or rotated. After a rotation the previous
 * secret keeps signing (a second signature on each delivery) for a grace period, so a receiver
 * can switch secrets without rejecting deliveries in between.
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../clock.js';
import type { IWebhookSubscription, WebhookScheme } from '../db/entities/index.js';
import { newId } from '../ids.js';
import type { SecretName, VaultService } from '../vault/vault-service.js';

/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

type SecretId = `whk_${string}`;

/**
 * Standard Webhooks secrets are `whsec_` + base64 of the key bytes. Composio's SDK keys its HMAC
 * with the secret's UTF-8 bytes, so any random string does; base64url keeps it copy-safe.
 */
export function generateSigningSecret(scheme: WebhookScheme): string {
  const bytes = randomBytes(24);
  return scheme === 'standard' ? `whsec_${bytes.toString('base64')}` : bytes.toString('base64url');
}

export function createWebhookSecrets(deps: { vault: VaultService; clock: Clock }) {
  const { vault, clock } = deps;
  const ref = (subscriptionId: string, secretId: string) => ({
    ownerType: 'webhook_subscription' as const,
    ownerId: subscriptionId,
    name: secretId as SecretName,
  });

  async function store(subscriptionId: string, scheme: WebhookScheme, em?: EntityManager): Promise<{ secretId: string; secret: string }> {
    const secretId = newId('whk') as SecretId;
    const secret = generateSigningSecret(scheme);
    await vault.put(ref(subscriptionId, secretId), { secret }, em);
    return { secretId, secret };
  }

  async function read(subscriptionId: string, secretId: string, em?: EntityManager): Promise<string | undefined> {
    return (await vault.get<{ secret: string }>(ref(subscriptionId, secretId), em))?.value.secret;
  }

  return {
    /** A new subscription's first secret. Pass the transaction that inserts the subscription. */
    create: store,

    /**
     * A new current secret; the current one becomes the previous until the grace period ends,
     * and the one it replaces (if any) is destroyed. Returns the columns to store and the new
     * secret (to show once).
     */
    async rotate(
      subscription: Pick<IWebhookSubscription, 'id' | 'scheme' | 'secretId' | 'previousSecretId'>,
      em?: EntityManager,
    ): Promise<{ secret: string; changes: Pick<IWebhookSubscription, 'secretId' | 'previousSecretId' | 'previousSecretExpiresAt'> }> {
      if (subscription.previousSecretId) await vault.destroy(ref(subscription.id, subscription.previousSecretId), em);
      const { secretId, secret } = await store(subscription.id, subscription.scheme, em);
      return {
        secret,
        changes: {
          secretId,
          previousSecretId: subscription.secretId,
          previousSecretExpiresAt: new Date(clock.now() + PREVIOUS_SECRET_GRACE_MS),
        },
      };
    },

    /** The secrets a delivery is signed with now: the current one, then the previous one while its grace period lasts. */
    async signingSecrets(
      subscription: Pick<IWebhookSubscription, 'id' | 'secretId' | 'previousSecretId' | 'previousSecretExpiresAt'>,
    ): Promise<string[]> {
      const current = await read(subscription.id, subscription.secretId);
      if (current === undefined) throw new Error(`Webhook subscription ${subscription.id} has no signing secret in the vault`);
      const previousLive =
        subscription.previousSecretId &&
        subscription.previousSecretExpiresAt &&
        subscription.previousSecretExpiresAt.getTime() > clock.now();
      const previous = previousLive ? await read(subscription.id, subscription.previousSecretId!) : undefined;
      return previous === undefined ? [current] : [current, previous];
    },

    /** Every secret of a deleted subscription. */
    async destroyAll(subscriptionId: string, em?: EntityManager): Promise<void> {
      await vault.destroy({ ownerType: 'webhook_subscription', ownerId: subscriptionId }, em);
    },
  };
}

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
