/** The hot cache on a real epoch store: fills begun before a drop are refused; the safety TTL. */
import t from 'tap';
import { createTestDatabase, testConfig, type TestContext } from '../../helpers/app.js';
import { migrateDatabase } from '../../../src/db/orm.js';
import { createEpochStore } from '../../../src/db/cache-epoch-store.js';
import { SQLITE_RECHECK_MS, createHotCache } from '../../../src/cache/hot-cache.js';
import { msUntil } from './helpers.js';

async function setup(t: TestContext, safetyTtlMs: number) {
  const db = await createTestDatabase(t);
  const config = testConfig(db);
  await migrateDatabase(config.database);
  const store = createEpochStore(config.database);
  db.beforeDrop(() => store.close());
  const clock = { ms: 1_000_000 };
  const cache = createHotCache(store, { safetyTtlMs, now: () => clock.ms });
  return { cache, clock, postgres: config.database.kind === 'postgresql' };
}

t.test('a read that began before an invalidation does not refill the cache', async (t) => {
  const { cache } = await setup(t, 5_000);
  const m = cache.map<string>('things');
  t.equal(m.get('a'), undefined, 'miss');
  await cache.invalidate(); // the change lands while the miss is being loaded
  m.set('a', 'stale');
  t.equal(m.get('a'), undefined, 'the stale fill was refused');
  m.set('a', 'fresh');
  t.equal(m.get('a'), 'fresh', 'a fill after the drop is kept');
  t.match(cache.stats(), { hits: 1, misses: 2 });
});

t.test('the safety TTL: a channel not verified for that long means reading the epoch', async (t) => {
  const { cache, clock, postgres } = await setup(t, 1_000);
  if (!postgres) {
    const reads = cache.stats().epochReads;
    t.equal(cache.sync(), undefined, 'SQLite reads synchronously');
    t.equal(cache.stats().epochReads, reads + 1, 'the first request reads the epoch');
    cache.sync();
    clock.ms += SQLITE_RECHECK_MS - 1;
    cache.sync();
    t.equal(cache.stats().epochReads, reads + 1, 'within SQLITE_RECHECK_MS the read is trusted');
    clock.ms += 1;
    cache.sync();
    t.equal(cache.stats().epochReads, reads + 2, 'after it, the next request reads again');
    return;
  }
  await msUntil(() => cache.stats().channel === 'up');
  t.equal(cache.sync(), undefined, 'fresh: no read');
  clock.ms += 1_001;
  const reading = cache.sync();
  t.ok(reading, 'past the TTL: a read');
  await reading;
  t.equal(cache.sync(), undefined, 'verified again by that read');
});
