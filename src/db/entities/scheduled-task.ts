import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One row per periodic task (src/events/jobs/): when it is next due and who holds it. Instances
 * claim a due task with one conditional UPDATE; the lease lets another instance take over when the
 * holder crashed mid-run.
 */
export const ScheduledTask = defineEntity({
  name: 'ScheduledTask',
  tableName: 'scheduled_tasks',
  properties: {
    name: p.string().length(100).primary(),
    nextRunAt: p.datetime(),
    leaseOwner: p.string().length(100).nullable(),
    leaseExpiresAt: p.datetime().nullable(),
    lastRunAt: p.datetime().nullable(),
    /** Why the last run failed (a short message, never a secret); null after a successful run. */
    lastError: p.string().length(1000).nullable(),
  },
});
export type IScheduledTask = InferEntity<typeof ScheduledTask>;
