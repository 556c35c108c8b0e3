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
 * Returns a waiter for the next change to reach `app`: milliseconds from the waiter's call until
 * the instance dropped its cache. PostgreSQL pushes the change; on SQLite the instance sees it at
 * its next epoch read (requests read it once SQLITE_RECHECK_MS old), which the waiter prompts as
 * a request would. Measuring the drop, not a request's answer, keeps a slow request under load
 * out of the figure.
 */
export function nextDrop(app: FastifyInstance): () => Promise<number> {
  const cache = app.services.cache;
  const before = cache.stats().drops;
  return () =>
    msUntil(async () => {
      if (cache.stats().channel === 'none') await cache.sync();
      return cache.stats().drops > before;
    });
}
