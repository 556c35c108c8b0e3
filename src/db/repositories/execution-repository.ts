/** The execution records (tool executions and proxy calls) and their details: written in batches, never updated. */
import type { FilterQuery, QueryResult } from '@mikro-orm/core';
import { ExecutionDetail, ToolExecution, type ExecutionOutcome, type IExecutionDetail, type IToolExecution } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

/** The console's filters of a project's records; each has an index led by (projectId, it) (tool-execution.ts). */
export interface ExecutionFilter {
  kind?: IToolExecution['kind'] | undefined;
  entityId?: string | undefined;
  toolSlug?: string | undefined;
  toolkitSlug?: string | undefined;
  outcome?: ExecutionOutcome | undefined;
  /** createdAt >= from and < to. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The smallest ordered id (src/ids.ts newOrderedId) of a record made at `ms` or later. */
const firstIdAt = (ms: number): string => `ex_${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}`;

export function createExecutionRepository(db: Db) {
  const insertRows = db.bulkInsert(ToolExecution);
  const insertDetailRows = db.bulkInsert(ExecutionDetail);

  /** Deletes, in batches of `batch`, the rows of `table` whose ordered id dates them before `cutoff`: a primary key range, no other index. */
  async function pruneBefore(table: string, cutoff: Date, batch: number, signal?: AbortSignal): Promise<number> {
    const bound = firstIdAt(cutoff.getTime());
    const conn = db.em().getConnection();
    let total = 0;
    for (;;) {
      if (signal?.aborted) break;
      const res = await conn.execute<QueryResult>(
        `delete from ${table} where id in (select id from ${table} where id < ? order by id limit ${Math.floor(batch)})`,
        [bound],
        'run',
      );
      const n = res.affectedRows;
      total += n;
      if (n < batch) break;
    }
    return total;
  }

  return {
    /** Batches are flushed from timers, outside any request and any transaction. */
    insertMany(rows: IToolExecution[]): Promise<void> {
      return insertRows(rows);
    },

    insertDetails(rows: IExecutionDetail[]): Promise<void> {
      return insertDetailRows(rows);
    },

    /**
     * A project's records newest first, filtered; `before` is the (createdAt, id) of the last
     * record of the previous page (keyset paging on the index led by the filter).
     */
    listForProject(
      projectId: string,
      q: ExecutionFilter & { limit: number; before?: { createdAt: Date; id: string } | undefined },
    ): Promise<IToolExecution[]> {
      const createdAt: Record<string, Date> = {};
      if (q.from) createdAt.$gte = q.from;
      if (q.to) createdAt.$lt = q.to;
      const where: FilterQuery<IToolExecution> = {
        projectId,
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.entityId !== undefined ? { entityId: q.entityId } : {}),
        ...(q.toolSlug !== undefined ? { toolSlug: q.toolSlug } : {}),
        ...(q.toolkitSlug !== undefined ? { toolkitSlug: q.toolkitSlug } : {}),
        ...(q.outcome ? { outcome: q.outcome } : {}),
        ...(q.from || q.to ? { createdAt } : {}),
        ...(q.before
          ? { $or: [{ createdAt: { $lt: q.before.createdAt } }, { createdAt: q.before.createdAt, id: { $lt: q.before.id } }] }
          : {}),
      };
      return db.em().find(ToolExecution, where, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit });
    },

    /** One record of the project and its detail (null once pruned or never kept). */
    async findWithDetail(projectId: string, id: string): Promise<{ execution: IToolExecution; detail: IExecutionDetail | null } | null> {
      const em = db.em();
      const execution = await em.findOne(ToolExecution, { id, projectId }, fresh);
      if (!execution) return null;
      const detail = await em.findOne(ExecutionDetail, { id, projectId }, fresh);
      return { execution, detail };
    },

    /** Details of records made before `cutoff`, deleted in batches; how many went. */
    pruneDetails(cutoff: Date, batch: number, signal?: AbortSignal): Promise<number> {
      return pruneBefore('execution_details', cutoff, batch, signal);
    },

    /** Records made before `cutoff` (and any detail left of them), deleted in batches; how many records went. */
    async pruneRecords(cutoff: Date, batch: number, signal?: AbortSignal): Promise<number> {
      await pruneBefore('execution_details', cutoff, batch, signal);
      return pruneBefore('tool_executions', cutoff, batch, signal);
    },
  };
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
