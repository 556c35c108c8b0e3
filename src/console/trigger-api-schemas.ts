/**
 * TypeBox schemas of the console's trigger instance routes (issue 29): the native API's instance
 * (src/triggers/api-schemas.ts) with what the console adds to it: the trigger type's name and what
 * the instance has been doing (src/triggers/trigger-activity.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdString } from '../schemas/common.js';
import { TriggerInstanceSchema } from '../triggers/api-schemas.js';

const NullableTime = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const ConsoleTriggerInstanceSchema = Type.Object(
  {
    ...TriggerInstanceSchema.properties,
    triggerName: Type.String({ description: "The trigger type's name in the catalog (its slug when the catalog no longer has it)" }),
    triggerType: Type.Union([Type.Literal('poll'), Type.Literal('webhook'), Type.Null()], {
      description: 'How the trigger type learns of changes; null when the catalog no longer has it',
    }),
    pollState: Type.Union([Type.Literal('scheduled'), Type.Literal('disabled'), Type.Literal('failed'), Type.Null()], {
      description: "The poller's state: scheduled, disabled, failed (gave up after failing polls); null when it is not polled",
    }),
    lastPolledAt: NullableTime('When the last poll ran (success or failure)'),
    nextPollAt: NullableTime('When the next poll is due; null unless scheduled'),
    lastEventAt: NullableTime('When its last trigger.event was recorded'),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'Why the last poll failed or was put off; null after a success' }),
    failures: Type.Integer({ description: 'Failed polls in a row' }),
  },
  { $id: 'ConsoleTriggerInstance', title: 'ConsoleTriggerInstance', description: 'A trigger instance as the console shows it.' },
);
export type ConsoleTriggerInstanceView = Static<typeof ConsoleTriggerInstanceSchema>;

export const ListConsoleTriggerInstancesQuery = Type.Object({
  connectionId: Type.Optional(IdString('Only the instances of this connection')),
  triggerSlug: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only instances of this trigger type (any case)' })),
  status: Type.Optional(
    Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
      description: 'Only enabled or only disabled instances; both when absent',
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1 to 100' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' })),
});

export const ConsoleTriggerInstanceList = Type.Object({
  items: Type.Array(Type.Ref(ConsoleTriggerInstanceSchema)),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' }),
});

export const TriggerInstanceParams = Type.Object({ organizationId: IdString(), projectId: IdString(), triggerInstanceId: IdString() });
