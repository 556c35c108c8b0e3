/**
 * The events plane's storage (issue 28): the recorder writes an event and its delivery rows in
 * the caller's transaction (nothing on a rollback) and wakes the worker only after the commit;
 * the delivery queue's claim, finish and requeue; signing secrets and their rotation grace; the
 * native payload. One broker for the file; each subtest uses its own project ids.
 */
import t from 'tap';
import { appDb, buildTestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { createRepositories } from '../../../src/db/repositories/index.js';
import { newOrderedId } from '../../../src/ids.js';
import { payloadFor } from '../../../src/events/payloads.js';
import { createEventRecorder } from '../../../src/events/event-recorder.js';
import { createWebhookSecrets, PREVIOUS_SECRET_GRACE_MS } from '../../../src/events/webhook-secrets.js';
import { EVENT_TYPE_NAMES, isEventType } from '../../../src/events/event-types.js';
import { createEventRetention } from '../../../src/events/retention.js';
import type { IWebhookSubscription } from '../../../src/db/entities/index.js';

const clock = manualClock();
const built = buildTestApp(t, { clock });
let projects = 0;

async function setup() {
  const test = await built;
  const db = appDb(test);
  const repos = createRepositories(db);
  const recorder = createEventRecorder({
    events: repos.events,
    subscriptions: repos.webhookSubscriptions,
    deliveries: repos.webhookDeliveries,
    clock,
  });
  const wakes: number[] = [];
  recorder.setWaker(() => wakes.push(clock.now()));
  const projectId = `prj_events_${++projects}`;
  const subscription = async (fields: Partial<IWebhookSubscription> = {}, project = projectId) =>
    repos.webhookSubscriptions.insert({
      id: newOrderedId('whs', clock.now()),
      projectId: project,
      url: 'https://example.com/hook',
      eventTypes: null,
      enabled: true,
      scheme: 'standard',
      version: null,
      secretId: 'whk_test',
      previousSecretId: null,
      previousSecretExpiresAt: null,
      disabledAt: null,
      disabledReason: null,
      ...fields,
    });
  return { app: test.app, db, repos, recorder, wakes, projectId, subscription };
}

t.test('event types: each has a description; the list validates names', async (t) => {
  t.ok(EVENT_TYPE_NAMES.includes('connection.expired'));
  t.ok(EVENT_TYPE_NAMES.includes('webhook_subscription.disabled'));
  t.equal(isEventType('connection.created'), true);
  t.equal(isEventType('toString'), false, 'not an inherited property');
  t.equal(isEventType('connection.nope'), false);
});

t.test('an event fans out to the enabled subscriptions that want it, in the caller transaction, and wakes after commit', async (t) => {
  const { db, repos, recorder, wakes, projectId, subscription } = await setup();
  const all = await subscription();
  const expiredOnly = await subscription({ eventTypes: ['connection.expired'] });
  await subscription({ eventTypes: ['connection.deleted'] });
  await subscription({ enabled: false });
  await subscription({}, `${projectId}_other`);

  let wokenInside = -1;
  const { id, deliveryIds } = await db.transaction(async (tx) => {
    const recorded = await recorder.recordEvent(tx, { projectId, type: 'connection.expired', data: { id: 'con_1', status: 'EXPIRED' } });
    // Let the microtask queue run: the wake must still wait for the commit.
    await new Promise((resolve) => setImmediate(resolve));
    wokenInside = wakes.length;
    return recorded;
  });
  t.equal(wokenInside, 0, 'not woken before the commit');
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(wakes.length, 1, 'woken once after the commit');
  t.match(id, /^evt_/);

  const event = await repos.events.findInProject(projectId, id);
  t.same(event?.data, { id: 'con_1', status: 'EXPIRED' });
  t.equal(event?.type, 'connection.expired');
  const rows = await repos.webhookDeliveries.forEvent(id);
  t.same(rows.map((r) => r.subscriptionId).sort(), [all.id, expiredOnly.id].sort(), 'the all-types and the matching subscription only');
  t.same(rows.map((r) => r.id).sort(), [...deliveryIds].sort());
  for (const r of rows) {
    t.match(r.id, /^msg_/);
    t.equal(r.status, 'pending');
    t.equal(r.attempts, 0);
    t.equal(r.nextAttemptAt?.getTime(), clock.now(), 'due at once');
    t.equal(r.leaseExpiresAt, null);
  }

  const test = await recorder.recordEvent(db.em(), { projectId, type: 'webhook.test', data: {}, onlySubscriptionId: expiredOnly.id });
  t.same(
    (await repos.webhookDeliveries.forEvent(test.id)).map((r) => r.subscriptionId),
    [expiredOnly.id],
    'a test event: its subscription only',
  );
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(wakes.length, 2, 'outside a transaction: woken at once');

  const none = await recorder.recordEvent(db.em(), { projectId: `${projectId}_empty`, type: 'connection.created', data: {} });
  t.same(none.deliveryIds, [], 'no subscriptions: the event alone');
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(wakes.length, 2, 'nothing to deliver: no wake');
});

t.test('a rolled-back change records nothing and wakes nothing', async (t) => {
  const { db, repos, recorder, wakes, projectId, subscription } = await setup();
  await subscription();
  let eventId = '';
  await t.rejects(
    db.transaction(async (tx) => {
      eventId = (await recorder.recordEvent(tx, { projectId, type: 'connection.deleted', data: {} })).id;
      throw new Error('the change failed');
    }),
    /the change failed/,
  );
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(await repos.events.findInProject(projectId, eventId), null);
  t.same(await repos.webhookDeliveries.forEvent(eventId), []);
  t.equal(wakes.length, 0);
});

t.test(
  'SQLite: the queue thread waits while a transaction holds the pool connection, so it never leaves one on a stale snapshot',
  async (t) => {
    const { db, repos, recorder, projectId, subscription } = await setup();
    if (db.isPostgres) return t.pass('PostgreSQL locks rows; there is no second writer to wait for');
    await subscription();
    const { id: eventId } = await recorder.recordEvent(db.em(), { projectId, type: 'connection.created', data: {} });
    let runs = 0;
    let claimed = false;
    let claimedInside: boolean | undefined;
    let claim: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      runs++;
      // A read: the transaction's snapshot starts here.
      await repos.webhookDeliveries.forEvent(eventId, undefined, tx);
      claim ??= repos.webhookDeliveries.claimDue(1_000, 30_000, new Date(clock.now())).then(() => (claimed = true));
      // Time for the thread to claim (a write on its own connection), were it free to.
      await new Promise((resolve) => setTimeout(resolve, 300));
      claimedInside = claimed;
      // A write after the read: it would fail with SQLITE_BUSY_SNAPSHOT after another connection's commit.
      await recorder.recordEvent(tx, { projectId, type: 'connection.deleted', data: {} });
    });
    await claim;
    t.equal(claimedInside, false, 'the claim waited for the transaction');
    t.equal(runs, 1, 'the transaction ran once: its snapshot was never stale');
    t.equal(claimed, true, 'and claimed after it');
  },
);

