/**
 * SQLite: the execution records' batched inserts run on a worker thread with its own connection to
 * the database file (sqlite-insert-worker.ts), not on the thread that serves requests.
 *
 * Why: better-sqlite3 is synchronous, so a batch inserted on the request thread stops every request
 * for as long as it takes (200 rows, with their share of WAL checkpoints, into a table that grows
 * with every call), and that time comes out of the one core the request thread has. Measured
 * with `npm run bench`'s setup on this project's 2-core machine (64 connections, brokers taking
 * turns in 2 s windows, four runs of 12-16 pairs): this thread raised executions per second by
 * 3-7% at the median (higher in 9 of 14 and 13 of 16 pairs) and lowered the request thread's CPU
 * per execution by 4-7%; the process's CPU per execution, all threads, stayed the same. Left out
 * altogether (a hack, as the upper bound), the inserts cost 12-15%: the rest is the insert's own
 * work, which the machine's other core has to find room for. The request thread only flattens the
 * rows and posts them; WAL lets the two connections share the file, and a write of the request
 * thread waits out a batch within the busy timeout (and a batch waits for it).
 *
 * The thread starts with the first batch, keeps the process alive only while a batch is in flight,
 * and ends after IDLE_STOP_MS without one, so an idle instance does not keep its memory (about
 * 16 MB: an isolate and a connection); a start costs a few milliseconds of the other core. If it dies (it cannot open the file, it crashes), the batches it held fail (the recorder
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
  /** How long the thread outlives its last batch; IDLE_STOP_MS unless told (tests). */
  idleStopMs?: number;
}

/** How long the thread outlives its last batch. */
export const IDLE_STOP_MS = 10_000;

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

interface Pending {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** A started thread and the batches it has not answered yet. */
interface Running {
  worker: Worker;
  waiting: Map<number, Pending>;
}

export function startInsertThread({ file, busyTimeoutMs, table, columns, idleStopMs = IDLE_STOP_MS }: InsertThreadSetup): InsertThread {
  const setup: InsertThreadSetup = { file, busyTimeoutMs, table, columns };
  let current: Running | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;

  /** Forgets `r` if it is the current thread (the next batch starts another) and fails what it held. */
  const retire = (r: Running, err: Error) => {
    if (current === r) current = undefined;
    for (const p of r.waiting.values()) p.reject(err);
    r.waiting.clear();
  };

  const stop = async (r: Running) => {
    retire(r, new Error('the SQLite insert thread was closed'));
    await r.worker.terminate();
  };

  function spawn(): Running {
    const r: Running = { worker: newWorker(setup), waiting: new Map() };
    r.worker.on('message', (answer: InsertAnswer) => {
      const batch = r.waiting.get(answer.id);
      if (!batch) return;
      r.waiting.delete(answer.id);
      if (answer.error === undefined) batch.resolve();
      else batch.reject(new Error(answer.error));
      if (answer.fatal) {
        retire(r, new Error(answer.error));
        void r.worker.terminate();
      } else if (r.waiting.size === 0) {
        r.worker.unref();
        idleTimer = setTimeout(() => void stop(r), idleStopMs).unref();
      }
    });
    // A dead thread is replaced by the next batch, and whatever it held fails.
    r.worker.on('error', (err: unknown) =>
      retire(r, err instanceof Error ? err : new Error(`the SQLite insert thread failed: ${String(err)}`)),
    );
    r.worker.on('exit', (code) => retire(r, new Error(`the SQLite insert thread stopped (exit code ${code})`)));
    return r;
  }

  return {
    insert(values, rows) {
      clearTimeout(idleTimer);
      const r = (current ??= spawn());
      r.worker.ref();
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        r.waiting.set(id, { resolve, reject });
        r.worker.postMessage({ id, rows, values } satisfies InsertBatch);
      });
    },
    async close() {
      clearTimeout(idleTimer);
      if (current) await stop(current);
    },
  };
}
