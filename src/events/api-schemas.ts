/** The native API's shapes of the events plane (issue 28): webhook subscriptions, their delivery attempts, events. */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, TEXT_LIMITS } from '../schemas/common.js';
import { WEBHOOK_ATTEMPT_OUTCOMES, WEBHOOK_SCHEMES } from '../db/entities/index.js';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from './event-types.js';

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const NullableDateTime = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const EventTypeSchema = Type.Union(
  EVENT_TYPE_NAMES.map((name) => Type.Literal(name)),
  { description: `An event type: ${EVENT_TYPE_NAMES.map((n) => `${n} (${EVENT_TYPES[n]})`).join('; ')}` },
);

const EventTypes = Type.Array(EventTypeSchema, { minItems: 1, maxItems: EVENT_TYPE_NAMES.length, uniqueItems: true });

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: TEXT_LIMITS.url,
  description: 'Where deliveries are POSTed: an http or https URL.',
});

export const WebhookSubscriptionSchema = Type.Object(
  {
    id: Type.String({ description: 'whs_…' }),
    url: Type.String(),
    eventTypes: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'The event types delivered; null: all of them.' }),
    enabled: Type.Boolean(),
    scheme: Type.Union(
      WEBHOOK_SCHEMES.map((s) => Type.Literal(s)),
      { description: 'How deliveries are signed and shaped: standard (Standard Webhooks) or composio (the compat API).' },
    ),
    disabledAt: NullableDateTime('When deliveries that kept failing disabled it; null otherwise.'),
    disabledReason: Type.Union([Type.String(), Type.Null()]),
    previousSecretExpiresAt: NullableDateTime('Until then the secret replaced by the last rotation also signs deliveries.'),
    createdAt: DateTime('When it was created'),
    updatedAt: DateTime('When it last changed'),
  },
  { $id: 'WebhookSubscription', title: 'WebhookSubscription', description: 'Where a project wants its events sent.' },
);
export type WebhookSubscriptionView = Static<typeof WebhookSubscriptionSchema>;

const Secret = Type.String({
  description: 'The signing secret (whsec_…). Shown only now: store it; the broker never shows it again.',
});

export const CreateWebhookSubscriptionBody = Type.Object(
  {
    url: WebhookUrl,
    eventTypes: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type CreateWebhookSubscriptionBody = Static<typeof CreateWebhookSubscriptionBody>;

export const CreatedWebhookSubscription = Type.Object(
  { ...WebhookSubscriptionSchema.properties, secret: Secret },
  { description: 'The subscription, with its signing secret (shown only now).' },
);

export const UpdateWebhookSubscriptionBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    eventTypes: Type.Optional(Type.Union([EventTypes, Type.Null()], { description: 'null: every event type' })),
    enabled: Type.Optional(Type.Boolean({ description: 'true also clears a disable after failing deliveries' })),
  },
  { additionalProperties: false },
);
export type UpdateWebhookSubscriptionBody = Static<typeof UpdateWebhookSubscriptionBody>;

export const RotatedWebhookSecret = Type.Object({
  secret: Secret,
  previousSecretExpiresAt: DateTime('Until then deliveries carry a signature with the previous secret too.'),
});

export const WebhookSubscriptionIdParams = Type.Object({ subscriptionId: IdString('Webhook subscription id (whs_…)') });
export const EventIdParams = Type.Object({ eventId: IdString('Event id (evt_…)') });

/** Keyset paging: `nextCursor` of a page, passed back as `cursor`, gives the next one (newest first). */
const CURSOR_PAGE = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1 to 200.' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page.' })),
};
export const DEFAULT_PAGE_SIZE = 50;

export const CursorPageQuery = Type.Object(CURSOR_PAGE, { description: "Paging: limit and the previous page's nextCursor." });

const NextCursor = Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' });

export const WebhookSubscriptionList = Type.Object({ items: Type.Array(Type.Ref(WebhookSubscriptionSchema)), nextCursor: NextCursor });

export const WebhookAttemptSchema = Type.Object(
  {
    id: Type.String(),
    deliveryId: Type.String({ description: 'msg_…: the webhook-id header, the same on every attempt of this event to this subscription' }),
    eventId: Type.String(),
    eventType: Type.Union([Type.String(), Type.Null()], { description: 'null when the event is no longer kept' }),
    attempt: Type.Integer({ description: '1 for the first attempt of the delivery, counting redeliveries on' }),
    statusCode: Type.Union([Type.Integer(), Type.Null()], {
      description: "The receiver's HTTP status; null when none came (network error, timeout)",
    }),
    durationMs: Type.Integer(),
    outcome: Type.Union(WEBHOOK_ATTEMPT_OUTCOMES.map((o) => Type.Literal(o))),
    responseExcerpt: Type.Union([Type.String(), Type.Null()], { description: 'The first 1,000 characters of the response body' }),
    error: Type.Union([Type.String(), Type.Null()]),
    createdAt: DateTime('When the attempt started'),
  },
  { $id: 'WebhookAttempt', title: 'WebhookAttempt', description: 'One HTTP attempt of a delivery.' },
);
export type WebhookAttemptView = Static<typeof WebhookAttemptSchema>;

export const WebhookAttemptList = Type.Object({ items: Type.Array(Type.Ref(WebhookAttemptSchema)), nextCursor: NextCursor });

/** Optional: no body (or null) redelivers to every enabled subscription that wants the event. */
export const RedeliverBody = Type.Union([
  Type.Object(
    { subscriptionId: Type.Optional(IdString('Only to this subscription; omitted: every enabled subscription that wants the event')) },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

export const QueuedDeliveries = Type.Object({
  eventId: Type.String(),
  deliveries: Type.Array(Type.Object({ id: Type.String({ description: 'msg_… (the webhook-id)' }), subscriptionId: Type.String() })),
});

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'evt_…' }),
    type: Type.String(),
    timestamp: DateTime('When it happened'),
    projectId: Type.String(),
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: 'For connection.* events: the connection as getConnection returns it',
    }),
  },
  { $id: 'Event', title: 'Event', description: 'Something that happened in the project (the body webhook deliveries carry).' },
);

export const ListEventsQuery = Type.Object(
  {
    type: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
        maxItems: 20,
        description: 'Only these types: repeat the parameter or separate with commas.',
      }),
    ),
    after: Type.Optional(Type.String({ format: 'date-time', description: 'Only events at or after this time' })),
    before: Type.Optional(Type.String({ format: 'date-time', description: 'Only events before this time' })),
    ...CURSOR_PAGE,
  },
  { description: 'listEvents query string.' },
);

export const EventList = Type.Object({ items: Type.Array(Type.Ref(EventSchema)), nextCursor: NextCursor });
