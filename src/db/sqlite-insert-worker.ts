/**
 * The insert thread's code (sqlite-insert-thread.ts starts it): its own connection to the database
 * file, on which it runs each batch it is sent in one transaction, then answers with the batch's
 * id, and the error's message if the batch failed (then none of it is stored). A thread that
 * cannot open the file says so in its first answer, marked fatal, and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { quotedName } from './sql-names.js';
import type { InsertBatch, InsertThreadSetup, InsertAnswer, SqliteValue } from './sqlite-insert-thread.js';

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

const setup = workerData as InsertThreadSetup;
const port = parentPort!;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function open(): Insert {
  const db = new Database(setup.file, { fileMustExist: true });
  // Writers take turns: the request thread's own writes wait for a batch (and a batch for them) at
  // most this long, as two processes on the file do.
  db.pragma(`busy_timeout = ${setup.busyTimeoutMs}`);
  return prepareChunkedInsert(db, setup.table, setup.columns);
}

let insert: Insert | undefined;
let openError: string | undefined;
try {
  insert = open();
} catch (err) {
  openError = `cannot open ${setup.file} for the execution records: ${messageOf(err)}`;
}

port.on('message', (batch: InsertBatch) => {
  if (!insert) {
    port.postMessage({ id: batch.id, error: openError, fatal: true } satisfies InsertAnswer);
    port.close();
    return;
  }
  let answer: InsertAnswer;
  try {
    insert(batch.values, batch.rows);
    answer = { id: batch.id };
  } catch (err) {
    answer = { id: batch.id, error: messageOf(err) };
  }
  port.postMessage(answer);
});
