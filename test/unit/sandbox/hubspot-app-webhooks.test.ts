/**
 * HubSpot app webhooks from the sandbox: signed arrays of events to a loopback receiver, for changes
 * made through the API, directly and by the activity generator; retries keep the eventId.
 */
import { createHmac } from 'node:crypto';
import t, { type Test } from 'tap';
import { startHubspotSandbox, type AppWebhooksConfig, type HubspotSandbox } from '../../../sandbox/index.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../../sandbox/webhook-receiver.js';
import { call } from './helpers.js';

const SECRET = 'app-client-secret-for-webhooks';
const APP_ID = 7654321;

interface Event {
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
  objectId: number;
  changeSource: string;
  propertyName?: string;
  propertyValue?: string;
}

async function setup(t: Test, config: Partial<AppWebhooksConfig> = {}, hubId?: number) {
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());
  const hs = await startHubspotSandbox({ clients: [{ clientId: 'app-client', clientSecret: SECRET }], hubId });
  t.teardown(() => hs.close());
  const subscriptions = hs.control.configureAppWebhooks({
    targetUrl: receiver.url('/hubspot/events?portal=any'),
    appId: APP_ID,
    batchMs: 10,
    retryBaseMs: 5,
    subscriptions: [
      { subscriptionType: 'contact.creation' },
      { subscriptionType: 'contact.propertyChange', propertyName: 'firstname' },
      { subscriptionType: 'contact.deletion' },
      { subscriptionType: 'company.creation' },
      { subscriptionType: 'deal.creation' },
      { subscriptionType: 'deal.propertyChange', propertyName: 'dealstage' },
    ],
    ...config,
  });
  const token = hs.control.issueToken().access_token;
  const api = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${hs.apiBaseUrl}/crm/v3/objects${path}`, { token, ...init });
  return { hs, receiver, api, subscriptions, token };
}

/** Computed here from HubSpot's documented recipe, not with the sandbox's signer. */
function verifies(receiver: WebhookReceiver, r: ReceivedWebhook): boolean {
  const uri = `${receiver.origin}${r.path}`;
  const timestamp = r.headers['x-hubspot-request-timestamp'];
  const expected = createHmac('sha256', SECRET).update(`${r.method}${uri}${r.body}${timestamp}`, 'utf8').digest('base64');
  return r.headers['x-hubspot-signature-v3'] === expected;
}

/** The sandbox's delivery log once it has `count` entries (it records after the receiver answers). */
async function deliveries(hs: HubspotSandbox, count: number) {
  for (;;) {
    const list = hs.control.appWebhookDeliveries();
    if (list.length >= count) return list;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const events = (r: ReceivedWebhook): Event[] => JSON.parse(r.body) as Event[];

/** Waits until the receiver holds `count` events on the path; in eventId order (deliveries may overtake each other). */
async function eventsAt(receiver: WebhookReceiver, count: number): Promise<Event[]> {
  for (let n = 1; ; n += 1) {
    const got = (await receiver.waitFor('/hubspot/events', n)).flatMap(events);
    if (got.length >= count) return got.sort((x, y) => x.eventId - y.eventId);
  }
}

t.test('API, direct and generated changes arrive as signed arrays with every HubSpot field', async (t) => {
  const { hs, receiver, api, subscriptions } = await setup(t);
  t.same(
    subscriptions.map((s) => [s.id, s.subscriptionType, s.propertyName]),
    [
      [1, 'contact.creation', ''],
      [2, 'contact.propertyChange', 'firstname'],
      [3, 'contact.deletion', ''],
      [4, 'company.creation', ''],
      [5, 'deal.creation', ''],
      [6, 'deal.propertyChange', 'dealstage'],
    ],
  );

  const created = await api('/contacts', { method: 'POST', body: { properties: { email: 'ada@example.com', firstname: 'Ada' } } });
  t.equal(created.status, 201);
  const first = await eventsAt(receiver, 2);
  const contactId = Number(created.body.id);
  t.match(first, [
    {
      objectId: contactId,
      changeSource: 'API',
      subscriptionId: 1,
      portalId: hs.fixtures.hubId,
      appId: APP_ID,
      subscriptionType: 'contact.creation',
      attemptNumber: 0,
      eventId: Number,
      occurredAt: Date.parse(created.body.createdAt),
    },
    // HubSpot also reports the properties a creation sets, for property subscriptions.
    { objectId: contactId, subscriptionType: 'contact.propertyChange', propertyName: 'firstname', propertyValue: 'Ada', subscriptionId: 2 },
  ]);
  t.notOk('propertyName' in first[0], 'no property fields on a creation event');

  const request = receiver.at('/hubspot/events').find((r) => events(r).some((e) => e.subscriptionType === 'contact.creation'))!;
  t.equal(request.method, 'POST');
  t.equal(request.headers['content-type'], 'application/json');
  t.equal(request.headers['x-hubspot-signature-version'], 'v3');
  t.match(request.headers['x-hubspot-request-timestamp'], /^\d{13}$/);
  t.ok(verifies(receiver, request), 'X-HubSpot-Signature-v3 verifies with an independent HMAC');

  await api(`/contacts/${contactId}`, { method: 'PATCH', body: { properties: { firstname: 'Ada', lastname: 'Lovelace' } } });
  await api(`/contacts/${contactId}`, { method: 'PATCH', body: { properties: { firstname: 'Augusta' } } });
  const direct = hs.control.createObject('deals', { dealname: 'Direct deal', dealstage: 'qualifiedtobuy' }, { at: 1_700_000_000_123 });
  hs.control.updateObject('deals', direct.id, { dealstage: 'closedwon' }, { at: 1_700_000_000_456 });
  const company = hs.control.createObject('companies', { name: 'Not watched by property' });
  const del = await api(`/contacts/${contactId}`, { method: 'DELETE' });
  t.equal(del.status, 204);

  const all = await eventsAt(receiver, 8);
  const rest = all.slice(2).map((e) => [e.subscriptionType, e.objectId, e.propertyName, e.propertyValue, e.changeSource]);
  t.same(rest, [
    // Unchanged firstname and an unwatched lastname: nothing; the changed firstname: one event.
    ['contact.propertyChange', contactId, 'firstname', 'Augusta', 'API'],
    ['deal.creation', Number(direct.id), undefined, undefined, 'CRM_UI'],
    ['deal.propertyChange', Number(direct.id), 'dealstage', 'qualifiedtobuy', 'CRM_UI'],
    ['deal.propertyChange', Number(direct.id), 'dealstage', 'closedwon', 'CRM_UI'],
    ['company.creation', Number(company.id), undefined, undefined, 'CRM_UI'],
    ['contact.deletion', contactId, undefined, undefined, 'API'],
  ]);
  t.same(
    all.filter((e) => e.objectId === Number(direct.id)).map((e) => e.occurredAt),
    [1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_456],
    'occurredAt is the change time given',
  );
  t.equal(new Set(all.map((e) => e.eventId)).size, all.length, 'every event has its own eventId');
  for (const r of receiver.at('/hubspot/events')) t.ok(verifies(receiver, r), 'every delivery verifies');

  // The generator's changes are webhooks too (seed 1 makes a deal next, in stage appointmentscheduled).
  const step = hs.control.stepActivity(1);
  t.match(step, [{ action: 'createDeal', object: 'deals', properties: { dealstage: 'appointmentscheduled' } }]);
  const generated = await eventsAt(receiver, 10);
  t.match(generated.slice(8), [
    { subscriptionType: 'deal.creation', objectId: Number(step[0].id), changeSource: 'CRM_UI' },
    { subscriptionType: 'deal.propertyChange', propertyName: 'dealstage', propertyValue: 'appointmentscheduled' },
  ]);
});

t.test('one POST carries the events gathered in the batch window, in order', async (t) => {
  const { hs, receiver } = await setup(t, { batchMs: 60_000, propertyChangeOnCreate: false });
  const at = Date.parse('2026-03-01T12:00:00.000Z');
  const made = hs.control.stepActivity(5, at);
  t.equal(receiver.requests.length, 0, 'nothing sent before the window ends');
  hs.control.flushAppWebhooks();
  const [delivery] = await receiver.waitFor('/hubspot/events', 1);
  const got = events(delivery);
  t.same(
    got.map((e) => e.objectId),
    made.filter((c) => c.action.startsWith('create')).map((c) => Number(c.id)),
    'one creation event per created record (the generated contact updates touch no watched property)',
  );
  t.ok(
    got.every((e) => e.occurredAt === at),
    'changes sharing one millisecond',
  );
  t.notOk(
    got.some((e) => e.subscriptionType.endsWith('propertyChange')),
    'propertyChangeOnCreate: false',
  );
  t.same(
    (await deliveries(hs, 1)).map((d) => [d.attemptNumber, d.statusCode, d.eventIds.length]),
    [[0, 200, got.length]],
  );
});

t.test('failed deliveries are retried with the same eventIds and a growing attemptNumber', async (t) => {
  const { hs, receiver } = await setup(t, { maxAttempts: 4 });
  receiver.script('/hubspot/events', { statuses: [500, 429] });
  const contact = hs.control.createObject('contacts', { email: 'retry@example.com' });
  const [a, b, c] = await receiver.waitFor('/hubspot/events', 3);
  const attempts = [a, b, c].map(events);
  t.same(
    attempts.map((list) => list.map((e) => [e.objectId, e.attemptNumber])),
    [[[Number(contact.id), 0]], [[Number(contact.id), 1]], [[Number(contact.id), 2]]],
  );
  t.equal(new Set(attempts.map((list) => list[0].eventId)).size, 1, 'same eventId on every attempt');
  for (const r of [a, b, c]) t.ok(verifies(receiver, r), 'each attempt is signed anew');
  t.same(
    (await deliveries(hs, 3)).map((d) => [d.attemptNumber, d.statusCode]),
    [
      [0, 500],
      [1, 429],
      [2, 200],
    ],
  );
});

t.test('a refused connection is a failure too: retried once the receiver is back', async (t) => {
  const { hs, receiver } = await setup(t, { maxAttempts: 50, retryBaseMs: 10, retryMaxMs: 20 });
  await receiver.down();
  hs.control.createObject('companies', { name: 'While down' });
  t.match((await deliveries(hs, 1))[0], { attemptNumber: 0, statusCode: null, error: String });
  await receiver.up();
  const [delivered] = await receiver.waitFor('/hubspot/events', 1);
  const retried = events(delivered)[0];
  t.equal(retried.subscriptionType, 'company.creation');
  t.ok(retried.attemptNumber >= 1, 'delivered on a retry');
});

t.test('a delivery that keeps failing stops after maxAttempts', async (t) => {
  const { hs, receiver } = await setup(t, { maxAttempts: 2 });
  receiver.script('/hubspot/events', { status: 503 });
  hs.control.createObject('companies', { name: 'Never delivered' });
  await receiver.waitFor('/hubspot/events', 2);
  // A later event still goes out: the failed one is no longer retried.
  receiver.script('/hubspot/events', { status: 200 });
  hs.control.createObject('companies', { name: 'Delivered' });
  const all = await receiver.waitFor('/hubspot/events', 3);
  t.same(
    all.map((r) => events(r).map((e) => e.attemptNumber)),
    [[0], [1], [0]],
  );
});

t.test('configuration is checked; token info names the portal and the app', async (t) => {
  const { hs, token } = await setup(t, {}, 99_000_111);
  t.throws(() => hs.control.configureAppWebhooks({ targetUrl: 'https://hooks.example.com/x', subscriptions: [] }), /loopback/);
  t.throws(
    () => hs.control.configureAppWebhooks({ targetUrl: 'http://127.0.0.1:9/x', subscriptions: [{ subscriptionType: 'ticket.creation' }] }),
    /unknown subscriptionType/,
  );
  t.throws(
    () =>
      hs.control.configureAppWebhooks({
        targetUrl: 'http://127.0.0.1:9/x',
        subscriptions: [{ subscriptionType: 'contact.propertyChange' }],
      }),
    /propertyName/,
  );
  const info = await call(`${hs.url}/oauth/v1/access-tokens/${token}`);
  t.equal(info.status, 200);
  t.match(info.body, { token, hub_id: 99_000_111, app_id: APP_ID, user_id: hs.fixtures.userId, token_type: 'access', expires_in: Number });
  hs.reset();
  t.equal(hs.control.appWebhookDeliveries().length, 0);
  t.equal(hs.fixtures.appId, 1234567, 'reset restores the default app');
});

t.test('the control route configures webhooks and makes direct changes for a standalone sandbox', async (t) => {
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const control = (action: string, args: unknown[]) => call(`${hs.url}/__sandbox/control`, { method: 'POST', body: { action, args } });
  const configured = await control('configureAppWebhooks', [
    { targetUrl: receiver.url('/hooks'), batchMs: 0, subscriptions: [{ subscriptionType: 'contact.creation' }] },
  ]);
  t.equal(configured.status, 200);
  const made = await control('createObject', ['contacts', { email: 'http@example.com' }, { at: '2026-01-02T03:04:05.678Z' }]);
  t.equal(made.body.result.properties.createdate, '2026-01-02T03:04:05.678Z');
  const [r] = await receiver.waitFor('/hooks', 1);
  t.match(events(r), [{ subscriptionType: 'contact.creation', occurredAt: Date.parse('2026-01-02T03:04:05.678Z') }]);
  const bad = await control('createObject', ['contacts', { email: 'http@example.com' }]);
  t.equal(bad.status, 400);
  t.match(bad.body.error, /already exists/);
});
