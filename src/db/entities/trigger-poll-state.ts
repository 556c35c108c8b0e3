import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** `scheduled`: polled at its interval; `failed`: given up after too many failed polls in a row. */
export const TRIGGER_POLL_STATUSES = ['scheduled', 'failed'] as const;

/**
 * One row per poll trigger instance (src/triggers/poller/): what to poll (copied from the
 * instance, so the poller needs no other table), when, who holds it now (a lease), and where the
 * provider stood at the last poll (the high-water mark and the ids of the items at it). Instances
 * claim due rows with one statement; the mark moves in the transaction that records the events.
 */
export const TriggerPollState = defineEntity({
  name: 'TriggerPollState',
  tableName: 'trigger_poll_states',
  // The claim: due rows of enabled, scheduled instances, oldest due first.
  indexes: [{ properties: ['enabled', 'status', 'nextPollAt'] }],
  properties: {
    instanceId: p.string().length(40).primary(),
    projectId: p.string().length(40),
    triggerSlug: p.string().length(100),
    connectionId: p.string().length(40),
    /** The instance's trigger_config as the user set it (defaults are applied at each poll). */
    config: p.json<Record<string, unknown>>(),
    enabled: p.boolean(),
    status: p.enum([...TRIGGER_POLL_STATUSES]).default('scheduled'),
    nextPollAt: p.datetime(),
    /** The claim holding the row (a random token) and until when; null when free. */
    leaseToken: p.string().length(40).nullable(),
    leaseExpiresAt: p.datetime().nullable(),
    /** Whether the first poll (which records where the provider stands and emits nothing) is done. */
    firstPollDone: p.boolean().default(false),
    /** The newest order value seen (ms precision); null before any item was seen. */
    markAt: p.datetime().nullable(),
    /** Ids of the items whose order value equals the mark: seen already, never emitted again. */
    markIds: p.json<string[]>(),
    /** Failed polls in a row (the backoff of the next one); 0 after a success. */
    failures: p.integer().default(0),
    /** Why the last poll failed or was put off (never a secret); null after a success. */
    lastError: p.string().length(1000).nullable(),
    lastPolledAt: p.datetime().nullable(),
    lastEventAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ITriggerPollState = InferEntity<typeof TriggerPollState>;
