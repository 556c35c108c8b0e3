/**
 * Periodic tasks run once across instances (src/events/jobs/scheduler.ts) and the connection
 * health refresher (connection-refresher.ts), on two brokers sharing one database and one manual
 * clock, against the HubSpot sandbox (its token endpoint can fail and refuse refreshes).
 */
import t from 'tap';
import { brokerWithSandboxes, EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { buildTestApp } from '../../helpers/app.js';
import { apiClient } from '../../helpers/api-client.js';
import { manualClock } from '../../helpers/clock.js';
import { Connection } from '../../../src/db/entities/index.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The sandbox's access tokens live two days: longer than the idle limit (a day), so both cases occur. */
const TOKEN_TTL_SECONDS = 48 * 3600;

const clock = manualClock();
const b = await brokerWithSandboxes(t, { clock, accessTokenTtlSeconds: TOKEN_TTL_SECONDS });
const env = { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG };
// A second instance on the same database (PostgreSQL: as in production; SQLite: two apps of one process).
const second = await buildTestApp(t, { db: b.db, clock, env });
const api = apiClient(b.app, { key: b.key });
const [one, two] = [b.app.services, second.app.services];

/** A task that counts its runs; `hold` keeps a run going until released (a hung or crashed runner). */
function countingTask(name: string, opts: { hold?: Promise<void>; onStart?: () => void } = {}) {
  const task = {
    name,
    intervalMs: MINUTE,
    leaseMs: 30_000,
    runs: 0,
    run: async () => {
      task.runs += 1;
      opts.onStart?.();
      await opts.hold;
    },
  };
  return task;
}

const refreshGrants = () =>
  b.hubspot.tokenRequests().filter((r) => (r.body as Record<string, string>).grant_type === 'refresh_token').length;

async function health(id: string) {
  const res = await api.getConnection({ params: { connectionId: id } });
  if (res.status !== 200) throw new Error(`getConnection: HTTP ${res.status}`);
  return res.body;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The events recorded about one connection, oldest first. */
async function eventsAbout(id: string) {
  const all = await one.eventRepos.events.list(b.projectId, { limit: 500 });
  return all.filter((e) => e.subjectId === id).reverse();
}

t.test('the loop started with the app runs due tasks, and closing the app stops it after the run', async (t) => {
  const looping = await buildTestApp(t, { db: b.db, clock, env: { ...env, SCHEDULED_TASKS: 'true', SCHEDULED_TASKS_POLL_MS: '10' } });
  let started!: () => void;
  const ran = new Promise<void>((resolve) => (started = resolve));
  const task = countingTask('test.loop', { onStart: () => started() });
  looping.app.services.scheduler.register(task);
  await ran;
  await looping.app.close();
  t.equal(task.runs, 1, 'one run: the clock did not move');
  clock.advance(MINUTE);
  await new Promise((resolve) => setTimeout(resolve, 50)); // five polls' time: a live loop would run it again
  t.equal(task.runs, 1, 'no run after the app closed');
});

t.test('a due task runs once across two instances, however often they ask', async (t) => {
  const onA = countingTask('test.once');
  const onB = countingTask('test.once');
  one.scheduler.register(onA);
  two.scheduler.register(onB);
  const ask = () => Promise.all([one.scheduler.runDue(), two.scheduler.runDue(), one.scheduler.runDue(), two.scheduler.runDue()]);
  await ask();
  t.equal(onA.runs + onB.runs, 1, 'the first asks: one run');
  clock.advance(30_000);
  await ask();
  t.equal(onA.runs + onB.runs, 1, 'not due again before its interval');
  clock.advance(30_000);
  await ask();
  await ask();
  t.equal(onA.runs + onB.runs, 2, 'due again after its interval: one more run');
});

t.test("a crashed runner's lease expires and another instance takes the task", async (t) => {
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const stuck = countingTask('test.lease', { hold, onStart: () => started() });
  const healthy = countingTask('test.lease');
  one.scheduler.register(stuck);
  two.scheduler.register(healthy);
  const firstRun = one.scheduler.runDue();
  await running;
  t.notOk((await two.scheduler.runDue()).includes('test.lease'), 'held: the other instance leaves it');
  clock.advance(30_000); // the lease's length
  t.ok((await two.scheduler.runDue()).includes('test.lease'), 'the lease ran out: the other instance runs it');
  t.equal(healthy.runs, 1);
  release();
  await firstRun;
  t.equal(stuck.runs, 1, 'the stuck run ended late; it did not run again');
  clock.advance(30_000);
  t.same(
    (await Promise.all([one.scheduler.runDue(), two.scheduler.runDue()])).flat().filter((n) => n === 'test.lease'),
    [],
    'the taker set the next time',
  );
  clock.advance(30_000);
  const ran = (await Promise.all([one.scheduler.runDue(), two.scheduler.runDue()])).flat().filter((n) => n === 'test.lease');
  t.same(ran, ['test.lease'], 'then it runs on schedule, once');
});

t.test('the refresher renews tokens about to expire and touches idle refresh tokens', async (t) => {
  const idle = await b.connectOAuth('hubspot', 'idle-user');
  const before = await health(idle);
  t.same(
    before.health,
    { lastRefreshedAt: null, lastFailureAt: null, lastFailure: null, nextRefreshAt: null },
    'a new connection: nothing refreshed, nothing failed',
  );
  const grants = refreshGrants();
  t.same(await one.refresher.runOnce(), { renewed: 0, failed: 0, expired: 0, skipped: 0 }, 'nothing due yet');

  // 25 h later the tokens are a day old: the refresh token is used once.
  clock.advance(25 * HOUR);
  t.match(await one.refresher.runOnce(), { renewed: 1 });
  t.equal(refreshGrants(), grants + 1, 'one refresh at the provider');
  const touched = await health(idle);
  t.equal(touched.status, 'ACTIVE');
  t.equal(touched.health.lastRefreshedAt, iso(clock.now()));
  t.equal(touched.health.nextRefreshAt, iso(clock.now() + 24 * HOUR), 'next: when the new refresh token is a day old');

  // A connection made now has a day before the idle touch; its token expires in 48 h.
  const fresh = await b.connectOAuth('hubspot', 'fresh-user');
  clock.advance(23 * HOUR);
  const grantsBefore = refreshGrants();
  t.match(await two.refresher.runOnce(), { renewed: 0, failed: 0, expired: 0 }, 'nothing due on either instance');
  t.equal(refreshGrants(), grantsBefore, 'no refresh at the provider');
  // 47 h 55 min after it was made, its access token expires within the window (10 min).
  await api.deleteConnection({ params: { connectionId: idle } });
  clock.advance(24 * HOUR + 55 * MINUTE);
  t.match(await two.refresher.runOnce(), { renewed: 1 }, 'the expiring token, renewed by the other instance');
  const renewed = await health(fresh);
  t.equal(renewed.health.lastRefreshedAt, iso(clock.now()));
  t.equal(renewed.health.lastFailureAt, null);

  const metrics = (await b.app.inject({ url: '/metrics' })).body + (await second.app.inject({ url: '/metrics' })).body;
  t.match(metrics, /broker_connection_health_refreshes_total\{reason="idle",outcome="renewed"\} 1/);
  t.match(metrics, /broker_connection_health_refreshes_total\{reason="expiring",outcome="renewed"\} 1/);
  await api.deleteConnection({ params: { connectionId: fresh } });
});

t.test('transient failures are retried with backoff; a refused refresh marks the connection EXPIRED', async (t) => {
  const id = await b.connectOAuth('hubspot', 'failing-user');
  clock.advance(25 * HOUR);
  b.hubspot.control.tokenEndpoint('fail');
  t.match(await one.refresher.runOnce(), { failed: 1 });
  let view = await health(id);
  t.equal(view.status, 'ACTIVE', 'a transient failure leaves the connection as it was');
  t.equal(view.health.lastFailureAt, iso(clock.now()));
  t.match(view.health.lastFailure, /HTTP 500/);
  t.equal(view.health.nextRefreshAt, iso(clock.now() + MINUTE), 'retried after CONNECTION_REFRESH_RETRY_SECONDS');
  const failedEvent = (await eventsAbout(id)).at(-1);
  t.equal(failedEvent?.type, 'connection.refresh_failed', 'subscribers are told');
  t.match(failedEvent?.data, {
    id,
    status: 'ACTIVE',
    health: { lastFailureAt: iso(clock.now()), nextRefreshAt: iso(clock.now() + MINUTE) },
  });

  const grants = refreshGrants();
  t.match(await one.refresher.runOnce(), { failed: 0 }, 'not before the retry time');
  t.equal(refreshGrants(), grants, 'no request to the provider meanwhile');
  clock.advance(MINUTE);
  t.match(await one.refresher.runOnce(), { failed: 1 });
  t.equal((await health(id)).health.nextRefreshAt, iso(clock.now() + 2 * MINUTE), 'the wait doubles per failure in a row');
  t.equal((await eventsAbout(id)).filter((e) => e.type === 'connection.refresh_failed').length, 1, 'a failure that goes on is told once');

  b.hubspot.control.tokenEndpoint('ok');
  clock.advance(2 * MINUTE);
  const failedAt = iso(clock.now() - 2 * MINUTE);
  t.match(await one.refresher.runOnce(), { renewed: 1 }, 'the provider is back: renewed');
  view = await health(id);
  t.equal(view.health.lastRefreshedAt, iso(clock.now()));
  t.equal(view.health.lastFailureAt, failedAt, 'the last failure stays on record');
  t.equal((await eventsAbout(id)).at(-1)?.type, 'connection.recovered', 'the success after it is told');

  // A day later the provider refuses the refresh token: only a new authorization helps.
  clock.advance(25 * HOUR);
  b.hubspot.control.tokenEndpoint('invalid_grant');
  t.match(await one.refresher.runOnce(), { expired: 1 });
  b.hubspot.control.tokenEndpoint('ok');
  view = await health(id);
  t.equal(view.status, 'EXPIRED');
  t.match(view.statusReason, /refused the refresh token/);
  t.equal(view.health.lastFailureAt, iso(clock.now()));
  t.match(view.health.lastFailure, /refused the refresh token/);
  t.equal(view.health.nextRefreshAt, null, 'nothing to renew until authorized again');
  const told = await eventsAbout(id);
  t.same(
    told.map((e) => e.type),
    ['connection.created', 'connection.refresh_failed', 'connection.recovered', 'connection.expired'],
    'every change of health told once, in order',
  );
  t.match(told.at(-1)?.data, { id, status: 'EXPIRED', health: { lastFailure: /refused the refresh token/ } });
  t.notMatch(JSON.stringify(told.map((e) => e.data)), /na1-|CN[A-Za-z0-9_-]{20}/, 'no token in the events');
  t.notMatch(JSON.stringify(view), /na1-|CN[A-Za-z0-9_-]{20}/, 'no token in the view');
  clock.advance(25 * HOUR);
  t.match(await one.refresher.runOnce(), { renewed: 0, expired: 0 }, 'an EXPIRED connection is left alone');
  await api.deleteConnection({ params: { connectionId: id } });
});

t.test(
  'both instances refreshing at once: one refresh at the provider (row lock on PostgreSQL)',
  { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL: SQLite serves one process' },
  async (t) => {
    const id = await b.connectOAuth('hubspot', 'raced-user');
    clock.advance(25 * HOUR);
    const grants = refreshGrants();
    const [a, c] = await Promise.all([one.refresher.runOnce(), two.refresher.runOnce()]);
    t.equal(refreshGrants(), grants + 1, 'exactly one refresh request');
    t.equal(a.renewed + c.renewed + a.skipped + c.skipped, 2, 'both handled it: one renewed it, the other found it done');
    t.equal((await health(id)).health.lastRefreshedAt, iso(clock.now()));
    await api.deleteConnection({ params: { connectionId: id } });
  },
);

t.test('a re-authorization clears the failures in a row that refreshes of the old tokens left', async (t) => {
  const id = await b.connectOAuth('hubspot', 'reauthorized-user');
  clock.advance(25 * HOUR);
  b.hubspot.control.tokenEndpoint('fail');
  t.match(await one.refresher.runOnce(), { failed: 1 });
  clock.advance(MINUTE);
  b.hubspot.control.tokenEndpoint('invalid_grant');
  t.match(await one.refresher.runOnce(), { expired: 1 });
  b.hubspot.control.tokenEndpoint('ok');
  const failures = async () => (await b.app.orm.em.fork().findOne(Connection, { id }))?.refreshFailures;
  t.ok(((await failures()) ?? 0) > 0, 'failures in a row recorded');

  const again = await one.connections.reauthorize(b.projectId, id);
  t.equal((await b.consent(again.redirectUrl)).res.statusCode, 200);
  const view = await health(id);
  t.equal(view.status, 'ACTIVE');
  t.equal(view.health.nextRefreshAt, null, 'nothing pending from the old tokens');
  t.equal(await failures(), 0, "the new tokens' first failure waits the first step of the backoff, not the old streak's");
  await api.deleteConnection({ params: { connectionId: id } });
});

t.test('the hourly retention sweep is a scheduled task: events past EVENT_RETENTION_DAYS go, once', async (t) => {
  t.ok((await one.eventRepos.events.list(b.projectId, { limit: 1 })).length > 0, 'the subtests above recorded events');
  clock.advance(31 * 24 * HOUR);
  const ran = (await Promise.all([one.scheduler.runDue(), two.scheduler.runDue()])).flat();
  t.equal(ran.filter((n) => n === 'events.retention').length, 1, 'one instance ran it');
  t.same(await one.eventRepos.events.list(b.projectId, { limit: 1 }), [], 'every event is past its retention');
  clock.advance(30 * MINUTE);
  t.notOk((await one.scheduler.runDue()).includes('events.retention'), 'not again within the hour');
});
