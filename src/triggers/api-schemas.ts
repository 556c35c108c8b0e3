/** The native API's shapes of trigger instances (issue 29). */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, TEXT_LIMITS } from '../schemas/common.js';
import { TRIGGER_DISABLED_BY } from '../db/entities/index.js';

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const NullableDateTime = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });
const TriggerSlug = Type.String({ minLength: 1, maxLength: 200, description: 'Trigger type slug, e.g. HUBSPOT_CONTACT_CREATED' });
const Config = Type.Record(Type.String(), Type.Unknown(), {
  description: "The trigger's config (its trigger type's `config` schema); omitted values take their defaults.",
});

export const TriggerInstanceSchema = Type.Object(
  {
    id: Type.String({ description: 'ti_…' }),
    triggerSlug: Type.String(),
    toolkitSlug: Type.String(),
    connectedAccountId: Type.String({ description: 'The connection the trigger watches' }),
    authConfigId: Type.String(),
    entityId: Type.String({ description: "The connection's end user" }),
    config: Type.Record(Type.String(), Type.Unknown(), { description: 'The validated config, defaults applied' }),
    enabled: Type.Boolean(),
    disabledAt: NullableDateTime('When it was disabled; null while enabled'),
    disabledReason: Type.Union([Type.String(), Type.Null()], {
      description: 'Why: user_disabled, or the system reasons connection_expired, connection_revoked, connection_deleted',
    }),
    disabledBy: Type.Union([...TRIGGER_DISABLED_BY.map((s) => Type.Literal(s)), Type.Null()], {
      description: 'user: stays disabled until enabled again; system: resumes by itself when the connection is ACTIVE again',
    }),
    createdAt: DateTime('When it was created'),
    updatedAt: DateTime('When it last changed'),
  },
  { $id: 'TriggerInstance', title: 'TriggerInstance', description: 'A trigger set up for one connection with one config.' },
);
export type TriggerInstanceView = Static<typeof TriggerInstanceSchema>;

export const UpsertTriggerInstanceBody = Type.Object(
  {
    triggerSlug: TriggerSlug,
    connectedAccountId: Type.Optional(IdString('The connection to watch; or pass entityId')),
    entityId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: TEXT_LIMITS.entityId,
        description: "Use this end user's most recently updated ACTIVE connection of the trigger's toolkit (as executeTool does)",
      }),
    ),
    config: Type.Optional(Config),
  },
  { additionalProperties: false },
);
export type UpsertTriggerInstanceBody = Static<typeof UpsertTriggerInstanceBody>;

export const UpsertedTriggerInstance = Type.Object(
  { ...TriggerInstanceSchema.properties, created: Type.Boolean({ description: 'false: the same trigger, connection and config existed' }) },
  { description: 'The instance, new or the existing one (re-enabled if it was disabled).' },
);

const CommaList = (description: string) => Type.Optional(Type.String({ maxLength: 4000, description: `${description}, comma-separated` }));

export const ListTriggerInstancesQuery = Type.Object(
  {
    authConfigIds: CommaList('Auth config ids'),
    connectedAccountIds: CommaList('Connection ids'),
    triggerIds: CommaList('Trigger instance ids'),
    triggerNames: CommaList('Trigger slugs (any case)'),
    entityIds: CommaList('End user ids'),
    showDisabled: Type.Optional(Type.Boolean({ default: false, description: 'Include disabled instances' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'Page size, 1 to 1000.' })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page.' })),
  },
  { description: 'listTriggerInstances query string (the filters of the compat listActive).' },
);
export type ListTriggerInstancesQuery = Static<typeof ListTriggerInstancesQuery>;

export const TriggerInstanceList = Type.Object({
  items: Type.Array(Type.Ref(TriggerInstanceSchema)),
  total: Type.Integer({ description: 'Instances matching the filters' }),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' }),
});

export const UpdateTriggerInstanceBody = Type.Object(
  {
    enabled: Type.Optional(
      Type.Boolean({ description: 'false disables it (by the user: it stays so); true enables it (its connection must be ACTIVE)' }),
    ),
    config: Type.Optional(Config),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateTriggerInstanceBody = Static<typeof UpdateTriggerInstanceBody>;

export const TriggerInstanceIdParams = Type.Object({ triggerId: IdString('Trigger instance id (ti_…)') });
