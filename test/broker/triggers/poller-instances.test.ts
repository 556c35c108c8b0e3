/**
 * The poller across restarts and broker instances: a poller that dies holding a claim (its lease
 * runs out, another app on the same database polls, nothing lost, nothing twice), a slow poll that
 * keeps its claim past the lease by renewing it, a replay from an
 * older mark (the same event ids, nothing recorded twice), a poll whose instance is disabled
 * while it runs (it commits nothing), and two apps polling one set of instances (PostgreSQL: each
 * instance once per tick).
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { appDb, buildTestApp, createTestDatabase, type TestApp } from '../../helpers/app.js';
import { brokerWithSandboxes, EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { createTriggerPollStateRepository } from '../../../src/db/repositories/trigger-poll-state-repository.js';
import { createTriggerInstanceRepository } from '../../../src/db/repositories/trigger-instance-repository.js';
import { Connection } from '../../../src/db/entities/index.js';

const MINUTE = 60_000;
const clock = manualClock();
const db = await createTestDatabase(t);
const b = await brokerWithSandboxes(t, { clock, db });
const connectionId = await b.connectOAuth('hubspot', 'alice');
let states = createTriggerPollStateRepository(appDb(b));

/** Another broker instance on the same database, clock and sandboxes. */
const anotherApp = () => buildTestApp(t, { db, clock, env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG } });

async function eventsOf(app: TestApp['app'], instanceId: string) {
  const all = await app.services.eventRepos.events.list(b.projectId, { types: ['trigger.event'], limit: 1000 });
  return all.filter((e) => e.subjectId === instanceId).map((e) => ({ id: e.id, contact: (e.data.payload as { id: string }).id }));
}

let made = 0;
const contact = () => b.hubspot.control.createObject('contacts', { email: `r${++made}@example.com` });

const target = (instanceId: string, enabled = true) => ({
  instanceId,
  projectId: b.projectId,
  triggerSlug: 'HUBSPOT_CONTACT_CREATED',
  connectionId,
  config: { interval: 1 },
  enabled,
});

t.test('a poll whose instance is disabled while it runs commits nothing', async (t) => {
  const poller = b.app.services.triggerPoller;
  await poller.schedule(target('ti_inflight'));
  await poller.runDue();
  contact();
  clock.advance(MINUTE);
  b.hubspot.control.latencyMs(200);
  const inFlight = poller.runDue();
  while (!(await states.find('ti_inflight'))?.leaseToken) await sleep(5);
  await poller.schedule(target('ti_inflight', false));
  t.same([...(await inFlight)], [['ti_inflight', 'lost']]);
  b.hubspot.control.latencyMs(0);
  t.same(await eventsOf(b.app, 'ti_inflight'), []);
  await poller.unschedule('ti_inflight');
});

let survivor: TestApp;

/**
 * An instance row for a poll target: an app starting on this database reconciles poll states with
 * instances (src/triggers/instance-polling.ts) and drops a state whose instance does not exist.
 */
async function instanceFor(instanceId: string, app: TestApp = b): Promise<void> {
  const conn = await appDb(app).em().findOneOrFail(Connection, { id: connectionId });
  await createTriggerInstanceRepository(appDb(app)).insert({
    id: instanceId,
    projectId: b.projectId,
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    toolkitSlug: 'hubspot',
    connectionId,
    authConfigId: conn.authConfigId,
    entityId: conn.entityId,
    config: { interval: 1 },
    configHash: instanceId,
    enabled: true,
    disabledAt: null,
    disabledReason: null,
    disabledBy: null,
  });
}

t.test('a poller that dies holding a claim: after its lease another app polls; nothing lost, nothing twice', async (t) => {
  await instanceFor('ti_restart');
  await b.app.services.triggerPoller.schedule(target('ti_restart'));
  await b.app.services.triggerPoller.runDue();
  const made = [contact(), contact()];
  clock.advance(MINUTE);
  // The first app claims the due row and dies before committing.
  const leaseMs = b.app.config.triggers.leaseMs;
  t.equal(leaseMs, 30_000, 'TRIGGER_POLL_LEASE_SECONDS defaults to 30 s');
  t.equal((await states.claimDue(new Date(clock.now()), new Date(clock.now() + leaseMs), 'dead-claim', 10)).length, 1);
  await b.app.close();

  survivor = await anotherApp();
  states = createTriggerPollStateRepository(appDb(survivor));
  const poller = survivor.app.services.triggerPoller;
  t.equal((await poller.runDue()).size, 0, 'the dead claim holds until its lease runs out');
  clock.advance(leaseMs);
  t.same([...(await poller.runDue())], [['ti_restart', 'ok']]);
  const events = await eventsOf(survivor.app, 'ti_restart');
  t.same(events.map((e) => e.contact).sort(), made.map((c) => c.id).sort(), 'each contact once');

  // A replay from the old mark (a commit that was lost): the same items give the same event ids, recorded once.
  const row = (await states.find('ti_restart'))!;
  await states.update('ti_restart', { markAt: new Date(row.markAt!.getTime() - 1), markIds: [] });
  clock.advance(MINUTE);
  t.same([...(await poller.runDue())], [['ti_restart', 'ok']]);
  t.same((await eventsOf(survivor.app, 'ti_restart')).map((e) => e.id).sort(), events.map((e) => e.id).sort(), 'no second event');

  const later = contact();
  clock.advance(MINUTE);
  await poller.runDue();
  t.same((await eventsOf(survivor.app, 'ti_restart')).map((e) => e.contact).sort(), [...made, later].map((c) => c.id).sort());
  // Deleted, as the instance service deletes: the row and its poll state.
  await createTriggerInstanceRepository(appDb(survivor)).delete(b.projectId, 'ti_restart');
  await poller.unschedule('ti_restart');
});

