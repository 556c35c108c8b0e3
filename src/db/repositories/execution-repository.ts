/** The execution records (tool executions and proxy calls): written in batches, never updated. */
import { ToolExecution, type IToolExecution } from '../entities/index.js';
import type { Db } from '../unit-of-work.js';

export function createExecutionRepository(db: Db) {
  return {
    /** On its own fork: batches are flushed from timers, outside any request. */
    async insertMany(rows: IToolExecution[]): Promise<void> {
      await db.em().fork().insertMany(ToolExecution, rows);
    },
  };
}

export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