t.test('the queue: claim leases due rows once, finishing writes the attempt, requeue keeps the id', async (t) => {
  const { db, repos, recorder, projectId, subscription } = await setup();
  const sub = await subscription();
  const { id: eventId } = await recorder.recordEvent(db.em(), { projectId, type: 'connection.created', data: { n: 1 } });
  const now = new Date(clock.now());

  // Other subtests' rows may be due too: look at this event's row only.
  const mine = <T extends { eventId: string }>(rows: T[]): T[] => rows.filter((r) => r.eventId === eventId);
  const claimed = mine(await repos.webhookDeliveries.claimDue(1_000, 30_000, now));
  t.equal(claimed.length, 1);
  const delivery = claimed[0]!;
  t.equal(delivery.attempts, 1, 'the attempt about to be made is counted');
  t.equal(delivery.leaseExpiresAt?.getTime(), now.getTime() + 30_000);
  t.same(mine(await repos.webhookDeliveries.claimDue(1_000, 30_000, now)), [], 'leased: not claimed again');
  const stored = await repos.webhookDeliveries.findById(delivery.id);
  t.equal(stored?.attempts, 1);
  t.equal(stored?.leaseExpiresAt?.getTime(), now.getTime() + 30_000);

  const later = new Date(now.getTime() + 31_000);
  const reclaimed = mine(await repos.webhookDeliveries.claimDue(1_000, 30_000, later));
  t.equal(reclaimed.length, 1, 'a lease that ran out (a crashed worker): due again');
  t.equal(reclaimed[0]!.attempts, 2);
  const renewedUntil = new Date(later.getTime() + 60_000);
  t.equal(await repos.webhookDeliveries.renew([[delivery.id, 1]], renewedUntil), 0, 'the first claim, taken over, is not renewed');
  t.equal(await repos.webhookDeliveries.renew([[delivery.id, 2]], renewedUntil), 1, 'the current claim is');
  t.equal((await repos.webhookDeliveries.findById(delivery.id))?.leaseExpiresAt?.getTime(), renewedUntil.getTime());

  const retryAt = new Date(later.getTime() + 5_000);
  t.equal(
    await repos.webhookDeliveries.scheduleRetry(
      reclaimed[0]!,
      retryAt,
      { statusCode: 503, error: 'HTTP 503' },
      {
        id: newOrderedId('wha', later.getTime()),
        attempt: 2,
        startedAt: later,
        durationMs: 12,
        statusCode: 503,
        responseExcerpt: 'x'.repeat(5_000),
        error: 'HTTP 503',
      },
    ),
    true,
  );
  let row = await repos.webhookDeliveries.findById(delivery.id);
  t.equal(row?.status, 'pending');
  t.equal(row?.nextAttemptAt?.getTime(), retryAt.getTime());
  t.equal(row?.leaseExpiresAt, null, 'released');
  t.equal(row?.lastStatusCode, 503);
  t.equal(await repos.webhookDeliveries.renew([[delivery.id, 2]], renewedUntil), 0, 'a renewal that comes after the record keeps no lease');
  t.equal((await repos.webhookDeliveries.findById(delivery.id))?.leaseExpiresAt, null, 'so the retry is not held back');
  t.same(mine(await repos.webhookDeliveries.claimDue(1_000, 30_000, later)), [], 'not due before its retry time');

  const third = mine(await repos.webhookDeliveries.claimDue(1_000, 30_000, retryAt))[0]!;
  t.equal(
    await repos.webhookDeliveries.complete(
      third,
      { statusCode: 204, error: null },
      {
        id: newOrderedId('wha', retryAt.getTime()),
        attempt: 3,
        startedAt: retryAt,
        durationMs: 8,
        statusCode: 204,
        responseExcerpt: '',
        error: null,
      },
    ),
    true,
  );
  row = await repos.webhookDeliveries.findById(delivery.id);
  t.equal(row?.status, 'succeeded');
  t.equal(row?.deliveredAt?.getTime(), retryAt.getTime());
  t.equal(row?.nextAttemptAt, null);

  const attempts = await repos.webhookAttempts.forDelivery(delivery.id);
  t.same(
    attempts.map((a) => [a.attempt, a.outcome, a.statusCode]),
    [
      [2, 'retrying', 503],
      [3, 'succeeded', 204],
    ],
  );
  t.equal(attempts[0]!.responseExcerpt?.length, 1_000, 'the excerpt is cut');
  t.equal(attempts[0]!.subscriptionId, sub.id);
  t.equal(attempts[0]!.eventId, eventId);
  const listed = await repos.webhookAttempts.listForSubscription(sub.id, 1);
  t.same(
    listed.map((a) => a.attempt),
    [3],
    'newest first',
  );
  const next = await repos.webhookAttempts.listForSubscription(sub.id, 10, { createdAt: listed[0]!.startedAt, id: listed[0]!.id });
  t.same(
    next.map((a) => a.attempt),
    [2],
    'the next page',
  );

  const newSub = await subscription({ eventTypes: ['connection.created'] });
  const requeued = await repos.webhookDeliveries.requeue({ id: eventId, projectId }, [sub.id, newSub.id], retryAt, () =>
    newOrderedId('msg', clock.now()),
  );
  t.equal(requeued.length, 2);
  t.ok(requeued.includes(delivery.id), 'the same message id for the subscription that had it');
  const again = await repos.webhookDeliveries.forEvent(eventId);
  t.same(
    again.map((r) => r.status),
    ['pending', 'pending'],
  );
  t.equal(again.find((r) => r.id === delivery.id)?.attempts, 3, 'attempts keep counting across redeliveries');

  const gaveUp = mine(await repos.webhookDeliveries.claimDue(1_000, 30_000, retryAt)).find((r) => r.subscriptionId === newSub.id)!;
  t.equal(
    await repos.webhookDeliveries.giveUp(
      gaveUp,
      { statusCode: 410, error: 'HTTP 410' },
      {
        id: newOrderedId('wha', retryAt.getTime()),
        attempt: 1,
        startedAt: retryAt,
        durationMs: 3,
        statusCode: 410,
        responseExcerpt: 'gone',
        error: 'HTTP 410',
      },
    ),
    true,
  );
  t.equal((await repos.webhookDeliveries.findById(gaveUp.id))?.status, 'failed');
});

