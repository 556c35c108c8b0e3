/**
 * SQLite work on a worker thread with its own connection to the database file, not on the thread
 * that serves requests: better-sqlite3 is synchronous, so a statement on the request thread stops
 * every request for as long as it runs, and that time comes out of the one core the request thread
 * has. Two users, each a thread of its own: the execution records' inserts (sqlite-insert-thread.ts)
 * and the webhook delivery queue's claims and attempt records (repositories/webhook-delivery-queue.ts).
 * WAL lets the connections share the file; a write waits out another connection's within the busy
 * timeout.
 *
 * The thread starts with the first request and keeps the process alive only while a request is in
 * flight. If it dies (it cannot open the file, it crashes), the requests it held fail with the
 * reason and the next request starts a new one. Its code is `serveSqliteThread` in a module beside
 * this one.
 */
import { Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A value as better-sqlite3 binds it (the ORM's Dates as epoch milliseconds, booleans as 0/1). */
export type SqliteValue = string | number | bigint | Buffer | null;

/** What a thread's module is started with (its workerData). */
export interface SqliteThreadSetup {
  /** The database file (the thread opens its own connection to it). */
  file: string;
  busyTimeoutMs: number;
}

/** A request as the thread receives it. */
export interface ThreadRequest<Req> {
  id: number;
  request: Req;
}

/** The thread's answer to one request. */
export interface ThreadAnswer<Res> {
  id: number;
  result?: Res;
  /** The failure's message; a request that writes wrote nothing. */
  error?: string;
  /** The failure's code (SQLITE_BUSY…), which src/db/database-errors.ts reads. */
  code?: string;
  /** In the first message only: the thread cannot work at all (it could not open the file) and ends. */
  fatal?: boolean;
}

/** The id of the thread's first message: its connection is open (or, fatal, could not be opened). */
export const READY_ID = -1;

export interface SqliteThread<Req, Res> {
  /**
   * Starts the thread if it is not running and resolves once its connection is open (at once
   * after that); rejects with the reason it could not open. Starting a thread takes a while (its
   * own module graph, better-sqlite3's native module): a caller holding something others wait for
   * waits for this first.
   */
  ready(): Promise<void>;
  /** Resolves with the thread's result; rejects with its error (message and code kept). */
  call(request: Req): Promise<Res>;
  /** Stops the thread; requests still waiting fail. */
  close(): Promise<void>;
}

/**
 * The URL of a thread module beside the file at `from` (an import.meta.url): compiled (.js) in
 * dist/, TypeScript when the sources run through tsx (tests, the demo).
 */
export function threadModule(from: string, name: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(from))}`, from);
}

// tsx's loader does not reach worker threads on Node 20, so there the thread registers it before it
// loads its code.
function newWorker(url: URL, workerData: SqliteThreadSetup): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}

/** An Error carrying the thread's message and code. */
function errorOf(answer: ThreadAnswer<unknown>): Error {
  const err = new Error(answer.error) as Error & { code?: string };
  if (answer.code !== undefined) err.code = answer.code;
  return err;
}

/**
 * `workerData` is cloned to the thread (plain data only); `name` says which thread in its
 * failures: "the SQLite insert thread".
 */
export function startSqliteThread<Req, Res>(url: URL, workerData: SqliteThreadSetup, name: string): SqliteThread<Req, Res> {
  let worker: Worker | undefined;
  /** The current thread's first message: its connection is open. */
  let opened: Promise<void> | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (result: Res) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };

  /** True when `w` was the current thread: the next request starts a new one. */
  const forget = (w: Worker) => {
    if (worker !== w) return false;
    worker = undefined;
    opened = undefined;
    return true;
  };

  function spawn(): Worker {
    const w = newWorker(url, workerData);
    let open: { resolve: () => void; reject: (err: Error) => void } | undefined;
    opened = new Promise<void>((resolve, reject) => (open = { resolve, reject }));
    // Nobody may be waiting for it (a call goes ahead anyway): its failure reaches the calls.
    opened.catch(() => undefined);
    w.on('message', (answer: ThreadAnswer<Res>) => {
      if (answer.id === READY_ID) {
        if (answer.fatal) {
          open!.reject(errorOf(answer));
          forget(w);
          failAll(errorOf(answer));
          void w.terminate();
        } else {
          open!.resolve();
          if (waiting.size === 0) w.unref();
        }
        return;
      }
      const request = waiting.get(answer.id);
      if (!request) return;
      waiting.delete(answer.id);
      if (answer.error === undefined) request.resolve(answer.result as Res);
      else request.reject(errorOf(answer));
      if (waiting.size === 0) w.unref();
    });
    // A dead thread is replaced by the next request: forgotten at its first sign of death, and
    // whatever it held fails (a request posted in between is answered by the exit).
    w.on('error', (err: unknown) => {
      const failure = err instanceof Error ? err : new Error(`${name} failed: ${String(err)}`);
      open!.reject(failure);
      if (forget(w)) failAll(failure);
    });
    w.on('exit', (code) => {
      const failure = new Error(`${name} stopped (exit code ${code})`);
      open!.reject(failure);
      if (forget(w)) failAll(failure);
    });
    return w;
  }

  return {
    ready() {
      worker ??= spawn();
      return opened!;
    },
    call(request) {
      const w = (worker ??= spawn());
      w.ref();
      const id = nextId++;
      return new Promise<Res>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, request } satisfies ThreadRequest<Req>);
      });
    },
    async close() {
      const w = worker;
      if (!w || !forget(w)) return;
      // Failed before the wait, not after: a request sent meanwhile goes to a new thread, and must not be failed here.
      failAll(new Error(`${name} was closed`));
      await w.terminate();
    },
  };
}
