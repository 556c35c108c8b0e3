/**
 * TypeBox schemas of the console's webhook and event routes: their parameters and queries, and the
 * console's own answers (a subscription with its secret, the outcome of a test or a redelivery).
 * The resources themselves (subscription, attempt, event) are the native API's views.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, TEXT_LIMITS } from '../schemas/common.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const Cursor = Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' });
const Limit = (max: number, fallback: number) =>
  Type.Integer({ minimum: 1, maximum: max, default: fallback, description: `Page size, 1 to ${max}` });
const page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ items: Type.Array(item), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const SubscriptionParams = Type.Object({ organizationId: IdString(), projectId: IdString(), subscriptionId: IdString() });
export const EventParams = Type.Object({ organizationId: IdString(), projectId: IdString(), eventId: IdString() });

export const PageQuery = Type.Object({ cursor: Type.Optional(Cursor), limit: Type.Optional(Limit(100, 25)) });

const EventTypeName = Type.String({ minLength: 1, maxLength: 100, description: 'An event type, e.g. connection.expired' });

export const WebhookSubscriptionView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  eventTypes: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'The event types it receives; null: all' }),
  enabled: Type.Boolean(),
  disabledAt: NullableTimestamp,
  disabledReason: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the broker disabled it (deliveries kept failing); null when a person disabled it or it is enabled',
  }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type WebhookSubscriptionView = Static<typeof WebhookSubscriptionView>;
export const WebhookSubscriptionPage = page(WebhookSubscriptionView);

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.url, description: 'An absolute http(s) URL the broker POSTs events to' }),
    eventTypes: Type.Optional(
      Type.Union([Type.Array(EventTypeName, { minItems: 1, maxItems: 50 }), Type.Null()], { description: 'Omitted or null: every type' }),
    ),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(CreateWebhookBody.properties.url),
    eventTypes: CreateWebhookBody.properties.eventTypes,
    enabled: Type.Optional(Type.Boolean({ description: 'true also clears a disabling by the broker' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookSecretAnswer = Type.Object({
  secret: Type.String({ description: 'The signing secret (whsec_…): shown here once and never again; store it with the receiver' }),
  subscription: WebhookSubscriptionView,
});

export const TestEventAnswer = Type.Object({
  eventId: Type.String({ description: 'The webhook.test event, sent to this subscription only' }),
});

export const RedeliverBody = Type.Object(
  { subscriptionId: Type.Optional(IdString('Only to this subscription; omitted: every enabled subscription that wants the type')) },
  { additionalProperties: false },
);
export const RedeliverAnswer = Type.Object({ queued: Type.Integer({ description: 'How many subscriptions it is queued for again' }) });

export const WebhookAttemptView = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  attempt: Type.Integer({ description: '1-based, counting every attempt of the delivery, redeliveries included' }),
  startedAt: Timestamp,
  durationMs: Type.Integer(),
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when no HTTP answer came (network error, timeout)' }),
  outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('retrying'), Type.Literal('failed')]),
  responseExcerpt: Type.Union([Type.String(), Type.Null()], { description: "The start of the receiver's answer" }),
  error: Type.Union([Type.String(), Type.Null()]),
});
export const WebhookAttemptPage = page(WebhookAttemptView);

export const EventView = Type.Object({
  id: Type.String(),
  type: Type.String(),
  timestamp: Timestamp,
  projectId: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export const EventPage = page(EventView);

export const ListEventsQuery = Type.Object({
  type: Type.Optional(EventTypeName),
  after: Type.Optional(Type.String({ format: 'date-time', description: 'Only events at or after this time' })),
  before: Type.Optional(Type.String({ format: 'date-time', description: 'Only events before this time' })),
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Limit(100, 25)),
});

export const EventTypeList = Type.Object({
  items: Type.Array(Type.Object({ type: Type.String(), description: Type.String() })),
});
