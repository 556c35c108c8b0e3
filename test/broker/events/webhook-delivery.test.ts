/**
 * The delivery worker against a real loopback receiver (sandbox/webhook-receiver.ts), on the
 * file's database: retries keep the webhook-id and body and count attempts, a 4xx is final, a
 * Retry-After is honoured, a receiver that was down gets everything once up, a slow receiver does
 * not hold up another subscription, a dead worker's lease is taken over, a subscription failing
 * for too long is disabled with an event, and /metrics counts it all. One broker for the file
 * (short schedule and timeout), a tenant per subtest.
 */
import t from 'tap';
import { Webhook } from 'standardwebhooks';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import { appDb } from '../../helpers/app.js';
import { startWebhookReceiver, type ReceivedWebhook } from '../../../sandbox/webhook-receiver.js';
import { WebhookDelivery } from '../../../src/db/entities/index.js';
import type { EventType } from '../../../src/events/event-types.js';

const TIMEOUT_MS = 1000;
const shared = sharedBrokerWithSandboxes(t, {
  env: {
    WEBHOOK_CONCURRENCY: '4',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    // Five attempts over about 3 s; a subscription failing for about a second is disabled.
    WEBHOOK_RETRY_SCHEDULE: '0.2,0.4,0.8,1.6',
    WEBHOOK_DISABLE_AFTER_DAYS: '0.00001',
  },
});
const receiverReady = startWebhookReceiver();
t.teardown(async () => (await receiverReady).close());
let paths = 0;

/** A subscription of the tenant's project to a fresh path of the receiver (standard scheme, all event types). */
async function subscribe(b: Tenant, opts: { eventTypes?: string[] } = {}) {
  const receiver = await receiverReady;
  const path = `/hook-${++paths}`;
  // As createWebhookSubscription makes it (the secret sealed in the same transaction).
  const { subscription, secret } = await b.app.services.webhooks.create(b.projectId, {
    url: receiver.url(path),
    eventTypes: opts.eventTypes,
  });
  const id = subscription.id;
  return { id, path, secret, receiver };
}

/** Records an event in its own transaction, as a state change does. */
function emit(b: Tenant, data: Record<string, unknown> = {}, type: EventType = 'webhook.test') {
  return appDb(b).transaction((tx) => b.app.services.eventRecorder.recordEvent(tx, { projectId: b.projectId, type, data }));
}

function verify(secret: string, r: ReceivedWebhook) {
  return new Webhook(secret).verify(r.body, r.headers) as { id: string; type: string; data: Record<string, unknown> };
}

const attemptsOf = (b: Tenant, deliveryId: string) => b.app.services.eventRepos.webhookAttempts.forDelivery(deliveryId);
const deliveryRow = async (b: Tenant, id: string) => (await b.app.services.eventRepos.webhookDeliveries.findById(id))!;

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The delivery's row once it has reached `status`. */
const deliveryIn = (b: Tenant, id: string, status: string) =>
  until(
    `the delivery to be ${status}`,
    () => deliveryRow(b, id),
    (d) => d.status === status,
  );

t.test('500 three times then 200: four attempts, one webhook-id, identical bodies, attempts 1..4, all verified', async (t) => {
  const b = await shared.tenant();
  const sub = await subscribe(b);
  sub.receiver.script(sub.path, { statuses: [500, 500, 500] });
  const event = await emit(b, { hello: 'world' });
  const got = await sub.receiver.waitFor(sub.path, 4);
  t.same(
    got.map((r) => r.headers['webhook-attempt']),
    ['1', '2', '3', '4'],
  );
  t.same(new Set(got.map((r) => r.headers['webhook-id'])), new Set([event.deliveryIds[0]]), 'one webhook-id: the delivery id');
  t.same(new Set(got.map((r) => r.body)).size, 1, 'the same bytes every time');
  for (const r of got) t.match(verify(sub.secret, r), { id: event.id, type: 'webhook.test', data: { hello: 'world' } });
  t.match(got[0]!.headers, { 'content-type': 'application/json', 'user-agent': 'connector-broker-webhooks' });

  const row = await deliveryIn(b, event.deliveryIds[0]!, 'succeeded');
  t.match(row, { attempts: 4, lastStatusCode: 200, leaseExpiresAt: null });
  t.ok(row.deliveredAt);
  const attempts = await attemptsOf(b, row.id);
  t.same(
    attempts.map((a) => [a.attempt, a.statusCode, a.outcome]),
    [
      [1, 500, 'retrying'],
      [2, 500, 'retrying'],
      [3, 500, 'retrying'],
      [4, 200, 'succeeded'],
    ],
  );
  t.equal(attempts[3]!.responseExcerpt, 'ok');
});

