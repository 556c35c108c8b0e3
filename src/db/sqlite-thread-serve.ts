/**
 * The thread side of sqlite-thread.ts: opens the thread's own connection to the database file and
 * says so (READY_ID), then answers each request with its result, or with the error's message and
 * code. A thread that cannot open the file says so instead, marked fatal, and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { READY_ID, type SqliteThreadSetup, type ThreadAnswer, type ThreadRequest } from './sqlite-thread.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? { code } : {};
};

/**
 * Serves this thread's requests with what `prepare` makes of the connection (its statements,
 * prepared once). `purpose` names the work in the failure to open: "the execution records".
 */
export function serveSqliteThread<Req, Res>(purpose: string, prepare: (db: Database.Database) => (request: Req) => Res): void {
  const setup = workerData as SqliteThreadSetup;
  const port = parentPort!;
  let handle: (request: Req) => Res;
  try {
    const db = new Database(setup.file, { fileMustExist: true });
    // Writers take turns: the request thread's own writes wait for this thread's (and its for
    // theirs) at most this long, as two processes on the file do.
    db.pragma(`busy_timeout = ${setup.busyTimeoutMs}`);
    handle = prepare(db);
  } catch (err) {
    const error = `cannot open ${setup.file} for ${purpose}: ${messageOf(err)}`;
    port.postMessage({ id: READY_ID, error, fatal: true } satisfies ThreadAnswer<Res>);
    port.close();
    return;
  }
  port.postMessage({ id: READY_ID } satisfies ThreadAnswer<Res>);

  port.on('message', ({ id, request }: ThreadRequest<Req>) => {
    let answer: ThreadAnswer<Res>;
    try {
      answer = { id, result: handle(request) };
    } catch (err) {
      answer = { id, error: messageOf(err), ...codeOf(err) };
    }
    port.postMessage(answer);
  });
}