t.test('a poll slower than its lease renews its claim: no other app polls it meanwhile', async (t) => {
  // A one-second lease, renewed every third of a second (real time) while the poll runs.
  const slow = await buildTestApp(t, {
    db,
    clock,
    env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG, TRIGGER_POLL_LEASE_SECONDS: '1' },
  });
  const other = await anotherApp();
  await instanceFor('ti_slow', slow);
  await slow.app.services.triggerPoller.schedule(target('ti_slow'));
  await slow.app.services.triggerPoller.runDue();
  const made = contact();
  clock.advance(MINUTE);
  t.teardown(() => b.hubspot.control.latencyMs(0));
  b.hubspot.control.latencyMs(3000);
  let settled = false;
  const inFlight = slow.app.services.triggerPoller.runDue().finally(() => (settled = true));
  let row = await states.find('ti_slow');
  while (!row?.leaseToken) {
    await sleep(5);
    row = await states.find('ti_slow');
  }
  const claimedUntil = row.leaseExpiresAt!.getTime();
  // The renewal moves the lease on from the clock as it is then: move the clock, wait for it.
  clock.advance(500);
  const renewedAt = async () => (await states.find('ti_slow'))?.leaseExpiresAt?.getTime();
  while (!settled && (await renewedAt()) === claimedUntil) await sleep(20);
  t.ok(!settled && (await renewedAt())! > claimedUntil, 'the claim was renewed while the poll ran');
  clock.advance(700);
  t.ok(clock.now() > claimedUntil, 'past the lease the poll first took');
  t.same([...(await other.app.services.triggerPoller.runDue())], [], 'another app does not take a renewed claim');
  t.same([...(await inFlight)], [['ti_slow', 'ok']], 'the slow poll commits');
  t.same(
    (await eventsOf(slow.app, 'ti_slow')).map((e) => e.contact),
    [made.id],
    'its contact once',
  );
  await createTriggerInstanceRepository(appDb(slow)).delete(b.projectId, 'ti_slow');
  await slow.app.services.triggerPoller.unschedule('ti_slow');
});

t.test(
  'two apps poll each instance once per tick',
  { skip: !process.env.TEST_DATABASE_URL && 'two apps share a database on PostgreSQL' },
  async (t) => {
    const other = await anotherApp();
    const pollers = [survivor.app.services.triggerPoller, other.app.services.triggerPoller];
    const ids = Array.from({ length: 6 }, (_, i) => `ti_pair${i}`);
    for (const id of ids) await pollers[0]!.schedule(target(id));

    /** One tick on both apps at once, in small claims so both take part; how often each instance was polled. */
    async function tick(): Promise<Map<string, number>> {
      const polled = new Map<string, number>();
      for (;;) {
        const rounds = await Promise.all(pollers.map((p) => p.runDue(2)));
        const outcomes = rounds.flatMap((r) => [...r]);
        if (outcomes.length === 0) return polled;
        for (const [id, outcome] of outcomes) {
          t.equal(outcome, 'ok', id);
          polled.set(id, (polled.get(id) ?? 0) + 1);
        }
      }
    }
    const first = await tick();
    t.same([...first.keys()].sort(), ids, 'every instance polled');
    t.ok(
      [...first.values()].every((n) => n === 1),
      'each once',
    );

    const made = [contact(), contact(), contact()];
    clock.advance(MINUTE);
    const second = await tick();
    t.ok(
      ids.every((id) => second.get(id) === 1),
      'each once again',
    );
    for (const id of ids) {
      t.same((await eventsOf(other.app, id)).map((e) => e.contact).sort(), made.map((c) => c.id).sort(), `${id}: each contact once`);
    }
  },
);
