/**
 * When a test database is dropped. PostgreSQL 15 waits for a checkpoint on every DROP DATABASE
 * (0.6 s on an idle machine, nearly 2 s on a busy one) and a PostgreSQL phase drops about 200: a
 * file that waited for each spent much of its time idle. In a group of files (file-group.ts) the
 * drops run one at a time in the background while the tests go on, and the group waits for the
 * last of them (and fails on any that failed) before its process ends. A file run alone waits for
 * each in its teardown.
 */
let inBackground = false;
let queue: Promise<void> = Promise.resolve();
const failures: unknown[] = [];

/** Runs `drop` now, or queues it when drops run in the background. */
export function dropDatabase(drop: () => Promise<void>): Promise<void> {
  if (!inBackground) return drop();
  // One at a time: each holds a connection, and the server's are shared with the rest of the run.
  queue = queue.then(drop).catch((error: unknown) => void failures.push(error));
  return Promise.resolve();
}

/** From now on, drops run in the background (file-group.ts). */
export function dropInBackground(): void {
  inBackground = true;
}

/** Waits for the queued drops; returns the errors of those that failed. */
export async function droppedAll(): Promise<unknown[]> {
  await queue;
  return failures.splice(0);
}
