/**
 * Webhook subscriptions and the event log as a project's API caller sees them (issue 28):
 * create (the signing secret shown once), list, read, change, delete, rotate the secret, the
 * delivery attempts, redeliver an event, send a test event, and the events list. Everything is
 * scoped to the caller's project: another project's ids are 404, as if they did not exist.
 */
import type { Clock } from '../clock.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../console/keyset-cursor.js';
import type { IEvent, IWebhookAttempt, IWebhookSubscription, WebhookScheme } from '../db/entities/index.js';
import type { ComposioWebhookVersion } from '../db/entities/webhook-subscription.js';
import type { Db } from '../db/fork-per-call.js';
import type { EventRepository } from '../db/repositories/event-repository.js';
import type { WebhookAttemptRepository } from '../db/repositories/webhook-attempt-repository.js';
import type { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery-repository.js';
import {
  subscribesTo,
  type WebhookSubscriptionChanges,
  type WebhookSubscriptionRepository,
} from '../db/repositories/webhook-subscription-repository.js';
import { badRequest } from '../errors.js';
import { newOrderedId } from '../ids.js';
import { TEXT_LIMITS } from '../schemas/common.js';
import type { WebhookAttemptView, WebhookSubscriptionView } from './api-schemas.js';
import type { EventRecorder } from './event-recorder.js';
import { EVENT_TYPE_NAMES, isEventType } from './event-types.js';
import { nativePayload, type NativeEventPayload } from './payloads.js';
import type { WebhookSecrets } from './webhook-secrets.js';
import type { Ownership } from '../tenancy/ownership.js';

export interface NewSubscriptionInput {
  url: string;
  eventTypes?: string[] | null;
  enabled?: boolean;
  /** The compat plane makes composio-scheme subscriptions; the native API standard ones. */
  scheme?: WebhookScheme;
  version?: ComposioWebhookVersion | null;
}

export interface SubscriptionChanges {
  url?: string;
  eventTypes?: string[] | null;
  enabled?: boolean;
  version?: ComposioWebhookVersion | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function subscriptionView(s: IWebhookSubscription): WebhookSubscriptionView {
  return {
    id: s.id,
    url: s.url,
    eventTypes: s.eventTypes ?? null,
    enabled: s.enabled,
    scheme: s.scheme,
    disabledAt: iso(s.disabledAt),
    disabledReason: s.disabledReason ?? null,
    previousSecretExpiresAt: iso(s.previousSecretExpiresAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** http or https, no user name or password in it (they would be sent to whoever the host is), within the column. */
export function checkWebhookUrl(url: string, field = 'url'): string {
  const fail = (message: string) => badRequest(`Invalid ${field}: ${message}`, { errors: [{ field, message }] });
  if (url.length > TEXT_LIMITS.url) throw fail(`at most ${TEXT_LIMITS.url} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail('not an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw fail('must be an http or https URL');
  if (parsed.username || parsed.password) throw fail('must not contain a user name or password');
  if (!parsed.hostname) throw fail('has no host');
  return url;
}

function checkEventTypes(types: string[] | null | undefined, field = 'eventTypes'): string[] | null {
  if (types === undefined || types === null) return null;
  const unknown = types.filter((t) => !isEventType(t));
  if (unknown.length > 0) {
    throw badRequest(`Unknown event type(s): ${unknown.join(', ')}; known: ${EVENT_TYPE_NAMES.join(', ')}`, {
      errors: unknown.map(() => ({ field, message: `unknown event type; one of ${EVENT_TYPE_NAMES.join(', ')}` })),
    });
  }
  if (types.length === 0)
    throw badRequest(`${field} is empty: omit it (or null) for every event type`, { errors: [{ field, message: 'empty' }] });
  return [...new Set(types)];
}

export function createWebhookService(deps: {
  /** 403 for another project's resource, 404 for none (src/tenancy/ownership.ts). */
  ownership: Ownership;
  db: Db;
  subscriptions: WebhookSubscriptionRepository;
  deliveries: WebhookDeliveryRepository;
  attempts: WebhookAttemptRepository;
  events: EventRepository;
  secrets: WebhookSecrets;
  recorder: Pick<EventRecorder, 'recordEvent' | 'wake'>;
  clock: Clock;
}) {
  const { db, subscriptions, deliveries, attempts, events, secrets, recorder, clock } = deps;

  async function load(projectId: string, id: string): Promise<IWebhookSubscription> {
    const found = await subscriptions.findInProject(projectId, id);
    if (!found) throw await deps.ownership.refusal(projectId, 'webhook_subscription', id, `Webhook subscription ${id} not found`);
    return found;
  }

  async function loadEvent(projectId: string, id: string): Promise<IEvent> {
    const found = await events.findInProject(projectId, id);
    if (!found) throw await deps.ownership.refusal(projectId, 'event', id, `Event ${id} not found`);
    return found;
  }

  const position = (cursor: string | undefined) => (cursor ? decodeKeysetCursor(cursor) : undefined);

  return {
    /** A new subscription and its signing secret (the only time the secret is returned). */
    async create(projectId: string, input: NewSubscriptionInput): Promise<{ subscription: IWebhookSubscription; secret: string }> {
      const url = checkWebhookUrl(input.url);
      const eventTypes = checkEventTypes(input.eventTypes);
      const scheme = input.scheme ?? 'standard';
      const id = newOrderedId('whs', clock.now());
      return db.transaction(async (tx) => {
        const { secretId, secret } = await secrets.create(id, scheme, tx);
        const subscription = await subscriptions.insert(
          {
            id,
            projectId,
            url,
            eventTypes,
            enabled: input.enabled ?? true,
            scheme,
            version: scheme === 'composio' ? (input.version ?? 'V3') : null,
            secretId,
            previousSecretId: null,
            previousSecretExpiresAt: null,
            disabledAt: null,
            disabledReason: null,
          },
          tx,
        );
        return { subscription, secret };
      });
    },

    get: load,

    /** Newest first. */
    async list(projectId: string, q: { limit: number; cursor?: string | undefined }): Promise<Page<IWebhookSubscription>> {
      const rows = await subscriptions.list(projectId, q.limit + 1, position(q.cursor));
      return pageOf(rows, q.limit, (r) => r);
    },

    async update(projectId: string, id: string, input: SubscriptionChanges): Promise<IWebhookSubscription> {
      const current = await load(projectId, id);
      const changes: WebhookSubscriptionChanges = {};
      if (input.url !== undefined) changes.url = checkWebhookUrl(input.url);
      if (input.eventTypes !== undefined) changes.eventTypes = checkEventTypes(input.eventTypes);
      if (input.version !== undefined && current.scheme === 'composio') changes.version = input.version;
      if (input.enabled !== undefined) {
        changes.enabled = input.enabled;
        // Enabling again starts afresh: the disable after failing deliveries no longer applies.
        if (input.enabled) Object.assign(changes, { disabledAt: null, disabledReason: null });
      }
      if (Object.keys(changes).length > 0) await subscriptions.update(projectId, id, changes);
      return load(projectId, id);
    },

    /** Deletes the subscription, its queued deliveries, its attempts' records and its secrets. */
    async remove(projectId: string, id: string): Promise<void> {
      await load(projectId, id);
      await db.transaction(async (tx) => {
        await deliveries.deleteForSubscription(id, tx);
        await attempts.deleteForSubscription(id, tx);
        await secrets.destroyAll(id, tx);
        await subscriptions.delete(projectId, id, tx);
      });
    },

    /** A new signing secret (returned once); the replaced one keeps signing for the grace period. */
    async rotateSecret(projectId: string, id: string): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
      const current = await load(projectId, id);
      return db.transaction(async (tx) => {
        const { secret, changes } = await secrets.rotate(current, tx);
        await subscriptions.update(projectId, id, changes, tx);
        return { secret, previousSecretExpiresAt: changes.previousSecretExpiresAt! };
      });
    },

    /** Every attempt made for the subscription, newest first. */
    async listAttempts(
      projectId: string,
      id: string,
      q: { limit: number; cursor?: string | undefined },
    ): Promise<Page<WebhookAttemptView>> {
      await load(projectId, id);
      const rows = await attempts.listForSubscription(id, q.limit + 1, position(q.cursor));
      const page = rows.slice(0, q.limit);
      const types = new Map((await events.findByIds([...new Set(page.map((a) => a.eventId))])).map((e) => [e.id, e.type]));
      const last = page.at(-1);
      return {
        items: page.map((a) => attemptView(a, types.get(a.eventId) ?? null)),
        nextCursor: rows.length > q.limit && last ? encodeKeysetCursor({ createdAt: last.startedAt, id: last.id }) : null,
      };
    },

    /**
     * Queues the event again, now, for one subscription or every enabled one that wants it (a test
     * event: the subscription it was sent to). Each keeps its delivery id, so a receiver that did
     * get it before sees the same webhook-id.
     */
    async redeliver(projectId: string, eventId: string, subscriptionId?: string): Promise<{ id: string; subscriptionId: string }[]> {
      const event = await loadEvent(projectId, eventId);
      let targets: string[];
      if (subscriptionId) {
        const sub = await load(projectId, subscriptionId);
        const previous = await deliveries.forEvent(event.id, sub.id);
        if (previous.length === 0 && !subscribesTo(sub, event.type))
          throw badRequest(`Webhook subscription ${sub.id} does not receive ${event.type} events`, {
            errors: [{ field: 'subscriptionId', message: `does not receive ${event.type}` }],
          });
        targets = [sub.id];
      } else if (event.type === 'webhook.test') {
        targets = (await deliveries.forEvent(event.id)).map((d) => d.subscriptionId);
      } else {
        targets = (await subscriptions.matching(projectId, event.type)).map((s) => s.id);
      }
      const ids = await deliveries.requeue(event, targets, new Date(clock.now()), () => newOrderedId('msg', clock.now()));
      if (ids.length > 0) recorder.wake();
      const rows = await deliveries.forEvent(event.id);
      return rows.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, subscriptionId: r.subscriptionId }));
    },

    /** Records a `webhook.test` event delivered to this subscription only. */
    async sendTest(projectId: string, id: string): Promise<{ eventId: string; deliveryId: string }> {
      const sub = await load(projectId, id);
      // A disabled subscription sends nothing: the test would only record a failed delivery.
      if (!sub.enabled)
        throw badRequest(`Webhook subscription ${id} is disabled: enable it (updateWebhookSubscription) before sending a test event`);
      const recorded = await db.transaction((tx) =>
        recorder.recordEvent(tx, {
          projectId,
          type: 'webhook.test',
          data: { subscriptionId: sub.id, message: 'A test event sent on request; it reports nothing that happened.' },
          onlySubscriptionId: sub.id,
        }),
      );
      return { eventId: recorded.id, deliveryId: recorded.deliveryIds[0]! };
    },

    /** One event of the project, as the list shows it. */
    async getEvent(projectId: string, id: string): Promise<NativeEventPayload> {
      return nativePayload(await loadEvent(projectId, id));
    },

    /** The project's events, newest first. */
    async listEvents(
      projectId: string,
      q: {
        types?: string[] | undefined;
        after?: string | undefined;
        before?: string | undefined;
        limit: number;
        cursor?: string | undefined;
      },
    ): Promise<Page<NativeEventPayload>> {
      const listed = q.types
        ?.flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter((t) => t.length > 0);
      const types = listed && listed.length > 0 ? (checkEventTypes(listed, 'type') ?? undefined) : undefined;
      const rows = await events.list(projectId, {
        ...(types ? { types } : {}),
        ...(q.after ? { after: new Date(q.after) } : {}),
        ...(q.before ? { before: new Date(q.before) } : {}),
        limit: q.limit + 1,
        cursor: position(q.cursor),
      });
      return pageOf(rows, q.limit, nativePayload);
    },
  };
}

function pageOf<R extends { createdAt: Date; id: string }, T>(rows: R[], limit: number, view: (r: R) => T): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(view), nextCursor: rows.length > limit && last ? encodeKeysetCursor(last) : null };
}

function attemptView(a: IWebhookAttempt, eventType: string | null): WebhookAttemptView {
  return {
    id: a.id,
    deliveryId: a.deliveryId,
    eventId: a.eventId,
    eventType,
    attempt: a.attempt,
    statusCode: a.statusCode ?? null,
    durationMs: a.durationMs,
    outcome: a.outcome,
    responseExcerpt: a.responseExcerpt ?? null,
    error: a.error ?? null,
    createdAt: a.startedAt.toISOString(),
  };
}
