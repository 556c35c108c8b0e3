/**
 * PROVISIONAL: the console's webhook ports bound straight to the events plane's storage
 * (repositories, vault-sealed secrets, the recorder), until src/events has the subscription and
 * event services the native routes use; then console-services.ts binds the ports to those and this
 * file goes. It holds only the least rules the console needs to work (http(s) URL, known event
 * types); the services' own checks (the address guard among them) replace them.
 */
import type { Db } from '../db/fork-per-call.js';
import type { IEvent, IWebhookAttempt, IWebhookSubscription } from '../db/entities/index.js';
import type { Position } from '../db/repositories/event-repository.js';
import type { createRepositories } from '../db/repositories/index.js';
import { badRequest, notFound } from '../errors.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { EVENT_TYPES, isEventType } from '../events/event-types.js';
import { nativePayload } from '../events/payloads.js';
import type { WebhookSecrets } from '../events/webhook-secrets.js';
import type { Clock } from '../clock.js';
import { newId, newOrderedId } from '../ids.js';
import type { WebhookPorts } from './webhook-ports.js';

type Repos = Pick<ReturnType<typeof createRepositories>, 'events' | 'webhookSubscriptions' | 'webhookDeliveries' | 'webhookAttempts'>;

const encode = (p: Position) => Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString('base64url');
function decode(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw badRequest('cursor is not a cursor this list returned', { errors: [{ field: 'cursor', message: 'unknown cursor' }] });
  return { createdAt, id };
}
function paged<T>(rows: T[], limit: number, position: (row: T) => Position) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encode(position(items.at(-1)!)) : null };
}

