/**
 * Compat webhook subscriptions (events-and-triggers.md section 1, compat-v3.1.md section 8): the
 * seven routes `@composio/core`'s `triggers.setWebhookSubscription` and a raw client use, over the
 * same subscriptions as the native /api/v1/webhook_subscriptions. A subscription made here has the
 * `composio` scheme: its secret is a random string the SDK keys its HMAC with as UTF-8, its events
 * go out in Composio's payload version (src/events/composio-payloads.ts). Event type names are
 * Composio's on the wire and ours in the store (`composio.connected_account.expired` is
 * `connection.expired`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { TEXT_LIMITS } from '../../src/schemas/common.js';
import {
  COMPOSIO_EVENT_TYPES,
  COMPOSIO_VERSIONS,
  composioEventType,
  ourEventType,
  supportedVersions,
  type ComposioVersion,
} from '../../src/events/composio-payloads.js';
import type { CompatSubscription, CompatWebhookStore } from '../../src/compat/webhook-store.js';
import { compatBadRequest } from './errors.js';
import { clampLimit, decodeCursor, page } from './paging.js';
import { IdParams, Nullable, OptionalString } from './schemas.js';
import { defineOperation, route } from '../operations.js';

const Version = Type.Union(COMPOSIO_VERSIONS.map((v) => Type.Literal(v)));
const EnabledEvents = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 });
const WebhookUrl = Type.String({ minLength: 1, maxLength: TEXT_LIMITS.url });

const CreateBody = Type.Object(
  { webhook_url: WebhookUrl, enabled_events: EnabledEvents, version: Type.Optional(Version) },
  { additionalProperties: true },
);
const UpdateBody = Type.Object(
  {
    webhook_url: Type.Optional(WebhookUrl),
    enabled_events: Type.Optional(EnabledEvents),
    version: Type.Optional(Version),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

const Subscription = Type.Object(
  {
    id: Type.String(),
    webhook_url: Type.String(),
    version: Version,
    enabled_events: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { additionalProperties: true },
);
const WithSecret = Type.Composite([Subscription, Type.Object({ secret: Type.String() })], { additionalProperties: true });

const SubscriptionPage = Type.Object({
  items: Type.Array(Subscription),
  next_cursor: Nullable(Type.String()),
  total_pages: Type.Integer(),
  current_page: Type.Integer(),
  total_items: Type.Integer(),
});

export const webhookSubscriptionOperations = {
  createWebhookSubscription: defineOperation({
    operationId: 'createWebhookSubscription',
    method: 'POST',
    url: '/webhook_subscriptions',
    body: CreateBody,
    response: { 201: WithSecret },
  }),
  listWebhookSubscriptions: defineOperation({
    operationId: 'listWebhookSubscriptions',
    method: 'GET',
    url: '/webhook_subscriptions',
    querystring: Type.Object({ cursor: OptionalString, limit: OptionalString }, { additionalProperties: true }),
    response: { 200: SubscriptionPage },
  }),
  listWebhookEventTypes: defineOperation({
    operationId: 'listWebhookEventTypes',
    method: 'GET',
    url: '/webhook_subscriptions/event_types',
    response: {
      200: Type.Object({
        items: Type.Array(Type.Object({ event_type: Type.String(), description: Type.String(), supported_versions: Type.Array(Version) })),
      }),
    },
  }),
  getWebhookSubscription: defineOperation({
    operationId: 'getWebhookSubscription',
    method: 'GET',
    url: '/webhook_subscriptions/:id',
    params: IdParams,
    response: { 200: Subscription },
  }),
  updateWebhookSubscription: defineOperation({
    operationId: 'updateWebhookSubscription',
    method: 'PATCH',
    url: '/webhook_subscriptions/:id',
    params: IdParams,
    body: UpdateBody,
    response: { 200: Subscription },
  }),
  deleteWebhookSubscription: defineOperation({
    operationId: 'deleteWebhookSubscription',
    method: 'DELETE',
    url: '/webhook_subscriptions/:id',
    params: IdParams,
    response: { 200: Type.Object({ success: Type.Boolean() }) },
  }),
  rotateWebhookSecret: defineOperation({
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    url: '/webhook_subscriptions/:id/rotate_secret',
    params: IdParams,
    body: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
    response: { 200: Type.Object({ id: Type.String(), secret: Type.String() }) },
  }),
};
const ops = webhookSubscriptionOperations;

/** Refuses events that have no payload in `version` (Composio sends its non-trigger events as V3 only). */
function checkVersion(enabledEvents: readonly string[], version: ComposioVersion): void {
  const unsupported = enabledEvents.filter((e) => !supportedVersions(e).includes(version));
  if (unsupported.length > 0) {
    throw compatBadRequest(
      `${unsupported.join(', ')} ${unsupported.length === 1 ? 'is' : 'are'} sent only as V3; subscribe with version V3`,
      unsupported.map((e) => `enabled_events: ${e} has no ${version} payload`),
    );
  }
}

