/**
 * Webhook delivery across instances (issue 28): three broker processes behind nginx share one
 * PostgreSQL queue; many events are recorded while a receiver answers slowly, and one instance is
 * SIGKILLed with deliveries in flight. Every event arrives at least once, each delivery keeps its
 * webhook-id and body on every attempt (the interrupted ones are sent again by the survivors once
 * their lease runs out), and every signature verifies.
 */
import t from 'tap';
import { Webhook } from 'standardwebhooks';
import { nginxBinary } from '../../../sandbox/support/nginx.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL_TEST;
const EVENTS = 150;
const TIMEOUT_MS = 2000;
t.setTimeout(240_000);

t.test(
  'webhook delivery on three instances, one killed mid-delivery',
  { skip: !databaseUrl && 'needs TEST_DATABASE_URL: three processes share one PostgreSQL queue' },
  async (t) => {
    if (!redisUrl) return t.fail('REDIS_URL_TEST is not set (the drills run with Redis on PostgreSQL: see .ci/run)');
    if (!nginxBinary()) return t.fail('nginx is not installed (.ci/run installs nginx-light)');
    const { eventually, startCluster } = await import('./cluster.js');
    const { buildApp } = await import('../../../plugins/app.js');
    const { loadConfig } = await import('../../../src/config.js');
    const { appDb } = await import('../../helpers/app.js');

    const receiver = await startWebhookReceiver();
    t.teardown(() => receiver.close());
    // Slow enough that every instance has deliveries in flight when one is killed.
    receiver.script('/drill', { delayMs: 500 });
    const c = await startCluster(t, databaseUrl!, redisUrl, {
      WEBHOOK_CONCURRENCY: '4',
      WEBHOOK_POLL_INTERVAL_MS: '200',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      // The killed instance's claims lapse within this; the others renew theirs.
      WEBHOOK_LEASE_SECONDS: '5',
      WEBHOOK_RETRY_SCHEDULE: '0.5,1,1,2,2,5,5',
    });

    // The events' source: an app of our own on the same database that sends nothing itself; its
    // recorder's wake-up reaches the instances through PostgreSQL NOTIFY, as any instance's does.
    const config = loadConfig({ ...c.env, LOG_LEVEL: 'warn', WEBHOOK_CONCURRENCY: '0' });
    const app = await buildApp(config);
    t.teardown(() => app.close());
    const db = appDb({ app, config });
    const s = app.services;
    const { secret } = await s.webhooks.create(c.projectId, { url: receiver.url('/drill') });

    const recorded: { id: string; deliveryIds: string[] }[] = [];
    const record = async (n: number) => {
      // As a state change records its event: in its transaction, waking the workers after the commit.
      const result = await db.transaction((tx) =>
        s.eventRecorder.recordEvent(tx, { projectId: c.projectId, type: 'webhook.test', data: { n } }),
      );
      recorded.push(result);
    };

    // The first half, then a kill while deliveries are in flight, then the rest.
    for (let n = 0; n < EVENTS / 2; n += 5) await Promise.all([0, 1, 2, 3, 4].map((i) => record(n + i)));
    const [, victim] = c.instances;
    // Every slot of the three instances busy: the victim has requests at the receiver, unanswered.
    t.ok(await eventually(async () => receiver.at('/drill').length >= 15, 30_000), 'deliveries are under way');
    victim!.proc.kill('SIGKILL');
    await victim!.exited;
    for (let n = EVENTS / 2; n < EVENTS; n += 5) await Promise.all([0, 1, 2, 3, 4].map((i) => record(n + i)));

    const expected = new Set(recorded.flatMap((r) => r.deliveryIds));
    t.equal(expected.size, EVENTS, 'one delivery per event');
    const arrivedIds = () => new Set(receiver.at('/drill').map((r) => r.headers['webhook-id']));
    const allArrived = await eventually(async () => [...expected].every((id) => arrivedIds().has(id)), 90_000);
    t.ok(allArrived, `every event arrived at least once (${[...expected].filter((id) => arrivedIds().has(id)).length}/${EVENTS})`);

    const byId = new Map<string, { attempts: string[]; bodies: Set<string> }>();
    const wh = new Webhook(secret);
    let unverified = 0;
    for (const r of receiver.at('/drill')) {
      const id = r.headers['webhook-id']!;
      const entry = byId.get(id) ?? { attempts: [], bodies: new Set() };
      entry.attempts.push(r.headers['webhook-attempt']!);
      entry.bodies.add(r.body);
      byId.set(id, entry);
      try {
        wh.verify(r.body, r.headers);
      } catch {
        unverified++;
      }
    }
    t.equal(unverified, 0, 'every request verifies with standardwebhooks');
    t.same(
      [...byId.keys()].filter((id) => !expected.has(id)),
      [],
      'no request under an id that is not a delivery',
    );
    t.same(
      [...byId].filter(([, e]) => e.bodies.size !== 1).map(([id]) => id),
      [],
      'each webhook-id always came with the same body',
    );
    const events = new Map(recorded.map((r) => [r.deliveryIds[0]!, r.id]));
    t.same(
      [...byId].filter(([id, e]) => (JSON.parse([...e.bodies][0]!) as { id: string }).id !== events.get(id)).map(([id]) => id),
      [],
      'and that body is its own event',
    );
    const resent = [...byId].filter(([, e]) => e.attempts.length > 1);
    t.ok(resent.length >= 1, `deliveries interrupted by the kill were sent again (${resent.length}), after their lease ran out`);
    for (const [id, e] of resent)
      t.ok(new Set(e.attempts).size === e.attempts.length, `${id}: a later attempt number each time (${e.attempts.join(',')})`);

    const settled = await eventually(async () => {
      const rows = await Promise.all(recorded.map((r) => s.eventRepos.webhookDeliveries.findById(r.deliveryIds[0]!)));
      return rows.every((d) => d?.status === 'succeeded');
    }, 30_000);
    t.ok(settled, 'every delivery is recorded as succeeded');
    for (const i of c.instances.filter((i) => i !== victim)) t.equal(i.proc.exitCode, null, `${i.name} still running`);
  },
);
