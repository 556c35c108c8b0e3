/**
 * The compat mount's view of the webhook subscriptions table: only `composio`-scheme rows (a
 * native, Standard Webhooks subscription is not found here, so core's setWebhookSubscription,
 * which updates the first subscription listed, never converts one). Same rows, same vault secrets
 * and the same rules as the native routes: the secret is shown on create and rotate only; after a
 * rotation the previous one keeps signing for the grace period; re-enabling clears the disabling.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { IWebhookSubscription } from '../db/entities/index.js';
import type { ComposioWebhookVersion } from '../db/entities/webhook-subscription.js';
import type { Db } from '../db/fork-per-call.js';
import type { WebhookSubscriptionRepository } from '../db/repositories/webhook-subscription-repository.js';
import { notFound } from '../errors.js';
import { newOrderedId } from '../ids.js';
import type { Clock } from '../clock.js';
import type { WebhookSecrets } from '../events/webhook-secrets.js';
import { checkWebhookUrl, type createWebhookService } from '../events/webhook-service.js';
import type { Ownership } from '../tenancy/ownership.js';

/** A subscription as the compat mount reads it (dates as ISO strings). */
export interface CompatSubscription {
  id: string;
  url: string;
  eventTypes: string[] | null;
  enabled: boolean;
  version: ComposioWebhookVersion | null;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A project's subscriptions are few; the compat list reads them in one page of this size. */
const MAX_LISTED = 1000;

function view(s: IWebhookSubscription): CompatSubscription {
  return {
    id: s.id,
    url: s.url,
    eventTypes: s.eventTypes ? [...s.eventTypes] : null,
    enabled: s.enabled,
    version: s.version ?? null,
    disabledReason: s.disabledReason ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function createCompatWebhookStore(deps: {
  /** 403 for another project's resource, 404 for none (src/tenancy/ownership.ts). */
  ownership: Ownership;
  db: Db;
  subscriptions: WebhookSubscriptionRepository;
  secrets: WebhookSecrets;
  /** The native service: deleting and rotating are the same there, once the scheme is checked. */
  webhooks: Pick<ReturnType<typeof createWebhookService>, 'remove' | 'rotateSecret'>;
  clock: Clock;
}) {
  const { db, subscriptions, secrets, webhooks, clock } = deps;

  async function load(projectId: string, id: string, em?: EntityManager): Promise<IWebhookSubscription> {
    const row = await subscriptions.findInProject(projectId, id, em);
    if (!row) throw await deps.ownership.refusal(projectId, 'webhook_subscription', id, `Webhook subscription ${id} not found`);
    if (row.scheme !== 'composio') throw notFound(`Webhook subscription ${id} not found`);
    return row;
  }

  return {
    async create(
      projectId: string,
      input: { url: string; eventTypes: string[]; version: ComposioWebhookVersion },
    ): Promise<{ subscription: CompatSubscription; secret: string }> {
      const url = checkWebhookUrl(input.url, 'webhook_url');
      // Ordered ids, as the native API makes them: lists page by (created_at, id).
      const id = newOrderedId('whs', clock.now());
      return db.transaction(async (tx) => {
        const { secretId, secret } = await secrets.create(id, 'composio', tx);
        const row = await subscriptions.insert(
          {
            id,
            projectId,
            url,
            eventTypes: input.eventTypes,
            enabled: true,
            scheme: 'composio',
            version: input.version,
            secretId,
            previousSecretId: null,
            previousSecretExpiresAt: null,
            disabledAt: null,
            disabledReason: null,
          },
          tx,
        );
        return { subscription: view(row), secret };
      });
    },

    /** Oldest first: the SDK updates the first one listed, which stays the same one. */
    async listAll(projectId: string): Promise<CompatSubscription[]> {
      const rows = await subscriptions.list(projectId, MAX_LISTED);
      return rows
        .filter((s) => s.scheme === 'composio')
        .reverse()
        .map(view);
    },

    async get(projectId: string, id: string): Promise<CompatSubscription> {
      return view(await load(projectId, id));
    },

    async update(
      projectId: string,
      id: string,
      changes: { url?: string; eventTypes?: string[]; version?: ComposioWebhookVersion; enabled?: boolean },
    ): Promise<CompatSubscription> {
      const url = changes.url === undefined ? undefined : checkWebhookUrl(changes.url, 'webhook_url');
      return db.transaction(async (tx) => {
        const current = await load(projectId, id, tx);
        const reenabled = changes.enabled === true && !current.enabled;
        await subscriptions.update(
          projectId,
          id,
          {
            ...(url !== undefined ? { url } : {}),
            ...(changes.eventTypes !== undefined ? { eventTypes: changes.eventTypes } : {}),
            ...(changes.version !== undefined ? { version: changes.version } : {}),
            ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
            ...(reenabled ? { disabledAt: null, disabledReason: null } : {}),
          },
          tx,
        );
        return view(await load(projectId, id, tx));
      });
    },

    async remove(projectId: string, id: string): Promise<void> {
      await load(projectId, id);
      await webhooks.remove(projectId, id);
    },

    async rotateSecret(projectId: string, id: string): Promise<{ secret: string }> {
      await load(projectId, id);
      return webhooks.rotateSecret(projectId, id);
    },
  };
}

export type CompatWebhookStore = ReturnType<typeof createCompatWebhookStore>;