t.test('a 400 is not retried; a 410 neither', async (t) => {
  const b = await shared.tenant();
  const sub = await subscribe(b);
  sub.receiver.script(sub.path, { statuses: [400, 410], body: 'bad payload' });
  const first = await emit(b);
  const firstRow = await until(
    'the delivery to fail',
    () => deliveryRow(b, first.deliveryIds[0]!),
    (d) => d.status !== 'pending',
  );
  t.match(firstRow, { status: 'failed', attempts: 1, lastStatusCode: 400 });
  const second = await emit(b);
  await deliveryIn(b, second.deliveryIds[0]!, 'failed');
  t.equal(sub.receiver.at(sub.path).length, 2, 'one request each');
  t.match(await attemptsOf(b, firstRow.id), [{ attempt: 1, statusCode: 400, outcome: 'failed', responseExcerpt: 'bad payload' }]);
});

t.test('a 429 with Retry-After waits as long as asked, then delivers', async (t) => {
  const b = await shared.tenant();
  const sub = await subscribe(b);
  sub.receiver.script(sub.path, { statuses: [429], headers: { 'retry-after': '1' } });
  const event = await emit(b);
  const [first, second] = await sub.receiver.waitFor(sub.path, 2);
  // The schedule's first retry is 0.2 s; the receiver asked for 1 s.
  t.ok(second!.receivedAt - first!.receivedAt >= 950, `retried after ${second!.receivedAt - first!.receivedAt} ms`);
  t.equal(second!.headers['webhook-id'], event.deliveryIds[0]);
  await deliveryIn(b, event.deliveryIds[0]!, 'succeeded');
});

t.test('a receiver down while events happen receives them all once it is up', async (t) => {
  const b = await shared.tenant();
  // A receiver of its own: taking the shared one down would fail the other subtests' deliveries.
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());
  const sub = await subscribe(b);
  await b.app.services.eventRepos.webhookSubscriptions.update(b.projectId, sub.id, { url: receiver.url('/down') });
  await receiver.down();
  const events = [await emit(b, { n: 1 }), await emit(b, { n: 2 }), await emit(b, { n: 3 })];
  const ids = events.map((e) => e.deliveryIds[0]!);
  for (const id of ids)
    await until(
      'a failed first attempt',
      () => attemptsOf(b, id),
      (a) => a.length >= 1,
    );
  for (const id of ids) t.match((await attemptsOf(b, id))[0], { statusCode: null, outcome: 'retrying', error: /connection refused/ });
  await receiver.up();
  const got = await receiver.waitFor('/down', 3);
  t.same(new Set(got.map((r) => r.headers['webhook-id'])), new Set(ids), 'every event arrives');
  t.same(got.map((r) => verify(sub.secret, r).data.n).sort(), [1, 2, 3]);
});

t.test('an answer with a NUL character is recorded without it (PostgreSQL text refuses it), once', async (t) => {
  const b = await shared.tenant();
  const sub = await subscribe(b);
  sub.receiver.script(sub.path, { body: 'ok\u0000done' });
  const event = await emit(b);
  const row = await deliveryIn(b, event.deliveryIds[0]!, 'succeeded');
  t.match(row, { attempts: 1, lastStatusCode: 200 });
  t.match(await attemptsOf(b, event.deliveryIds[0]!), [{ statusCode: 200, outcome: 'succeeded', responseExcerpt: 'okdone' }]);
  t.equal(sub.receiver.at(sub.path).length, 1, 'sent once: its record did not fail');
});