t.test('events list newest first with type and time filters', async (t) => {
  const { db, repos, recorder, projectId } = await setup();
  const start = clock.now();
  const ids: string[] = [];
  for (const type of ['connection.created', 'connection.expired', 'connection.recovered', 'connection.expired'] as const) {
    ids.push((await recorder.recordEvent(db.em(), { projectId, type, data: {} })).id);
    clock.advance(1_000);
  }
  const page1 = await repos.events.list(projectId, { limit: 3 });
  t.same(
    page1.map((e) => e.id),
    [ids[3], ids[2], ids[1]],
  );
  const last = page1.at(-1)!;
  t.same(
    (await repos.events.list(projectId, { limit: 3, cursor: { createdAt: last.createdAt, id: last.id } })).map((e) => e.id),
    [ids[0]],
  );
  t.same(
    (await repos.events.list(projectId, { limit: 10, types: ['connection.expired'] })).map((e) => e.id),
    [ids[3], ids[1]],
  );
  t.same(
    (await repos.events.list(projectId, { limit: 10, after: new Date(start + 1_000), before: new Date(start + 3_000) })).map((e) => e.id),
    [ids[2], ids[1]],
  );
  t.same(await repos.events.list(`${projectId}_other`, { limit: 10 }), [], 'another project sees none');
});

