/**
 * The insert thread's code (sqlite-insert-thread.ts starts it): each batch it is sent runs in one
 * transaction on the thread's own connection (sqlite-thread-serve.ts); a failed batch stores none
 * of its rows.
 */
import type Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { quotedName } from './sql-names.js';
import type { InsertBatch, InsertThreadSetup } from './sqlite-insert-thread.js';
import type { SqliteValue } from './sqlite-thread.js';
import { serveSqliteThread } from './sqlite-thread-serve.js';

/** Row counts a batch is cut into, largest first; each has one prepared statement (bulk-insert.ts says why). */
const CHUNKS = [200, 50, 10, 1] as const;

type Insert = (values: SqliteValue[], rows: number) => void;

/** `values` holds the rows one after another, each in the order of `columns`; one transaction. */
function prepareChunkedInsert(db: Database.Database, table: string, columns: readonly string[]): Insert {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `insert into ${quotedName(table)} (${columns.map(quotedName).join(', ')}) values `;
  const statements = new Map<number, Database.Statement>(CHUNKS.map((n) => [n, db.prepare(head + Array(n).fill(tuple).join(', '))]));
  const width = columns.length;
  return db.transaction((values: SqliteValue[], rows: number) => {
    let at = 0;
    for (const size of CHUNKS) {
      const statement = statements.get(size)!;
      for (; rows - at >= size; at += size) statement.run(values.slice(at * width, (at + size) * width));
    }
  });
}

const { table, columns } = workerData as InsertThreadSetup;
serveSqliteThread<InsertBatch, void>('the execution records', (db) => {
  const insert = prepareChunkedInsert(db, table, columns);
  return (batch) => insert(batch.values, batch.rows);
});
