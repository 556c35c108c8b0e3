/**
 * Every query on `scheduled_tasks` (src/events/jobs/scheduler.ts). Each statement decides on its
 * own, so any number of instances may run them at once: the database picks who runs a task.
 */
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { ScheduledTask, type IScheduledTask } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export function createScheduledTaskRepository(db: Db) {
  return {
    /** Adds the task's row unless some instance already has; an existing schedule is kept. */
    async ensure(name: string, firstRunAt: Date): Promise<void> {
      await (db.em() as SqlEntityManager)
        .createQueryBuilder(ScheduledTask)
        .insert({ name, nextRunAt: firstRunAt, leaseOwner: null, leaseExpiresAt: null, lastRunAt: null, lastError: null })
        .onConflict('name')
        .ignore()
        .execute();
    },

    /** Which of `names` are due and free now: a read, so an idle poll writes nothing (SQLite's one writer stays free). */
    async dueAmong(names: string[], now: Date): Promise<string[]> {
      if (names.length === 0) return [];
      const rows = await db
        .em()
        .find(
          ScheduledTask,
          { name: { $in: names }, nextRunAt: { $lte: now }, $or: [{ leaseExpiresAt: null }, { leaseExpiresAt: { $lte: now } }] },
          { ...fresh, fields: ['name'] },
        );
      return rows.map((r) => r.name);
    },

    /**
     * Takes the task when it is due and nobody holds a live lease: one conditional UPDATE, so of
     * any number of instances asking at once exactly one gets true. A lease that ran out (its
     * holder crashed or hung) counts as free.
     */
    async claim(name: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean> {
      const changed = await db
        .em()
        .nativeUpdate(
          ScheduledTask,
          { name, nextRunAt: { $lte: now }, $or: [{ leaseExpiresAt: null }, { leaseExpiresAt: { $lte: now } }] },
          { leaseOwner: owner, leaseExpiresAt: leaseUntil },
        );
      return changed === 1;
    },

    /**
     * Ends a run: the next due time, the outcome, and the lease released. Only while `owner` still
     * holds it: a runner whose lease expired and was taken over leaves the new holder's row alone.
     */
    async complete(name: string, owner: string, done: { nextRunAt: Date; lastRunAt: Date; lastError: string | null }): Promise<boolean> {
      const changed = await db
        .em()
        .nativeUpdate(ScheduledTask, { name, leaseOwner: owner }, { ...done, leaseOwner: null, leaseExpiresAt: null });
      return changed === 1;
    },

    find(name: string): Promise<IScheduledTask | null> {
      return db.em().findOne(ScheduledTask, { name }, fresh);
    },
  };
}

export type ScheduledTaskRepository = ReturnType<typeof createScheduledTaskRepository>;