t.test('signing secrets: sealed in the vault, rotation keeps the previous one signing for the grace period', async (t) => {
  const { app, repos, subscription } = await setup();
  const secrets = createWebhookSecrets({ vault: app.services.vault, clock });
  const sub = await subscription();
  const first = await secrets.create(sub.id, 'standard');
  t.match(first.secret, /^whsec_[A-Za-z0-9+/]{32}$/, 'whsec_ + base64 of 24 bytes');
  t.match(first.secretId, /^whk_/);
  await repos.webhookSubscriptions.update(sub.projectId, sub.id, { secretId: first.secretId });
  let row = (await repos.webhookSubscriptions.findById(sub.id))!;
  t.same(await secrets.signingSecrets(row), [first.secret]);
  const stored = await repos.vaultSecrets.find({ ownerType: 'webhook_subscription', ownerId: sub.id, name: first.secretId });
  t.ok(stored, 'in the vault');
  t.notMatch(stored!.sealed, first.secret.slice(6), 'sealed, not stored as written');

  const rotated = await secrets.rotate(row);
  t.not(rotated.secret, first.secret);
  t.equal(rotated.changes.previousSecretId, first.secretId);
  t.equal(rotated.changes.previousSecretExpiresAt?.getTime(), clock.now() + PREVIOUS_SECRET_GRACE_MS);
  await repos.webhookSubscriptions.update(sub.projectId, sub.id, rotated.changes);
  row = (await repos.webhookSubscriptions.findById(sub.id))!;
  t.same(await secrets.signingSecrets(row), [rotated.secret, first.secret], 'both sign during the grace period');

  const third = await secrets.rotate(row);
  t.equal(
    await repos.vaultSecrets.find({ ownerType: 'webhook_subscription', ownerId: sub.id, name: first.secretId }),
    null,
    'the secret two rotations back is destroyed',
  );
  await repos.webhookSubscriptions.update(sub.projectId, sub.id, third.changes);
  row = (await repos.webhookSubscriptions.findById(sub.id))!;
  clock.advance(PREVIOUS_SECRET_GRACE_MS + 1);
  t.same(await secrets.signingSecrets(row), [third.secret], 'after the grace period: the current one only');

  const composio = await secrets.create(sub.id, 'composio');
  t.match(composio.secret, /^[A-Za-z0-9_-]{32}$/);
  await secrets.destroyAll(sub.id);
  t.equal(await repos.vaultSecrets.find({ ownerType: 'webhook_subscription', ownerId: sub.id, name: third.changes.secretId }), null);
});

