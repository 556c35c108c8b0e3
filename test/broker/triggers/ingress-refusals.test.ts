/**
 * What the provider webhook ingress refuses, and that a refusal records nothing: a forged
 * signature, a replayed delivery whose timestamp went stale, one from the future, a tampered body,
 * an unsigned request, an unknown toolkit and an unknown custom app. Then the custom app's own URL:
 * signed with its client secret, routed to its connections only; a failing listener and the
 * pending drain; and two instances on one PostgreSQL database racing on the same deliveries.
 */
import t from 'tap';
import { ProviderWebhookEvent } from '../../../src/db/entities/index.js';
import type { IngressEvent } from '../../../src/triggers/ingress/ingress-service.js';
import { MANAGED_CLIENTS } from '../../../sandbox/broker-env.js';
import { signV3 } from '../../../sandbox/hubspot/app-webhooks.js';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { appDb, createTestDatabase } from '../../helpers/app.js';

let nextEventId = 9_000_000;

t.test('refused without a trace; the valid delivery and its replay: accepted once', async (t) => {
  const b = await brokerWithSandboxes(t);
  const db = appDb(b);
  const hubId = b.hubspot.fixtures.hubId;
  const managedConnection = await b.connectOAuth('hubspot', 'alice');
  const received: IngressEvent[] = [];
  b.app.services.providerWebhooks.onEvents((events) => {
    received.push(...events);
  });

  const events = (n = 1) =>
    JSON.stringify(
      Array.from({ length: n }, () => ({
        eventId: nextEventId++,
        subscriptionId: 1,
        portalId: hubId,
        appId: 1,
        occurredAt: Date.now(),
        subscriptionType: 'contact.creation',
        attemptNumber: 0,
        objectId: 501,
        changeSource: 'CRM_UI',
      })),
    );
  const path = '/api/v1/provider_webhooks/hubspot';
  const send = (
    body: string,
    o: { secret?: string; ts?: number; signedBody?: string; path?: string; headers?: Record<string, string>; unsigned?: boolean } = {},
  ) => {
    const p = o.path ?? path;
    const ts = String(o.ts ?? Date.now());
    const signature = signV3(
      o.secret ?? MANAGED_CLIENTS.hubspot.clientSecret,
      'POST',
      b.config.publicBaseUrl + p,
      o.signedBody ?? body,
      ts,
    );
    return b.app.inject({
      method: 'POST',
      url: p,
      headers: {
        'content-type': 'application/json',
        ...(o.unsigned
          ? {}
          : { 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': ts, 'x-hubspot-signature-version': 'v3' }),
        ...o.headers,
      },
      payload: body,
    });
  };
  const inboxCount = () => db.em().count(ProviderWebhookEvent, {});

  const refusals: [string, number, RegExp, () => ReturnType<typeof send>][] = [
    ['forged (another secret)', 401, /does not match/, () => send(events(), { secret: 'not-the-app-secret' })],
    ['stale (a replay 6 minutes later)', 401, /5 minutes/, () => send(events(), { ts: Date.now() - 6 * 60_000 })],
    ['from the future', 401, /5 minutes/, () => send(events(), { ts: Date.now() + 6 * 60_000 })],
    [
      'tampered body',
      401,
      /does not match/,
      () => {
        const signedBody = events();
        return send(signedBody.replace('"objectId":501', '"objectId":502'), { signedBody });
      },
    ],
    ['unsigned', 401, /Missing X-HubSpot-Signature-v3/, () => send(events(), { unsigned: true })],
    ['unknown toolkit', 400, /no provider webhooks/, () => send(events(), { path: '/api/v1/provider_webhooks/salesforce' })],
    ['a toolkit without an ingress', 400, /no provider webhooks/, () => send(events(), { path: '/api/v1/provider_webhooks/bitly' })],
    ['unknown custom app', 400, /not a custom hubspot app/, () => send(events(), { path: '/api/v1/provider_webhooks/hubspot/ac_nope' })],
  ];
  for (const [name, status, message, request] of refusals) {
    const res = await request();
    t.equal(res.statusCode, status, `${name}: ${res.body}`);
    t.match(res.body, message, name);
  }
  t.equal(await inboxCount(), 0, 'nothing recorded');

  // The valid one, then the same bytes replayed within the skew (HubSpot's retry): one row.
  const body = events(2);
  const ts = Date.now();
  const first = await send(body, { ts });
  t.equal(first.statusCode, 200, first.body);
  t.same(first.json(), { received: 2, accepted: 2, duplicates: 0 });
  const replay = await send(body, { ts });
  t.same(replay.json(), { received: 2, accepted: 0, duplicates: 2 });
  t.equal(await inboxCount(), 2);
  // Routed after the commit, off the request: wait until the inbox says so.
  while ((await b.app.services.providerWebhooks.inbox.pending(10)).length > 0) await new Promise((r) => setTimeout(r, 20));
  t.equal(received.length, 2);
  t.same(
    received.map((e) => e.connectionIds),
    [[managedConnection], [managedConnection]],
  );
});

t.test("a custom app's URL: its own secret, its own connections", async (t) => {
  const b = await brokerWithSandboxes(t);
  const managedConnection = await b.connectOAuth('hubspot', 'alice');
  const created = await b.api('POST', 'auth_configs', {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth2',
    isManaged: false,
    ...CUSTOM_CLIENTS.hubspot,
  });
  t.equal(created.statusCode, 200, created.body);
  const { authConfigId } = created.json() as { authConfigId: string };
  const customConnection = await b.connectOAuth('hubspot', 'bob', { authConfigId });

  const path = `/api/v1/provider_webhooks/hubspot/${authConfigId}`;
  const body = JSON.stringify([
    { eventId: nextEventId++, portalId: b.hubspot.fixtures.hubId, occurredAt: Date.now(), subscriptionType: 'deal.creation', objectId: 7 },
  ]);
  const post = (secret: string) => {
    const ts = String(Date.now());
    return b.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'x-hubspot-signature-v3': signV3(secret, 'POST', b.config.publicBaseUrl + path, body, ts),
        'x-hubspot-request-timestamp': ts,
      },
      payload: body,
    });
  };
  const wrong = await post(MANAGED_CLIENTS.hubspot.clientSecret);
  t.equal(wrong.statusCode, 401, "the managed app's secret does not sign a custom app's URL");
  const ok = await post(CUSTOM_CLIENTS.hubspot.clientSecret);
  t.equal(ok.statusCode, 200, ok.body);
  const [row] = await appDb(b).em().find(ProviderWebhookEvent, {});
  t.equal(row?.source, authConfigId);
  t.same(row?.connectionIds, [customConnection], 'only the custom app’s connection of that portal');
  t.not(customConnection, managedConnection);
});