/** Composio's names -> ours, refusing names Composio does not have and events the version lacks. */
function storedEventTypes(enabledEvents: readonly string[], version: ComposioVersion): string[] {
  const unknown = enabledEvents.filter((e) => ourEventType(e) === undefined);
  if (unknown.length > 0) {
    const known = COMPOSIO_EVENT_TYPES.map((e) => e.event_type).join(', ');
    throw compatBadRequest(
      `Unknown event type ${unknown.join(', ')}; use ${known}`,
      unknown.map((e) => `enabled_events: ${e} is not an event type`),
    );
  }
  checkVersion(enabledEvents, version);
  return [...new Set(enabledEvents.map((e) => ourEventType(e)!))];
}

/** A stored subscription as Composio shows it. */
function compatView(s: CompatSubscription) {
  const version = (s.version ?? 'V3') as ComposioVersion;
  const events = s.eventTypes === null ? COMPOSIO_EVENT_TYPES.map((e) => e.event_type) : s.eventTypes.map(composioEventType);
  return {
    id: s.id,
    webhook_url: s.url,
    version,
    enabled_events: events,
    enabled: s.enabled,
    disabled_reason: s.disabledReason,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

const webhookSubscriptionRoutes: FastifyPluginAsyncTypebox<{ webhooks: CompatWebhookStore }> = async (app, { webhooks }) => {
  route(app, ops.createWebhookSubscription, async (req, reply) => {
    const { projectId } = principal(req);
    const version = req.body.version ?? 'V3';
    const created = await webhooks.create(projectId, {
      url: req.body.webhook_url,
      eventTypes: storedEventTypes(req.body.enabled_events, version),
      version,
    });
    return reply.code(201).send({ ...compatView(created.subscription), secret: created.secret });
  });

  route(app, ops.listWebhookSubscriptions, async (req) => {
    const { projectId } = principal(req);
    const offset = decodeCursor(req.query.cursor);
    const limit = clampLimit(req.query.limit, 50, 1000);
    const all = await webhooks.listAll(projectId);
    return page(all.slice(offset, offset + limit).map(compatView), all.length, offset, limit);
  });

  route(app, ops.listWebhookEventTypes, async () => ({
    items: COMPOSIO_EVENT_TYPES.map((e) => ({
      event_type: e.event_type,
      description: e.description,
      supported_versions: [...e.supported_versions],
    })),
  }));

  route(app, ops.getWebhookSubscription, async (req) => compatView(await webhooks.get(principal(req).projectId, req.params.id)));

  route(app, ops.updateWebhookSubscription, async (req) => {
    const { projectId } = principal(req);
    const { webhook_url, enabled_events, version, enabled } = req.body;
    const current = await webhooks.get(projectId, req.params.id);
    const nextVersion = version ?? ((current.version ?? 'V3') as ComposioVersion);
    // The version and the events are checked together: either may change what the other allows.
    // Stored types set on the native API that Composio has no name for are left as they are.
    const eventTypes = enabled_events === undefined ? undefined : storedEventTypes(enabled_events, nextVersion);
    if (eventTypes === undefined && current.eventTypes !== null) {
      checkVersion(
        current.eventTypes.map(composioEventType).filter((e) => ourEventType(e) !== undefined),
        nextVersion,
      );
    }
    const updated = await webhooks.update(projectId, req.params.id, {
      ...(webhook_url !== undefined ? { url: webhook_url } : {}),
      ...(eventTypes !== undefined ? { eventTypes } : {}),
      // Composio's scheme has no disabled subscriptions: setting one (core's setWebhookSubscription
      // PATCHes) turns it back on unless the caller says otherwise.
      enabled: enabled ?? true,
      version: nextVersion,
    });
    return compatView(updated);
  });

  route(app, ops.deleteWebhookSubscription, async (req) => {
    await webhooks.remove(principal(req).projectId, req.params.id);
    return { success: true };
  });

  route(app, ops.rotateWebhookSecret, async (req) => {
    const rotated = await webhooks.rotateSecret(principal(req).projectId, req.params.id);
    return { id: req.params.id, secret: rotated.secret };
  });
};

export default webhookSubscriptionRoutes;