t.test('a slow receiver (timeouts) does not delay another subscription', async (t) => {
  const b = await shared.tenant();
  const slow = await subscribe(b, { eventTypes: ['connection.refresh_failed'] });
  const fast = await subscribe(b, { eventTypes: ['webhook.test'] });
  slow.receiver.script(slow.path, { delayMs: 3 * TIMEOUT_MS });
  // More slow deliveries than the worker has slots.
  for (let i = 0; i < 8; i++) await emit(b, { i }, 'connection.refresh_failed');
  await slow.receiver.waitFor(slow.path, 1);
  const event = await emit(b, { fast: true });
  const [got] = await fast.receiver.waitFor(fast.path, 1);
  t.equal(got!.headers['webhook-id'], event.deliveryIds[0]);
  const slowAttempts = await b.app.services.eventRepos.webhookAttempts.listForSubscription(slow.id, 100);
  t.equal(slowAttempts.length, 0, 'delivered while every slow attempt was still waiting for its answer');
  t.ok(slow.receiver.at(slow.path).length <= 2, 'the slow subscription holds at most half of the slots');
});

t.test("a dead worker's leased delivery is delivered by another worker, same webhook-id, next attempt", async (t) => {
  const b = await shared.tenant();
  const sub = await subscribe(b);
  // Claimed by a worker that died at once: the row is leased, attempt 1 counted, nothing sent.
  const event = await appDb(b).transaction(async (tx) => {
    const recorded = await b.app.services.eventRecorder.recordEvent(tx, { projectId: b.projectId, type: 'webhook.test', data: {} });
    await tx.nativeUpdate(WebhookDelivery, { id: recorded.deliveryIds[0]! }, { attempts: 1, leaseExpiresAt: new Date(Date.now() + 500) });
    return recorded;
  });
  const [got] = await sub.receiver.waitFor(sub.path, 1);
  t.match(got!.headers, { 'webhook-id': event.deliveryIds[0], 'webhook-attempt': '2' });
  await deliveryIn(b, event.deliveryIds[0]!, 'succeeded');
  t.equal(sub.receiver.at(sub.path).length, 1);
});

t.test('a subscription failing for too long is disabled, with an event to the other subscriptions; metrics count it all', async (t) => {
  const b = await shared.tenant();
  const failing = await subscribe(b, { eventTypes: ['webhook.test'] });
  const watcher = await subscribe(b, { eventTypes: ['webhook_subscription.disabled'] });
  failing.receiver.script(failing.path, { status: 503 });
  const event = await emit(b);
  const row = await deliveryIn(b, event.deliveryIds[0]!, 'failed');
  t.match(row, { attempts: 5, lastStatusCode: 503 });
  t.equal(failing.receiver.at(failing.path).length, 5, 'the whole schedule: 1 + 4 retries');
  const [notice] = await watcher.receiver.waitFor(watcher.path, 1);
  t.match(verify(watcher.secret, notice!), {
    type: 'webhook_subscription.disabled',
    data: { id: failing.id, enabled: false, disabledReason: /every delivery failed/ },
  });
  t.notMatch(notice!.body, failing.secret, 'the event never carries the secret');
  const sub = await b.app.services.eventRepos.webhookSubscriptions.findById(failing.id);
  t.match(sub, { enabled: false, disabledReason: /every delivery failed/ });
  t.ok(sub!.disabledAt);

  const metrics = (await b.app.inject({ method: 'GET', url: '/metrics' })).body;
  t.match(metrics, /broker_webhook_deliveries_total\{outcome="succeeded"\} [1-9]/);
  t.match(metrics, /broker_webhook_deliveries_total\{outcome="retrying"\} [1-9]/);
  t.match(metrics, /broker_webhook_deliveries_total\{outcome="failed"\} [1-9]/);
  t.match(metrics, /broker_webhook_queue_depth \d+/);
  t.match(metrics, /broker_webhook_oldest_pending_event_age_seconds [\d.]+/);
  t.match(metrics, /broker_webhook_delivery_latency_seconds_count [1-9]/);
});
