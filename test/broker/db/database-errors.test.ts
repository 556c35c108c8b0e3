/**
 * Which real driver errors mean "the database cannot answer now" (503, retry) and which are bugs
 * (500): produced by the real ORM with the configured bounds, on the pass's own database.
 */
import t from 'tap';
import { createDb } from '../../../src/db/fork-per-call.js';
import Database from 'better-sqlite3';
import { createServer, type Socket } from 'node:net';
import { openOrm } from '../../../src/db/orm.js';
import { isDatabaseUnavailable } from '../../../src/db/database-errors.js';
import { classifyError } from '../../../src/error-classifier.js';
import { createTestDatabase, testConfig } from '../../helpers/app.js';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

t.test('a statement over the bound is "unavailable" (503); a bad statement is not', async (t) => {
  const db = await createTestDatabase(t);
  const config = testConfig(db, { DB_STATEMENT_TIMEOUT_MS: '200' });
  const orm = await openOrm(config.database);
  t.teardown(() => orm.close(true));
  const conn = () => orm.em.fork().getConnection();

  if (config.database.kind === 'postgresql') {
    const started = Date.now();
    const slow = await failure(() => conn().execute('select pg_sleep(2)'));
    t.ok(Date.now() - started < 1500, 'the statement timeout stopped it');
    t.ok(isDatabaseUnavailable(slow), 'statement timeout: unavailable');
    t.match(classifyError(slow), { status: 503, code: 'SERVICE_UNAVAILABLE', defined: false, internal: false });
  } else {
    await conn().execute('create table t (x integer)');
    const other = new Database(config.database.url);
    t.teardown(() => other.close());
    other.exec('BEGIN EXCLUSIVE');
    const started = Date.now();
    const locked = await failure(() => conn().execute('insert into t (x) values (1)'));
    other.exec('COMMIT');
    t.ok(Date.now() - started < 1500, 'the busy timeout stopped the wait');
    t.ok(isDatabaseUnavailable(locked), 'database is locked: unavailable');
    t.match(classifyError(locked), { status: 503, code: 'SERVICE_UNAVAILABLE' });
  }
  const bad = await failure(() => conn().execute('select * from no_such_table'));
  t.notOk(isDatabaseUnavailable(bad), 'a missing table is a bug, not an outage');
  t.match(classifyError(bad), { status: 500, internal: true });
});

t.test('an unreachable PostgreSQL fails within the acquire bound, as unavailable', async (t) => {
  // A port that accepts and never answers: the partition case of connection set-up.
  const held: Socket[] = [];
  const silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  t.teardown(() => {
    for (const socket of held) socket.destroy();
    return new Promise((resolve) => silent.close(resolve));
  });
  const { port } = silent.address() as { port: number };
  const db = await createTestDatabase(t);
  const config = testConfig(db, { DATABASE_URL: `postgres://u@127.0.0.1:${port}/x`, DB_ACQUIRE_TIMEOUT_MS: '300' });
  // The first statement connects (outside a migration the ORM does not check the database exists
  // at init): that is the first bounded wait.
  const started = Date.now();
  const err = await failure(async () => {
    const orm = await openOrm(config.database);
    try {
      await orm.em.getConnection().execute('select 1');
    } finally {
      await orm.close(true);
    }
  });
  t.ok(Date.now() - started < 2000, `failed after ${Date.now() - started} ms`);
  t.ok(isDatabaseUnavailable(err), 'unavailable');
  t.match(classifyError(err), { status: 503, code: 'SERVICE_UNAVAILABLE' });
});

t.test('SQLite: a transaction whose snapshot went stale (another connection wrote) is run again, not failed', async (t) => {
  const database = await createTestDatabase(t);
  const config = testConfig(database);
  if (config.database.kind !== 'sqlite') return t.pass('PostgreSQL waits for row locks instead');
  const orm = await openOrm(config.database);
  t.teardown(() => orm.close(true));
  const db = createDb(orm, config.database);
  t.teardown(() => db.close());
  await orm.em.fork().getConnection().execute('create table counter (n integer)');
  await orm.em.fork().getConnection().execute('insert into counter (n) values (0)');
  const other = new Database(config.database.url);
  t.teardown(() => other.close());

  let attempts = 0;
  await db.transaction(async (em) => {
    attempts += 1;
    const conn = em.getConnection();
    await conn.execute('select n from counter', [], 'all', em.getTransactionContext());
    // Another writer (as the execution-record thread is) commits between this read and this write.
    if (attempts === 1) other.exec('update counter set n = n + 10');
    await conn.execute('update counter set n = n + 1', [], 'run', em.getTransactionContext());
  });
  t.equal(attempts, 2, 'the first attempt met a stale snapshot and was run again');
  t.same(other.prepare('select n from counter').get(), { n: 11 }, 'both writes, once each');
});
