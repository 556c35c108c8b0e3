/**
 * The trigger file format (`<toolkit>/triggers/<SLUG>.json`): what a user configures, what an
 * event's data looks like, and how the broker learns of events: by polling the provider with a
 * request written in the tools' request template format, and/or by the provider's own webhooks.
 * The single source of the format: the loader validates files against it, and
 * `catalog/schema/trigger.schema.json` is generated from it. Guide: docs/guides/catalog.md#triggers.
 */
import { Type, type Static } from '@sinclair/typebox';
import { NonEmpty, objectSchema, RequestTemplate, StringEnum, TOOL_SLUG_PATTERN } from './catalog-schema.js';

/** A JSON pointer (RFC 6901): '' is the whole document, `/a/0/b` a path into it. */
const Pointer = (description: string) => Type.String({ pattern: '^(/([^~/]|~[01])*)*$', description });

/**
 * An argument template: the values a request template's path, query, headers and body take.
 * A string value may hold placeholders, `{since}` (poll arguments only), `{config.<name>}` (a
 * trigger config value) and `{item.id}` (fetch arguments only); a string that is exactly one
 * placeholder takes that value with its JSON type, and an absent value drops the argument.
 */
const ArgumentTemplate = (description: string) =>
  Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.Unknown(), { description });

export const TRIGGER_TIME_TYPES = ['date-time', 'unix-seconds', 'unix-millis'] as const;
export type TriggerTimeType = (typeof TRIGGER_TIME_TYPES)[number];

export const PollDef = Type.Object(
  {
    request: RequestTemplate,
    arguments: ArgumentTemplate('The request arguments of every poll; `{since}` is where the high-water mark goes.'),
    initial: ArgumentTemplate(
      'Arguments replaced on the first poll, which only records where the provider stands (its newest item) and emits nothing; a null removes the argument.',
    ),
    items: Pointer('Where the array of items is in the answer, e.g. /results.'),
    id: Pointer("Where an item's id is in the item, e.g. /id."),
    order: Type.Object(
      {
        field: Pointer('Where the value that orders items (the high-water mark) is in an item, e.g. /properties/createdate.'),
        type: StringEnum(TRIGGER_TIME_TYPES, { description: 'How that value reads: an ISO-8601 date-time or a Unix time in seconds or milliseconds.' }),
        direction: StringEnum(['ascending', 'descending'] as const, { description: 'The order in which the provider answers, oldest or newest first.' }),
      },
      { additionalProperties: false },
    ),
    since: Type.Object(
      {
        format: StringEnum(TRIGGER_TIME_TYPES, { description: 'How `{since}` renders the mark (always as a string).' }),
        exclusive: Type.Boolean({
          description: 'true when the provider answers only items strictly after `{since}`: the mark is then rendered one unit earlier, so items sharing its time come back and are told apart by id.',
        }),
      },
      { additionalProperties: false },
    ),
    paging: Type.Object(
      {
        argument: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'The request argument that asks for the next page, e.g. after.' }),
        next: Pointer("Where the next page's value is in the answer; absent, null or '' on the last page."),
      },
      { additionalProperties: false },
    ),
    fetch: Type.Optional(Type.Boolean({ description: 'Read each new item again with `fetch`; its answer is the event data. Default false.' })),
    changedAt: Type.Optional(
      Pointer(
        'Only items whose time here (in the fetched item when `fetch` is true) is after the mark, or at it for an item not seen there before, are emitted: how a trigger watches one property of items that change for other reasons too.',
      ),
    ),
  },
  { additionalProperties: false, description: 'How a poller finds new items.' },
);
export type PollDef = Static<typeof PollDef>;

export const FetchDef = Type.Object(
  {
    request: RequestTemplate,
    arguments: ArgumentTemplate('Its arguments; `{item.id}` is the id of the item to read.'),
  },
  { additionalProperties: false, description: 'Reads one item in full by its id; the answer is the event data.' },
);
export type FetchDef = Static<typeof FetchDef>;

export const WebhookSubscriptionDef = Type.Object(
  {
    type: NonEmpty("The provider's subscription type, e.g. contact.creation or deal.propertyChange."),
    propertyName: Type.Optional(NonEmpty('For property-change subscriptions: the property, e.g. dealstage. Omitted: any property the app subscribes to.')),
  },
  { additionalProperties: false },
);

export const WebhookDef = Type.Object(
  {
    subscriptions: Type.Array(WebhookSubscriptionDef, { minItems: 1, description: "The provider's app webhook subscriptions whose events feed this trigger." }),
    itemId: Pointer('Where the id of the changed item is in one provider event, e.g. /objectId; `fetch` reads it.'),
  },
  { additionalProperties: false, description: "How the provider's own webhooks feed the trigger." },
);
export type WebhookDef = Static<typeof WebhookDef>;

export const TriggerConfigSchema = objectSchema('TriggerConfigProperty', 'JSON Schema of trigger_config: what a user sets (interval in minutes for polls).');
export const TriggerPayloadSchema = objectSchema('TriggerPayloadProperty', "JSON Schema of an event's data.");

export const TriggerFile = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'Editor hint, ignored by the loader.' })),
    slug: Type.String({ pattern: TOOL_SLUG_PATTERN, description: 'TOOLKIT_SUFFIX, upper-case; the file is named <slug>.json.' }),
    name: NonEmpty('Short display name.'),
    description: NonEmpty('What happened when the trigger fires.'),
    instructions: NonEmpty('How to set it up: what to put in the config, what the provider needs.'),
    type: StringEnum(['poll', 'webhook'] as const, {
      description: 'poll: the broker polls at the interval the config sets (and may also be fed by webhooks); webhook: fed only by provider webhooks.',
    }),
    version: NonEmpty('Trigger version, e.g. v1.0.0.'),
    scopes: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true, description: 'Provider scopes the trigger needs.' })),
    config: TriggerConfigSchema,
    payload: TriggerPayloadSchema,
    poll: Type.Optional(PollDef),
    fetch: Type.Optional(FetchDef),
    webhook: Type.Optional(WebhookDef),
  },
  // One object rather than a union on `type`: the config and payload schemas are recursive and
  // may appear once in a document. The loader requires poll for type poll and webhook for webhook.
  { additionalProperties: false, title: 'Connector broker trigger' },
);
export type TriggerFile = Static<typeof TriggerFile>;
