/**
 * SQLite: the execution records' batched inserts run on a worker thread with its own connection to
 * the database file (sqlite-insert-worker.ts), not on the thread that serves requests.
 *
 * Why: better-sqlite3 is synchronous, so a batch inserted on the request thread stops every request
 * for as long as it takes (200 rows, with their share of WAL checkpoints, into a table that grows
 * with every call), and that time comes out of the one core the request thread has. This thread
 * raised executions per second and lowered the request thread's CPU per execution; the process's
 * CPU per execution, all threads, stayed the same (measured: docs/internals/performance.md#execution-records).
 * The rest of the inserts' cost is their own work, which the machine's other core has to find
 * room for. The request thread only flattens the
 * rows and posts them; WAL lets the two connections share the file, and a write of the request
 * thread waits out a batch within the busy timeout (and a batch waits for it).
 *
 * The thread starts with the first batch and keeps the process alive only while a batch is in
 * flight. If it dies (it cannot open the file, it crashes), the batches it held fail (the recorder
 * logs them as lost) and the next batch starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A value as better-sqlite3 binds it: the ORM's Dates as epoch milliseconds, booleans as 0/1. */
export type SqliteValue = string | number | bigint | Buffer | null;

export interface InsertThreadSetup {
  /** The database file (the thread opens its own connection to it). */
  file: string;
  busyTimeoutMs: number;
  table: string;
  columns: string[];
}

/** One batch: `rows` rows of `columns.length` values each, one after another. */
export interface InsertBatch {
  id: number;
  rows: number;
  values: SqliteValue[];
}

export interface InsertAnswer {
  id: number;
  /** The failure's message; the batch stored nothing. */
  error?: string;
  /** The thread cannot insert at all (it could not open the file) and ends. */
  fatal?: boolean;
}

export interface InsertThread {
  /** Resolves once the batch is committed; rejects with the reason it was not. */
  insert(values: SqliteValue[], rows: number): Promise<void>;
  /** Stops the thread (after the batches awaited by then: the recorder flushes before). */
  close(): Promise<void>;
}

// The thread's code sits beside this file: compiled (.js) in dist/, TypeScript when the sources run
// through tsx (tests, the demo). tsx's loader does not reach worker threads on Node 20, so there the
// thread registers it before it loads its code.
const WORKER_URL = new URL(`./sqlite-insert-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function newWorker(workerData: InsertThreadSetup): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}

export function startInsertThread({ file, busyTimeoutMs, table, columns }: InsertThreadSetup): InsertThread {
  const setup: InsertThreadSetup = { file, busyTimeoutMs, table, columns };
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };

  /** True when `w` was the current thread: the next batch starts a new one. */
  const forget = (w: Worker) => {
    if (worker !== w) return false;
    worker = undefined;
    return true;
  };

  function spawn(): Worker {
    const w = newWorker(setup);
    w.on('message', (answer: InsertAnswer) => {
      const batch = waiting.get(answer.id);
      if (!batch) return;
      waiting.delete(answer.id);
      if (answer.error === undefined) batch.resolve();
      else batch.reject(new Error(answer.error));
      if (answer.fatal) {
        forget(w);
        failAll(new Error(answer.error));
        void w.terminate();
      } else if (waiting.size === 0) w.unref();
    });
    // A dead thread is replaced by the next batch: forgotten at its first sign of death, and
    // whatever it held fails (a batch posted in between is answered by the exit).
    w.on('error', (err: unknown) => {
      if (forget(w)) failAll(err instanceof Error ? err : new Error(`the SQLite insert thread failed: ${String(err)}`));
    });
    w.on('exit', (code) => {
      if (forget(w)) failAll(new Error(`the SQLite insert thread stopped (exit code ${code})`));
    });
    return w;
  }

  return {
    insert(values, rows) {
      const w = (worker ??= spawn());
      w.ref();
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, rows, values } satisfies InsertBatch);
      });
    },
    async close() {
      const w = worker;
      if (!w || !forget(w)) return;
      // Failed before the wait, not after: a batch sent meanwhile goes to a new thread, and must not be failed here.
      failAll(new Error('the SQLite insert thread was closed'));
      await w.terminate();
    },
  };
}
