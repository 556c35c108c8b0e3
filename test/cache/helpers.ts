/** Shared by the invalidation tests: how long until another instance sees a change. */
import type { FastifyInstance } from 'fastify';

const GIVE_UP_MS = 3_000;

/** Milliseconds from now until `done()` holds, polled back to back; throws past GIVE_UP_MS. */
export async function msUntil(done: () => boolean | Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await done()) return performance.now() - start;
    if (performance.now() - start > GIVE_UP_MS) throw new Error(`not seen within ${GIVE_UP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Waits for the instance's notification channel (PostgreSQL; SQLite has none). */
export function channelUp(app: FastifyInstance): Promise<number> {
  return msUntil(() => app.services.cache.stats().channel !== 'down');
}

/**
 * Returns a waiter for the next change pushed to `app`: milliseconds from the waiter's call until
 * the instance dropped its cache. 0 on SQLite, where every request reads the epoch itself.
 * Measuring the drop, not a request's answer, keeps a slow request under load out of the figure.
 */
export function nextDrop(app: FastifyInstance): () => Promise<number> {
  const stats = () => app.services.cache.stats();
  const before = stats().drops;
  return async () => (stats().channel === 'none' ? 0 : msUntil(() => stats().drops > before));
}
