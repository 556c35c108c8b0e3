/**
 * SQLite: the execution records' batched inserts run on a worker thread with its own connection to
 * the database file (sqlite-thread.ts; its code is sqlite-insert-worker.ts), not on the thread that
 * serves requests.
 *
 * Why: a batch inserted on the request thread stops every request for as long as it takes (200
 * rows, with their share of WAL checkpoints, into a table that grows with every call). This thread
 * raised executions per second and lowered the request thread's CPU per execution; the process's
 * CPU per execution, all threads, stayed the same (measured: docs/internals/performance.md#execution-records).
 * The rest of the inserts' cost is their own work, which the machine's other core has to find
 * room for. The request thread only flattens the rows and posts them.
 */
import { startSqliteThread, threadModule, type SqliteThreadSetup, type SqliteValue } from './sqlite-thread.js';

export interface InsertThreadSetup extends SqliteThreadSetup {
  table: string;
  columns: string[];
}

/** One batch: `rows` rows of `columns.length` values each, one after another. */
export interface InsertBatch {
  rows: number;
  values: SqliteValue[];
}

export interface InsertThread {
  /** Resolves once the batch is committed; rejects with the reason it was not. */
  insert(values: SqliteValue[], rows: number): Promise<void>;
  /** Stops the thread (after the batches awaited by then: the recorder flushes before). */
  close(): Promise<void>;
}

const WORKER_URL = threadModule(import.meta.url, 'sqlite-insert-worker');

export function startInsertThread({ file, busyTimeoutMs, table, columns }: InsertThreadSetup): InsertThread {
  const setup: InsertThreadSetup = { file, busyTimeoutMs, table, columns };
  const thread = startSqliteThread<InsertBatch, void>(WORKER_URL, setup, 'the SQLite insert thread');
  return {
    insert: (values, rows) => thread.call({ rows, values }),
    close: () => thread.close(),
  };
}