const subscriptionView = (s: IWebhookSubscription) => ({
  id: s.id,
  url: s.url,
  eventTypes: s.eventTypes ?? null,
  enabled: s.enabled,
  disabledAt: s.disabledAt?.toISOString() ?? null,
  disabledReason: s.disabledReason ?? null,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

const eventView = (e: IEvent) => nativePayload(e);

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`url must be an absolute http(s) URL: ${url.slice(0, 200)}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badRequest('url must be an http(s) URL');
  return parsed.toString();
}

function checkTypes(types: string[] | null | undefined): string[] | null {
  if (!types) return null;
  const unknown = types.filter((t) => !isEventType(t));
  if (unknown.length > 0) throw badRequest(`Unknown event type ${unknown.join(', ')}; known: ${Object.keys(EVENT_TYPES).join(', ')}`);
  return [...new Set(types)];
}

export function bindProvisionalWebhookPorts(deps: {
  db: Db;
  repos: Repos;
  secrets: WebhookSecrets;
  recorder: EventRecorder;
  clock: Clock;
}): WebhookPorts {
  const { db, repos, secrets, recorder, clock } = deps;

  async function subscription(projectId: string, id: string): Promise<IWebhookSubscription> {
    const s = await repos.webhookSubscriptions.findInProject(projectId, id);
    if (!s) throw notFound(`No webhook subscription ${id} in this project`);
    return s;
  }

  async function event(projectId: string, id: string): Promise<IEvent> {
    const e = await repos.events.findInProject(projectId, id);
    if (!e) throw notFound(`No event ${id} in this project`);
    return e;
  }

  return {
    webhooks: {
      async list(projectId, page) {
        const rows = await repos.webhookSubscriptions.list(projectId, page.limit + 1, decode(page.cursor));
        const out = paged(rows, page.limit, (s) => s);
        return { ...out, items: out.items.map(subscriptionView) };
      },

      get: async (projectId, id) => subscriptionView(await subscription(projectId, id)),

      async create(projectId, input) {
        const url = checkUrl(input.url);
        const eventTypes = checkTypes(input.eventTypes);
        const id = newId('whs');
        return db.transaction(async (tx) => {
          const { secretId, secret } = await secrets.create(id, 'standard', tx);
          const row = await repos.webhookSubscriptions.insert(
            {
              id,
              projectId,
              url,
              eventTypes,
              enabled: input.enabled ?? true,
              scheme: 'standard',
              version: null,
              secretId,
              previousSecretId: null,
              previousSecretExpiresAt: null,
              disabledAt: null,
              disabledReason: null,
            },
            tx,
          );
          return { secret, subscription: subscriptionView(row) };
        });
      },

      async update(projectId, id, changes) {
        await subscription(projectId, id);
        await repos.webhookSubscriptions.update(projectId, id, {
          ...(changes.url !== undefined ? { url: checkUrl(changes.url) } : {}),
          ...(changes.eventTypes !== undefined ? { eventTypes: checkTypes(changes.eventTypes) } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
          ...(changes.enabled === true ? { disabledAt: null, disabledReason: null } : {}),
        });
        return subscriptionView(await subscription(projectId, id));
      },

      async remove(projectId, id) {
        await subscription(projectId, id);
        await db.transaction(async (tx) => {
          await repos.webhookDeliveries.deleteForSubscription(id, tx);
          await repos.webhookAttempts.deleteForSubscription(id, tx);
          await secrets.destroyAll(id, tx);
          await repos.webhookSubscriptions.delete(projectId, id, tx);
        });
      },

      async rotateSecret(projectId, id) {
        const before = await subscription(projectId, id);
        const secret = await db.transaction(async (tx) => {
          const rotated = await secrets.rotate(before, tx);
          await repos.webhookSubscriptions.update(projectId, id, rotated.changes, tx);
          return rotated.secret;
        });
        return { secret, subscription: subscriptionView(await subscription(projectId, id)) };
      },

      async sendTestEvent(projectId, id) {
        const s = await subscription(projectId, id);
        if (!s.enabled) throw badRequest('The subscription is disabled: enable it to send a test event');
        const recorded = await db.transaction((tx) =>
          recorder.recordEvent(tx, {
            projectId,
            type: 'webhook.test',
            data: { subscriptionId: s.id, url: s.url, message: 'A test event sent from the console' },
            onlySubscriptionId: s.id,
          }),
        );
        return { eventId: recorded.id };
      },

      async listDeliveries(projectId, id, page) {
        await subscription(projectId, id);
        const rows = await repos.webhookAttempts.listForSubscription(id, page.limit + 1, decode(page.cursor));
        const out = paged(rows, page.limit, (a: IWebhookAttempt) => ({ createdAt: a.startedAt, id: a.id }));
        const types = new Map((await repos.events.findByIds([...new Set(out.items.map((a) => a.eventId))])).map((e) => [e.id, e.type]));
        return {
          ...out,
          items: out.items.map((a) => ({
            id: a.id,
            eventId: a.eventId,
            eventType: types.get(a.eventId) ?? 'unknown',
            attempt: a.attempt,
            startedAt: a.startedAt.toISOString(),
            durationMs: a.durationMs,
            statusCode: a.statusCode ?? null,
            outcome: a.outcome,
            responseExcerpt: a.responseExcerpt ?? null,
            error: a.error ?? null,
          })),
        };
      },
    },

    events: {
      async list(projectId, f) {
        const rows = await repos.events.list(projectId, {
          ...(f.type ? { types: [f.type] } : {}),
          ...(f.after ? { after: new Date(f.after) } : {}),
          ...(f.before ? { before: new Date(f.before) } : {}),
          limit: f.limit + 1,
          ...(f.cursor ? { cursor: decode(f.cursor)! } : {}),
        });
        const out = paged(rows, f.limit, (e) => e);
        return { ...out, items: out.items.map(eventView) };
      },

      get: async (projectId, id) => eventView(await event(projectId, id)),

      async redeliver(projectId, eventId, subscriptionId) {
        const e = await event(projectId, eventId);
        let ids: string[];
        if (subscriptionId) ids = [(await subscription(projectId, subscriptionId)).id];
        else ids = (await repos.webhookSubscriptions.matching(projectId, e.type)).map((s) => s.id);
        const queued = await repos.webhookDeliveries.requeue(e, ids, new Date(clock.now()), () => newOrderedId('msg', clock.now()));
        if (queued.length > 0) recorder.wake();
        return { queued: queued.length };
      },
    },
  };
}
