/** The execution records (tool executions and proxy calls): written in batches, never updated. */
import type { FilterQuery } from '@mikro-orm/core';
import { ToolExecution, type IToolExecution } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export function createExecutionRepository(db: Db) {
  const insertRows = db.bulkInsert(ToolExecution);
  return {
    /** Batches are flushed from timers, outside any request and any transaction. */
    insertMany(rows: IToolExecution[]): Promise<void> {
      return insertRows(rows);
    },

    /**
     * A project's records newest first, optionally of one kind; `before` is the (createdAt, id) of
     * the last record of the previous page (keyset paging on the (projectId, createdAt) index).
     */
    listForProject(
      projectId: string,
      q: { kind?: IToolExecution['kind'] | undefined; limit: number; before?: { createdAt: Date; id: string } | undefined },
    ): Promise<IToolExecution[]> {
      const where: FilterQuery<IToolExecution> = {
        projectId,
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.before
          ? { $or: [{ createdAt: { $lt: q.before.createdAt } }, { createdAt: q.before.createdAt, id: { $lt: q.before.id } }] }
          : {}),
      };
      return db.em().find(ToolExecution, where, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit });
    },
  };
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