t.test('a failing listener leaves its events pending; drainPending hands them over again; sweep forgets routed ones', async (t) => {
  const b = await brokerWithSandboxes(t);
  const ingress = b.app.services.providerWebhooks;
  let fail = true;
  const seen: string[] = [];
  ingress.onEvents((events) => {
    if (fail) throw new Error('listener down');
    seen.push(...events.map((e) => e.providerEventId));
  });
  const path = '/api/v1/provider_webhooks/hubspot';
  const eventId = nextEventId++;
  const body = JSON.stringify([
    { eventId, portalId: b.hubspot.fixtures.hubId, occurredAt: Date.now(), subscriptionType: 'company.creation', objectId: 3 },
  ]);
  const ts = String(Date.now());
  const res = await b.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-hubspot-signature-v3': signV3(MANAGED_CLIENTS.hubspot.clientSecret, 'POST', b.config.publicBaseUrl + path, body, ts),
      'x-hubspot-request-timestamp': ts,
    },
    payload: body,
  });
  t.same(res.json(), { received: 1, accepted: 1, duplicates: 0 });
  // The failed dispatch runs off the request; it logs and leaves the row pending.
  while (!b.logs().includes('provider webhook listener failed')) await new Promise((r) => setTimeout(r, 20));
  t.equal((await ingress.inbox.pending(10)).length, 1);
  fail = false;
  t.equal(await ingress.drainPending(), 1);
  t.same(seen, [String(eventId)]);
  t.equal((await ingress.inbox.pending(10)).length, 0);
  t.equal(await ingress.sweep(60_000), 0, 'kept while younger than keepMs');
  t.equal(await ingress.sweep(-1), 1, 'routed and older: forgotten');
});

t.test(
  'two instances on one PostgreSQL database receive the same deliveries at once: each event accepted once',
  { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL: SQLite is single-process' },
  async (t) => {
    const db = await createTestDatabase(t);
    const one = await brokerWithSandboxes(t, { db });
    const two = await brokerWithSandboxes(t, { db });
    const path = '/api/v1/provider_webhooks/hubspot';
    let accepted = 0;
    const rounds = 20;
    for (let i = 0; i < rounds; i++) {
      const body = JSON.stringify([
        { eventId: nextEventId++, portalId: 1, occurredAt: Date.now(), subscriptionType: 'contact.creation', objectId: i },
        { eventId: nextEventId++, portalId: 1, occurredAt: Date.now(), subscriptionType: 'contact.deletion', objectId: i },
      ]);
      const ts = String(Date.now());
      const request = {
        method: 'POST' as const,
        url: path,
        headers: {
          'content-type': 'application/json',
          'x-hubspot-signature-v3': signV3(MANAGED_CLIENTS.hubspot.clientSecret, 'POST', one.config.publicBaseUrl + path, body, ts),
          'x-hubspot-request-timestamp': ts,
        },
        payload: body,
      };
      const answers = await Promise.all([one.app.inject(request), two.app.inject(request)]);
      for (const a of answers) t.equal(a.statusCode, 200, a.body);
      const counts = answers.map((a) => a.json() as { accepted: number; duplicates: number });
      t.equal(counts[0]!.accepted + counts[1]!.accepted, 2, `round ${i}: each event accepted by one instance`);
      accepted += counts[0]!.accepted + counts[1]!.accepted;
    }
    t.equal(accepted, rounds * 2);
    t.equal(await appDb(one).em().count(ProviderWebhookEvent, {}), rounds * 2);
  },
);
