import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Who disabled an instance: a user's disable stays; the system's resumes when its cause passes. */
export const TRIGGER_DISABLED_BY = ['user', 'system'] as const;
export type TriggerDisabledBy = (typeof TRIGGER_DISABLED_BY)[number];

/**
 * A trigger set up for one connection with one config (issue 29). `configHash` is the SHA-256 of
 * the canonical JSON of the validated config (defaults applied, keys sorted), so an upsert with the
 * same trigger, connection and config finds this row; the unique index makes that hold across
 * instances of the broker.
 */
export const TriggerInstance = defineEntity({
  name: 'TriggerInstance',
  tableName: 'trigger_instances',
  uniques: [{ properties: ['projectId', 'triggerSlug', 'connectionId', 'configHash'] }],
  indexes: [
    { properties: ['projectId', 'createdAt', 'id'] },
    // The connection health hooks: a connection's instances.
    { properties: ['connectionId', 'enabled'] },
  ],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    triggerSlug: p.string().length(200),
    toolkitSlug: p.string().length(100),
    connectionId: p.string().length(40),
    authConfigId: p.string().length(40),
    entityId: p.string().length(255),
    config: p.json<Record<string, unknown>>(),
    configHash: p.string().length(64),
    enabled: p.boolean().default(true),
    disabledAt: p.datetime().nullable(),
    disabledReason: p.string().length(1000).nullable(),
    disabledBy: p.enum([...TRIGGER_DISABLED_BY]).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ITriggerInstance = InferEntity<typeof TriggerInstance>;