t.test(
  'the native payload is the same bytes on every build; a Composio-scheme body is built elsewhere (composioPayloads.bodyFor)',
  async (t) => {
    const { db, repos, recorder, projectId } = await setup();
    const { id } = await recorder.recordEvent(db.em(), {
      projectId,
      type: 'connection.revoked',
      data: { id: 'con_x', status: 'REVOKED', nested: { b: 1, a: [1, 2] } },
    });
    const event = (await repos.events.findById(id))!;
    const body = payloadFor({ scheme: 'standard', version: null }, event, { id: 'msg_x' });
    t.same(JSON.parse(body), {
      id,
      type: 'connection.revoked',
      timestamp: event.createdAt.toISOString(),
      projectId,
      data: { id: 'con_x', status: 'REVOKED', nested: { b: 1, a: [1, 2] } },
    });
    const reread = (await repos.events.findById(id))!;
    t.equal(payloadFor({ scheme: 'standard', version: null }, reread, { id: 'msg_x' }), body, 'identical bytes');
    t.throws(() => payloadFor({ scheme: 'composio', version: 'V3' }, event, { id: 'msg_x' }), /composioPayloads.bodyFor/);
  },
);

t.test('retention: events older than the retention go with their deliveries and attempts, in batches; newer ones stay', async (t) => {
  const { db, repos, recorder, projectId, subscription } = await setup();
  const retention = createEventRetention({
    db,
    events: repos.events,
    deliveries: repos.webhookDeliveries,
    attempts: repos.webhookAttempts,
    retentionDays: 30,
  });
  await subscription();
  const old: { id: string }[] = [];
  for (let i = 0; i < 3; i += 1) old.push(await recorder.recordEvent(db.em(), { projectId, type: 'connection.deleted', data: { i } }));
  const claimed = (await repos.webhookDeliveries.claimDue(1_000, 30_000, new Date(clock.now()))).find((d) => d.eventId === old[0]!.id)!;
  await repos.webhookDeliveries.complete(
    claimed,
    { statusCode: 200, error: null },
    {
      id: newOrderedId('wha', clock.now()),
      attempt: 1,
      startedAt: new Date(clock.now()),
      durationMs: 1,
      statusCode: 200,
      responseExcerpt: 'ok',
      error: null,
    },
  );
  clock.advance(30 * 24 * 3600_000 + 1);
  const recent = await recorder.recordEvent(db.em(), { projectId, type: 'connection.deleted', data: {} });

  const swept = await retention.sweepExpiredEvents(new Date(clock.now()), 2);
  t.ok(swept.events >= 3, 'the old events (and older subtests ones)');
  t.ok(swept.deliveries >= 3);
  t.ok(swept.attempts >= 1);
  for (const e of old) {
    t.equal(await repos.events.findById(e.id), null);
    t.same(await repos.webhookDeliveries.forEvent(e.id), []);
  }
  t.same(await repos.webhookAttempts.forDelivery(claimed.id), []);
  t.ok(await repos.events.findById(recent.id), 'a newer event stays');
  t.equal((await repos.webhookDeliveries.forEvent(recent.id)).length, 1);
  t.same(await retention.sweepExpiredEvents(new Date(clock.now())), { events: 0, deliveries: 0, attempts: 0 }, 'nothing left to sweep');
});
