/**
 * The SQLite analogue of the PostgreSQL drill (issue 12): another handle holds the write lock for
 * a few seconds. Writes must fail within the bound (busy timeout = DB_STATEMENT_TIMEOUT_MS) with a
 * 503 in the native body, reads keep working (WAL), and writes succeed again once the lock goes.
 * Always on SQLite (whatever TEST_DATABASE_URL says): the drills run once, each on its database.
 */
import t from 'tap';
import Database from 'better-sqlite3';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';

const STATEMENT_MS = 500;
const LOCK_MS = 2000;
const BOUND_MS = STATEMENT_MS + 1500;

t.test('a write lock held elsewhere: fast 503s for writes, reads served, recovery', async (t) => {
  const { app, config } = await buildTestApp(t, {
    database: { sqlite: true },
    env: { DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS) },
  });
  const { key } = await createProjectWithKey(app);
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  let n = 0;
  const write = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth_configs',
      headers,
      payload: JSON.stringify({ slug: 'hubspot', authMethodId: 'hubspot_oauth2', clientId: `c${n++}`, clientSecret: 'a-client-secret' }),
    });
  const read = () => app.inject({ url: '/api/v1/auth_configs', headers });
  t.equal((await write()).statusCode, 200, 'a write before the lock');

  const other = new Database(config.database.url);
  t.teardown(() => other.close());
  other.exec('BEGIN EXCLUSIVE');
  const lockedAt = Date.now();
  const during: { status: number; ms: number; body: string }[] = [];
  while (Date.now() - lockedAt < LOCK_MS) {
    const started = Date.now();
    const res = await write();
    during.push({ status: res.statusCode, ms: Date.now() - started, body: res.body });
    const r = await read();
    t.equal(r.statusCode, 200, 'reads are served under the lock');
  }
  other.exec('COMMIT');

  t.ok(during.length > 0);
  for (const d of during) {
    t.equal(d.status, 503, 'a write under the lock is a 503');
    t.match(JSON.parse(d.body), { defined: false, code: 'SERVICE_UNAVAILABLE', status: 503 });
    t.ok(d.ms <= BOUND_MS, `answered in ${d.ms} ms (bound ${BOUND_MS} ms)`);
  }
  const after = await write();
  t.equal(after.statusCode, 200, 'writes succeed once the lock is released');
  t.equal((await read()).json().items.length, 2, 'both committed writes are there');
});
