/**
 * A project's webhook subscriptions and events in the console: create (the secret once), list and
 * read (never a secret), update, enable after the broker disabled it, rotate, test event, the
 * deliveries log, redeliver, events by type and time; each change audited without the secret;
 * members read only; other organizations' people and ids are 404. One broker for the file.
 */
import t from 'tap';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { firstOwner, otherOrganization, personWithRole } from './org-fixtures.js';
import { newOrderedId } from '../../../src/ids.js';

let shared: Promise<Awaited<ReturnType<typeof setup>>> | undefined;
async function setup() {
  const b: TestApp = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const member = await personWithRole(b.app, organizationId, 'member@example.com', 'member');
  const other = await otherOrganization(b.app);
  return { b, owner, member, other, organizationId, projectId, base: `/orgs/${organizationId}/projects/${projectId}` };
}
const fixture = () => (shared ??= setup());

const RECEIVER = 'https://receiver.example.com/hooks';

t.test('create, read, change, rotate, test, redeliver and delete; every change audited, no secret but once', async (t) => {
  const { b, owner, organizationId, base } = await fixture();
  const bodies: string[] = [];
  const keep = <R extends { body: string }>(res: R) => (bodies.push(res.body), res);

  const types = await owner.get('/event-types');
  t.equal(types.statusCode, 200);
  t.match(types.json().items, [{ type: 'connection.created', description: /ACTIVE/ }]);
  t.ok(types.json().items.some((x: { type: string }) => x.type === 'webhook.test'));

  const created = await owner.post(`${base}/webhooks`, { url: RECEIVER, eventTypes: ['connection.expired', 'connection.revoked'] });
  t.equal(created.statusCode, 201, created.body);
  const { secret, subscription } = created.json<{ secret: string; subscription: { id: string } }>();
  t.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/, 'a Standard Webhooks secret, shown once');
  t.match(subscription, { id: /^whs_/, url: RECEIVER, eventTypes: ['connection.expired', 'connection.revoked'], enabled: true });
  const item = `${base}/webhooks/${subscription.id}`;

  const list = keep(await owner.get(`${base}/webhooks`));
  t.equal(list.statusCode, 200);
  t.same(
    list.json().items.map((s: { id: string }) => s.id),
    [subscription.id],
  );
  t.equal(list.json().nextCursor, null);
  t.same(keep(await owner.get(item)).json(), list.json().items[0], 'one subscription reads as listed');

  const changed = keep(await owner.patch(item, { eventTypes: null }));
  t.equal(changed.statusCode, 200, changed.body);
  t.equal(changed.json().eventTypes, null, 'all events now');
  t.equal((await owner.patch(item, { eventTypes: null })).statusCode, 200, 'the same again: no change, no entry');

  // The broker disables it after failing deliveries; enabling clears that.
  t.ok(await b.app.services.eventRepos.webhookSubscriptions.disable(subscription.id, 'every delivery failed for 5 days', new Date()));
  t.match(keep(await owner.get(item)).json(), { enabled: false, disabledReason: 'every delivery failed for 5 days', disabledAt: /T/ });
  const enabled = keep(await owner.patch(item, { enabled: true }));
  t.match(enabled.json(), { enabled: true, disabledAt: null, disabledReason: null });

  const rotated = await owner.post(`${item}/rotate-secret`);
  t.equal(rotated.statusCode, 200, rotated.body);
  t.match(rotated.json(), { secret: /^whsec_/, subscription: { id: subscription.id } });
  t.not(rotated.json().secret, secret, 'a new secret');

  const test = keep(await owner.post(`${item}/test`));
  t.equal(test.statusCode, 200, test.body);
  const { eventId } = test.json<{ eventId: string }>();
  t.match(eventId, /^evt_/);
  const event = keep(await owner.get(`${base}/events/${eventId}`));
  t.match(event.json(), { id: eventId, type: 'webhook.test', data: { subscriptionId: subscription.id } });
  const [delivery] = await b.app.services.eventRepos.webhookDeliveries.forEvent(eventId, subscription.id);
  t.ok(delivery, 'its delivery is queued');

  // An attempt, as the delivery worker records it.
  const claimed = await b.app.services.eventRepos.webhookDeliveries.claimDue(10, 30_000, new Date());
  t.same(
    claimed.map((d) => d.id),
    [delivery!.id],
  );
  const started = new Date();
  await b.app.services.eventRepos.webhookDeliveries.complete(
    claimed[0]!,
    { statusCode: 204, error: null },
    {
      id: newOrderedId('wha', started.getTime()),
      attempt: 1,
      startedAt: started,
      durationMs: 12,
      statusCode: 204,
      responseExcerpt: '',
      error: null,
    },
  );
  const attempts = keep(await owner.get(`${item}/deliveries`));
  t.equal(attempts.statusCode, 200, attempts.body);
  t.match(attempts.json().items, [
    { eventId, eventType: 'webhook.test', attempt: 1, statusCode: 204, durationMs: 12, outcome: 'succeeded' },
  ]);

  const again = await owner.post(`${base}/events/${eventId}/redeliver`, { subscriptionId: subscription.id });
  t.equal(again.statusCode, 200, again.body);
  t.same(again.json(), { eventId, deliveries: [{ id: delivery!.id, subscriptionId: subscription.id }] });
  const requeued = await b.app.services.eventRepos.webhookDeliveries.forEvent(eventId, subscription.id);
  t.match(requeued, [{ id: delivery!.id, status: 'pending' }], 'the same delivery (webhook-id), due again');

  const events = keep(await owner.get(`${base}/events?type=webhook.test`));
  t.same(
    events.json().items.map((e: { id: string }) => e.id),
    [eventId],
  );
  t.same((await owner.get(`${base}/events?type=connection.expired`)).json().items, []);
  t.same((await owner.get(`${base}/events?after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().items, []);

  t.equal((await owner.delete(item)).statusCode, 204);
  t.equal((await owner.get(item)).statusCode, 404, 'gone');
  t.equal((await owner.delete(item)).statusCode, 404, 'deleting twice');

  for (const body of bodies) {
    t.notOk(body.includes(secret), 'no answer but the first holds the secret');
    t.notOk(body.includes(rotated.json().secret), 'nor the rotated one');
  }
  const entries = (await b.app.services.audit.list(organizationId, 50)).items.filter((e) =>
    /^(webhook_subscription|event)\./.test(e.action),
  );
  t.same(
    entries.map((e) => e.action).reverse(),
    [
      'webhook_subscription.created',
      'webhook_subscription.updated',
      'webhook_subscription.enabled',
      'webhook_subscription.secret_rotated',
      'webhook_subscription.test_sent',
      'event.redelivered',
      'webhook_subscription.deleted',
    ],
    'one entry per change, none for a no-op or a refusal',
  );
  t.match(entries.at(-1), { actorUserId: owner.userId, targetId: subscription.id, detail: { url: RECEIVER } });
  const audited = JSON.stringify(entries);
  t.notOk(audited.includes(secret) || audited.includes(rotated.json().secret), 'no secret in the audit log');
});

t.test('bad input is a 400 naming the field', async (t) => {
  const { owner, base } = await fixture();
  for (const body of [{ url: 'not a url' }, { url: 'ftp://example.com/x' }, { url: RECEIVER, eventTypes: ['connection.nope'] }, {}]) {
    const res = await owner.post(`${base}/webhooks`, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
  }
  t.equal((await owner.get(`${base}/webhooks?cursor=nope`)).statusCode, 400, 'an unknown cursor');
  t.equal((await owner.get(`${base}/events?after=yesterday`)).statusCode, 400, 'a time that is not one');
});

t.test('roles and isolation: members read only; other organizations are 404', async (t) => {
  const { owner, member, other, projectId, base } = await fixture();
  const created = (await owner.post(`${base}/webhooks`, { url: RECEIVER })).json<{ subscription: { id: string } }>();
  const item = `${base}/webhooks/${created.subscription.id}`;
  const eventId = (await owner.post(`${item}/test`)).json<{ eventId: string }>().eventId;

  t.equal((await member.get(`${base}/webhooks`)).statusCode, 200);
  t.equal((await member.get(item)).statusCode, 200);
  t.equal((await member.get(`${item}/deliveries`)).statusCode, 200);
  t.equal((await member.get(`${base}/events`)).statusCode, 200);
  t.equal((await member.get(`${base}/events/${eventId}`)).statusCode, 200);
  for (const res of [
    await member.post(`${base}/webhooks`, { url: RECEIVER }),
    await member.patch(item, { enabled: false }),
    await member.delete(item),
    await member.post(`${item}/rotate-secret`),
    await member.post(`${item}/test`),
    await member.post(`${base}/events/${eventId}/redeliver`, {}),
  ]) {
    t.equal(res.statusCode, 403);
    t.match(res.json().message, /admin role/);
  }

  const theirs = `/orgs/${other.organizationId}/projects/${other.projectId}`;
  for (const res of [
    await other.owner.get(`${base}/webhooks`),
    await other.owner.get(item),
    await other.owner.get(`${base}/events`),
    await other.owner.get(`/orgs/${other.organizationId}/projects/${projectId}/webhooks`),
    await other.owner.get(`${theirs}/webhooks/${created.subscription.id}`),
    await other.owner.get(`${theirs}/webhooks/${created.subscription.id}/deliveries`),
    await other.owner.patch(`${theirs}/webhooks/${created.subscription.id}`, { enabled: false }),
    await other.owner.post(`${theirs}/webhooks/${created.subscription.id}/rotate-secret`),
    await other.owner.post(`${theirs}/webhooks/${created.subscription.id}/test`),
    await other.owner.delete(`${theirs}/webhooks/${created.subscription.id}`),
    await other.owner.get(`${theirs}/events/${eventId}`),
    await other.owner.post(`${theirs}/events/${eventId}/redeliver`, {}),
  ])
    t.equal(res.statusCode, 404);
  t.same((await other.owner.get(`${theirs}/events`)).json().items, [], 'their project has no events');
  t.equal((await owner.get(item)).json().enabled, true, 'untouched');
});
