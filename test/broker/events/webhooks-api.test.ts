/**
 * The native webhook and event routes (issue 28): subscriptions (secret shown on create and rotate
 * only), the delivery attempts list, test events, redelivery with the same message id, the events
 * list with its filters and cursor; 400s that name the field, 404s for unknown ids, 403 for other tenants'.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { apiClient } from '../../helpers/api-client.js';
import { newOrderedId } from '../../../src/ids.js';

const shared = sharedBrokerWithSandboxes(t);

async function client() {
  const b = await shared.tenant();
  return { b, api: apiClient(b.app, { key: b.key }) };
}

async function subscribe(
  api: Awaited<ReturnType<typeof client>>['api'],
  body: { url: string; eventTypes?: string[] } = { url: 'https://example.com/hook' },
) {
  const res = await api.createWebhookSubscription({ body: body as never });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

t.test('subscriptions: create shows the secret once; read, list with a cursor, update, delete', async (t) => {
  const { b, api } = await client();
  const created = await subscribe(api, { url: 'https://example.com/a', eventTypes: ['connection.expired', 'connection.revoked'] });
  t.match(created, {
    url: 'https://example.com/a',
    eventTypes: ['connection.expired', 'connection.revoked'],
    enabled: true,
    scheme: 'standard',
  });
  t.match(created.id, /^whs_/);
  t.match(created.secret, /^whsec_[A-Za-z0-9+/]{32}$/);

  const read = await api.getWebhookSubscription({ params: { subscriptionId: created.id } });
  t.equal(read.status, 200);
  t.notOk('secret' in (read.body as object), 'never shown again');
  const { secret: _secret, ...shown } = created;
  t.same(read.body, shown, 'the same subscription');

  const more = [await subscribe(api), await subscribe(api)];
  const page1 = await api.listWebhookSubscriptions({ query: { limit: 2 } });
  t.equal(page1.status, 200);
  if (page1.status !== 200) return;
  t.same(
    page1.body.items.map((s) => s.id),
    [more[1]!.id, more[0]!.id],
    'newest first',
  );
  t.notMatch(JSON.stringify(page1.body), /whsec_/, 'no secret in a list');
  t.type(page1.body.nextCursor, 'string');
  const page2 = await api.listWebhookSubscriptions({ query: { limit: 2, cursor: page1.body.nextCursor! } });
  t.same(page2.status === 200 && page2.body.items.map((s) => s.id), [created.id]);
  t.equal(page2.status === 200 && page2.body.nextCursor, null);

  const updated = await api.updateWebhookSubscription({
    params: { subscriptionId: created.id },
    body: { url: 'http://example.org/b', eventTypes: null, enabled: false },
  });
  t.match(updated.body, { url: 'http://example.org/b', eventTypes: null, enabled: false, disabledAt: null });

  // Disabled after failing deliveries (the worker does this), then enabled again: the disable is cleared.
  t.equal(await b.app.services.eventRepos.webhookSubscriptions.update(b.projectId, created.id, { enabled: true }), 1);
  t.equal(await b.app.services.eventRepos.webhookSubscriptions.disable(created.id, 'every delivery failed for 5 days', new Date()), true);
  t.match((await api.getWebhookSubscription({ params: { subscriptionId: created.id } })).body, {
    enabled: false,
    disabledReason: 'every delivery failed for 5 days',
  });
  const enabled = await api.updateWebhookSubscription({ params: { subscriptionId: created.id }, body: { enabled: true } });
  t.match(enabled.body, { enabled: true, disabledAt: null, disabledReason: null });

  t.same((await api.deleteWebhookSubscription({ params: { subscriptionId: created.id } })).body, { deleted: true });
  const gone = await api.getWebhookSubscription({ params: { subscriptionId: created.id } });
  t.equal(gone.status, 404);
  t.match(gone.body, { defined: true, code: 'NOT_FOUND', status: 404, message: /Webhook subscription whs_\S+ not found/ });
  t.equal(await b.app.services.vault.has({ ownerType: 'webhook_subscription', ownerId: created.id, name: 'whk_x' }), false);
  t.notMatch(b.logs(), new RegExp(created.secret.slice(6).replace(/[+/]/g, '.')), 'the secret is never logged');
});

t.test('bad input is a 400 naming the field; unknown ids are 404, other tenants ids 403', async (t) => {
  const { api } = await client();
  for (const [url, why] of [
    ['ftp://example.com/x', /http or https/],
    ['not a url', /not an absolute URL/],
    ['https://user:pw@example.com/x', /user name or password/],
    [`https://example.com/${'x'.repeat(2_000)}`, /./],
  ] as const) {
    const res = await api.createWebhookSubscription({ body: { url } });
    t.equal(res.status, 400, url.slice(0, 40));
    t.match(res.body, { defined: true, code: 'BAD_REQUEST', message: why });
  }
  const badType = await api.createWebhookSubscription({ body: { url: 'https://example.com', eventTypes: ['connection.nope'] } as never });
  t.equal(badType.status, 400);
  t.match(JSON.stringify(badType.body), /eventTypes/);
  t.equal(
    (await api.createWebhookSubscription({ body: { url: 'https://example.com', eventTypes: [] } })).status,
    400,
    'empty list: omit it instead',
  );

  const mine = await subscribe(api);
  const other = await client();
  for (const res of [
    await other.api.getWebhookSubscription({ params: { subscriptionId: mine.id } }),
    await other.api.updateWebhookSubscription({ params: { subscriptionId: mine.id }, body: { enabled: false } }),
    await other.api.deleteWebhookSubscription({ params: { subscriptionId: mine.id } }),
    await other.api.rotateWebhookSecret({ params: { subscriptionId: mine.id } }),
    await other.api.listWebhookDeliveries({ params: { subscriptionId: mine.id } }),
    await other.api.sendTestEvent({ params: { subscriptionId: mine.id } }),
  ]) {
    t.equal(res.status, 403);
    t.match(res.body, { code: 'FORBIDDEN', status: 403, message: 'API key not permitted for this resource' });
  }
  const unknown = await other.api.getWebhookSubscription({ params: { subscriptionId: 'whs_unknown' } });
  t.equal(unknown.status, 404);
  t.match(unknown.body, { defined: true, code: 'NOT_FOUND', status: 404 });
  t.same((await other.api.listWebhookSubscriptions()).body, { items: [], nextCursor: null }, 'another tenant lists none');
  t.equal((await api.getWebhookSubscription({ params: { subscriptionId: mine.id } })).status, 200, 'untouched');
  const badCursor = await api.listWebhookSubscriptions({ query: { cursor: 'nope' } });
  t.equal(badCursor.status, 400);
});

t.test('rotate: a new secret shown once; the previous one signs for 24 hours', async (t) => {
  const { b, api } = await client();
  const created = await subscribe(api);
  const before = Date.now();
  const rotated = await api.rotateWebhookSecret({ params: { subscriptionId: created.id } });
  t.equal(rotated.status, 200);
  if (rotated.status !== 200) return;
  t.match(rotated.body.secret, /^whsec_/);
  t.not(rotated.body.secret, created.secret);
  const grace = new Date(rotated.body.previousSecretExpiresAt).getTime() - before;
  t.ok(grace >= 24 * 3600_000 - 60_000 && grace <= 24 * 3600_000 + 60_000, 'about 24 h');
  const row = (await b.app.services.eventRepos.webhookSubscriptions.findById(created.id))!;
  t.same(await b.app.services.webhookSecrets.signingSecrets(row), [rotated.body.secret, created.secret]);
  t.notMatch(JSON.stringify((await api.getWebhookSubscription({ params: { subscriptionId: created.id } })).body), /whsec_/);
});

t.test('test events, the events list, redelivery with the same message id, and the attempts list', async (t) => {
  const { b, api } = await client();
  const all = await subscribe(api);
  const expiredOnly = await subscribe(api, { url: 'https://example.com/expired', eventTypes: ['connection.expired'] });
  const deliveries = b.app.services.eventRepos.webhookDeliveries;

  const test = await api.sendTestEvent({ params: { subscriptionId: expiredOnly.id } });
  t.equal(test.status, 200);
  if (test.status !== 200) return;
  t.match(test.body.eventId, /^evt_/);
  t.match(test.body.deliveryId, /^msg_/);
  t.same(
    (await deliveries.forEvent(test.body.eventId)).map((d) => d.subscriptionId),
    [expiredOnly.id],
    'to that subscription only',
  );
  await api.updateWebhookSubscription({ params: { subscriptionId: expiredOnly.id }, body: { enabled: false } });
  const toDisabled = await api.sendTestEvent({ params: { subscriptionId: expiredOnly.id } });
  t.equal(toDisabled.status, 400, 'a disabled subscription: nothing to send a test to');
  t.match(toDisabled.body, { code: 'BAD_REQUEST', message: /is disabled: enable it/ });
  await api.updateWebhookSubscription({ params: { subscriptionId: expiredOnly.id }, body: { enabled: true } });

  const connectionId = await b.connectOAuth('hubspot');
  const listed = await api.listEvents();
  t.equal(listed.status, 200);
  if (listed.status !== 200) return;
  t.same(
    listed.body.items.map((e) => e.type),
    ['connection.created', 'webhook.test'],
    'newest first',
  );
  const created = listed.body.items[0]!;
  t.match(created, { projectId: b.projectId, data: { id: connectionId, status: 'ACTIVE' } });
  t.same(
    (await deliveries.forEvent(created.id)).map((d) => d.subscriptionId),
    [all.id],
    'fanned out to the subscription that wants it',
  );

  const byType = await api.listEvents({ query: { type: ['webhook.test'] } });
  t.same(byType.status === 200 && byType.body.items.map((e) => e.id), [test.body.eventId]);
  const several = await api.listEvents({ query: { type: ['webhook.test', 'connection.created'] } });
  t.equal(several.status === 200 && several.body.items.length, 2, 'several types');
  const page = await api.listEvents({ query: { limit: 1 } });
  t.equal(page.status === 200 && page.body.items.length, 1);
  const next = await api.listEvents({ query: { limit: 1, cursor: (page.status === 200 && page.body.nextCursor) || '' } });
  t.same(next.status === 200 && next.body.items.map((e) => e.id), [test.body.eventId]);
  const after = await api.listEvents({ query: { after: created.timestamp } });
  t.same(after.status === 200 && after.body.items.map((e) => e.id), [created.id], 'after: at or after that time');
  const before = await api.listEvents({ query: { before: created.timestamp } });
  t.ok(before.status === 200 && !before.body.items.some((e) => e.id === created.id), 'before: strictly before');
  t.equal((await api.listEvents({ query: { type: ['nope'] } })).status, 400);
  t.equal((await api.listEvents({ query: { after: 'yesterday' } })).status, 400);
  const other = await client();
  t.same((await other.api.listEvents()).body, { items: [], nextCursor: null }, 'another tenant sees none');

  // A delivery that was tried and gave up: redelivering keeps its message id.
  const [row] = await deliveries.forEvent(created.id);
  const claimed = (await deliveries.claimDue(1_000, 30_000, new Date(Date.now() + 1_000))).find((d) => d.id === row!.id)!;
  const startedAt = new Date();
  await deliveries.giveUp(
    claimed,
    { statusCode: 410, error: 'HTTP 410' },
    {
      id: newOrderedId('wha', startedAt.getTime()),
      attempt: 1,
      startedAt,
      durationMs: 7,
      statusCode: 410,
      responseExcerpt: 'gone',
      error: 'HTTP 410',
    },
  );
  const redelivered = await api.redeliverEvent({ params: { eventId: created.id }, body: {} });
  t.same(redelivered.body, { eventId: created.id, deliveries: [{ id: row!.id, subscriptionId: all.id }] }, 'the same msg id');
  t.equal((await deliveries.findById(row!.id))?.status, 'pending', 'queued again');
  const toOne = await api.redeliverEvent({ params: { eventId: created.id }, body: { subscriptionId: expiredOnly.id } });
  t.equal(toOne.status, 400, 'that subscription does not want connection.created');
  t.equal((await api.redeliverEvent({ params: { eventId: 'evt_unknown' } })).status, 404);
  t.equal((await api.redeliverEvent({ params: { eventId: created.id }, body: { subscriptionId: 'whs_unknown' } })).status, 404);
  t.equal((await other.api.redeliverEvent({ params: { eventId: created.id } })).status, 403, "another tenant's event");
  const testAgain = await api.redeliverEvent({ params: { eventId: test.body.eventId } });
  t.same(testAgain.body, { eventId: test.body.eventId, deliveries: [{ id: test.body.deliveryId, subscriptionId: expiredOnly.id }] });

  const attempts = await api.listWebhookDeliveries({ params: { subscriptionId: all.id } });
  t.equal(attempts.status, 200);
  if (attempts.status !== 200) return;
  t.same(
    attempts.body.items.map((a) => ({ ...a, id: undefined, createdAt: undefined })),
    [
      {
        id: undefined,
        deliveryId: row!.id,
        eventId: created.id,
        eventType: 'connection.created',
        attempt: 1,
        statusCode: 410,
        durationMs: 7,
        outcome: 'failed',
        responseExcerpt: 'gone',
        error: 'HTTP 410',
        createdAt: undefined,
      },
    ],
  );
  t.equal(attempts.body.nextCursor, null);
  t.same((await api.listWebhookDeliveries({ params: { subscriptionId: expiredOnly.id } })).body, { items: [], nextCursor: null });
});

t.test('the spec lists every operation of the plane', async (t) => {
  const { b } = await client();
  const spec = (await b.app.inject({ method: 'GET', url: '/api/v1/spec.json' })).json() as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const ids = Object.values(spec.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
  for (const id of [
    'createWebhookSubscription',
    'listWebhookSubscriptions',
    'getWebhookSubscription',
    'updateWebhookSubscription',
    'deleteWebhookSubscription',
    'rotateWebhookSecret',
    'listWebhookDeliveries',
    'redeliverEvent',
    'sendTestEvent',
    'listEvents',
  ])
    t.ok(ids.includes(id), id);
});
