/**
 * Idempotency-Key on the acting native operations (issue 33; src/idempotency): the same key and
 * request answers the first answer again without a second provider call, another request with the
 * key is 422, the key while its request is in flight is 409 (held at a loopback provider of our
 * own, reached through the proxy), on one instance or two sharing the database; error answers free
 * the key; a claim left behind lapses; keys expire after 24 hours (test clock) and the scheduled
 * sweep removes them.
 */
import t from 'tap';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import { appDb, buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { IdempotencyKey } from '../../../src/db/entities/index.js';
import { TASKS } from '../../../src/events/jobs/index.js';

const shared = sharedBrokerWithSandboxes(t);

async function send(app: FastifyInstance, apiKey: string, url: string, body: unknown, idempotencyKey?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: JSON.stringify(body),
  });
}

/** The contact creations HubSpot's sandbox received from this tenant. */
const creates = (b: Tenant) => b.sent.hubspot.api().filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/contacts');

t.test('executeTool: the same key and request answers the first answer, and HubSpot creates one contact', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const body = { connectedAccountId: id, arguments: { properties: { email: 'once@example.com', firstname: 'Once' } } };
  const first = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_CREATE/execute', body, 'create-once-1');
  t.equal(first.statusCode, 200, first.body);
  t.match(first.json(), { successful: true, status: 201, data: { properties: { email: 'once@example.com' } } });
  t.notOk(first.headers['idempotent-replayed'], 'the first answer is not a replay');

  // The same body with its keys in another order is the same request.
  const sameRequest = { arguments: { properties: { firstname: 'Once', email: 'once@example.com' } }, connectedAccountId: id };
  const again = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_CREATE/execute', sameRequest, 'create-once-1');
  t.equal(again.statusCode, 200);
  t.equal(again.body, first.body, 'byte for byte the first answer');
  t.equal(again.headers['idempotent-replayed'], 'true');
  t.equal(again.headers['content-type'], first.headers['content-type']);
  t.equal(creates(b).length, 1, 'the provider was called once');

  const otherBody = await send(
    b.app,
    b.key,
    'tools/HUBSPOT_CONTACTS_CREATE/execute',
    { ...body, arguments: { properties: { email: 'twice@example.com' } } },
    'create-once-1',
  );
  t.equal(otherBody.statusCode, 422);
  t.match(otherBody.json(), { defined: false, code: 'IDEMPOTENCY_KEY_MISMATCH', status: 422, message: /different request/ });
  const otherTool = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_LIST/execute', body, 'create-once-1');
  t.equal(otherTool.statusCode, 422, 'another path with the key is another request');
  t.equal(creates(b).length, 1, 'a refused key never reaches the provider');

  // Keys are per project: another tenant's same key is its own.
  const other = await shared.tenant();
  const otherId = await other.connectOAuth('hubspot');
  const theirs = await send(
    other.app,
    other.key,
    'tools/HUBSPOT_CONTACTS_CREATE/execute',
    { connectedAccountId: otherId, arguments: { properties: { email: 'theirs@example.com' } } },
    'create-once-1',
  );
  t.equal(theirs.statusCode, 200);
  t.notOk(theirs.headers['idempotent-replayed']);
  t.equal(creates(other).length, 1);
});

t.test('the header: 1 to 255 printable characters, bare or quoted; else 400 naming it', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const body = { connectedAccountId: id, arguments: {} };
  for (const bad of ['', 'k'.repeat(256), 'clé', '"unterminated\\"', '"a"b"']) {
    const res = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_LIST/execute', body, bad);
    t.equal(res.statusCode, 400, `refused: ${JSON.stringify(bad).slice(0, 40)}`);
    t.match(res.json().message, /idempotency-key/i, 'the message names the header');
  }
  t.equal(b.sent.hubspot.api().length, 0, 'nothing sent');
  const long = 'k'.repeat(255);
  t.equal((await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_LIST/execute', body, long)).statusCode, 200);
  // The draft's Structured Fields string is the same key as the bare token.
  const bare = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_LIST/execute', body, 'list 1');
  const quoted = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_LIST/execute', body, '"list 1"');
  t.equal(quoted.headers['idempotent-replayed'], 'true');
  t.equal(quoted.body, bare.body);
  t.equal(b.sent.hubspot.api().length, 2);
});

t.test('an error answer is not kept: a retry with the key acts', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const missing = { connectedAccountId: 'ca_missing', arguments: { properties: { email: 'late@example.com' } } };
  const first = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_CREATE/execute', missing, 'retry-me');
  t.equal(first.statusCode, 404);
  const second = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_CREATE/execute', missing, 'retry-me');
  t.equal(second.statusCode, 404);
  t.notOk(second.headers['idempotent-replayed'], 'run again, not replayed');
  const fixed = await send(b.app, b.key, 'tools/HUBSPOT_CONTACTS_CREATE/execute', { ...missing, connectedAccountId: id }, 'retry-me');
  t.equal(fixed.statusCode, 200, 'the freed key takes the corrected request');
  t.equal(creates(b).length, 1);
});

t.test('createAuthConfig, connect and initiate replay their first answer', async (t) => {
  const b = await shared.tenant();
  const config = { slug: 'bitly', authMethodId: 'bitly_oauth2', name: 'once' };
  const created = await send(b.app, b.key, 'auth_configs', config, 'config-1');
  const createdAgain = await send(b.app, b.key, 'auth_configs', config, 'config-1');
  t.equal(created.statusCode, 200, created.body);
  t.equal(createdAgain.body, created.body);
  t.equal(createdAgain.headers['idempotent-replayed'], 'true');
  const configs = (await b.api('GET', 'auth_configs?toolkit=bitly')).json() as { items: unknown[] };
  t.equal(configs.items.length, 1, 'one auth config');

  const credential = 'acme-credential-idem-5c1d';
  const connectBody = { entityId: 'erin', authMethodId: 'acme_api_key', credentials: { api_key: credential } };
  const connected = await send(b.app, b.key, 'connectors/acme/connect', connectBody, 'connect-1');
  const connectedAgain = await send(b.app, b.key, 'connectors/acme/connect', connectBody, 'connect-1');
  t.equal(connected.statusCode, 200, connected.body);
  t.equal(connectedAgain.body, connected.body);
  t.equal(((await b.api('GET', 'connectors/connections?toolkit=acme')).json() as { items: unknown[] }).items.length, 1);

  const initiated = await send(b.app, b.key, 'connectors/hubspot/initiate', { entityId: 'erin' }, 'initiate-1');
  const initiatedAgain = await send(b.app, b.key, 'connectors/hubspot/initiate', { entityId: 'erin' }, 'initiate-1');
  t.equal(initiated.statusCode, 200, initiated.body);
  t.equal(initiatedAgain.body, initiated.body, 'the same connection and consent URL');
  t.equal(((await b.api('GET', 'connectors/connections?toolkit=hubspot')).json() as { items: unknown[] }).items.length, 1);

  // What is kept: the answers (no credential in them) and a hash of each request, never its body.
  const rows = await appDb(b).em().find(IdempotencyKey, { projectId: b.projectId });
  t.equal(rows.length, 3);
  for (const row of rows) {
    t.notMatch(JSON.stringify(row), credential, 'no credential stored');
    t.match(row.fingerprint, /^[0-9a-f]{64}$/);
  }
});

/** A provider of our own that holds each request until the test lets it answer. */
async function holdingProvider(t: TestContext) {
  let received = 0;
  let hold = false;
  const held: (() => void)[] = [];
  const waiters = new Map<number, () => void>();
  const server = createServer((req, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const n = ++received;
      const answer = () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ widget: n }));
      };
      if (hold) held.push(answer);
      else answer();
      waiters.get(n)?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const answer of held.splice(0)) answer();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received: () => received,
    hold: (on: boolean) => void (hold = on),
    /** Resolves once the provider has received its n-th request. */
    arrival: (n: number) => (received >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(n, resolve))),
    releaseAll: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}

t.test('in flight is 409 on this and another instance; a lapsed claim is taken over; keys expire after 24 hours', async (t) => {
  const provider = await holdingProvider(t);
  const clock = manualClock();
  const env = {
    CATALOG_PATHS: EXTRA_CATALOG,
    TOOLKIT_OVERRIDES: JSON.stringify({ acme: { baseUrl: provider.origin } }),
  };
  const one = await buildTestApp(t, { clock, env });
  // A second instance on the same database, as behind a load balancer.
  const two = await buildTestApp(t, { clock, env, db: one.db });
  const { key, projectId } = await createProjectWithKey(one.app);
  const connected = await send(one.app, key, 'connectors/acme/connect', {
    entityId: 'frank',
    authMethodId: 'acme_api_key',
    credentials: { api_key: 'acme-held-1' },
  });
  const connectionId = connected.json().connectionId as string;
  const proxy = (app: FastifyInstance, idempotencyKey: string, widget = 'w1') =>
    send(app, key, 'connectors/proxy', { connectionId, endpoint: '/widgets', method: 'POST', body: { widget } }, idempotencyKey);

  provider.hold(true);
  const firstCall = proxy(one.app, 'widget-1');
  await provider.arrival(1);
  for (const app of [one.app, two.app]) {
    const busy = await proxy(app, 'widget-1');
    t.equal(busy.statusCode, 409);
    t.match(busy.json(), { defined: false, code: 'IDEMPOTENCY_KEY_IN_USE', status: 409, message: /still in progress/ });
  }
  t.equal((await proxy(two.app, 'widget-1', 'w2')).statusCode, 422, 'another body with the key in flight');
  provider.releaseAll();
  const first = await firstCall;
  t.equal(first.statusCode, 200, first.body);
  t.match(first.json(), { status: 201, data: { widget: 1 } });
  provider.hold(false);
  const replayed = await proxy(two.app, 'widget-1');
  t.equal(replayed.body, first.body, 'the other instance replays the first answer');
  t.equal(replayed.headers['idempotent-replayed'], 'true');
  t.equal(provider.received(), 1, 'the provider saw one request');

  // An instance that dies mid-request leaves its claim; past the lock the key is taken over.
  provider.hold(true);
  const stuckCall = proxy(one.app, 'widget-2');
  await provider.arrival(2);
  t.equal((await proxy(two.app, 'widget-2')).statusCode, 409);
  clock.advance(one.app.services.idempotency.lockMs + 1);
  provider.hold(false);
  const takenOver = await proxy(two.app, 'widget-2');
  t.equal(takenOver.statusCode, 200);
  t.match(takenOver.json(), { data: { widget: 3 } });
  provider.releaseAll();
  t.equal((await stuckCall).statusCode, 200, 'the late request still answers its caller');
  const afterTakeOver = await proxy(one.app, 'widget-2');
  t.equal(afterTakeOver.body, takenOver.body, 'the late answer did not overwrite the one kept');

  // 24 hours later the key is free: the same request acts again.
  clock.advance(24 * 3_600_000);
  const dayLater = await proxy(two.app, 'widget-1');
  t.equal(dayLater.statusCode, 200);
  t.notOk(dayLater.headers['idempotent-replayed']);
  t.match(dayLater.json(), { data: { widget: 4 } });

  // The scheduled sweep (once across instances) removes what expired; the fresh claim stays.
  const count = () => appDb(one).em().count(IdempotencyKey, { projectId });
  t.equal(await count(), 2);
  t.ok((await one.app.services.scheduler.runDue()).includes(TASKS.idempotencyKeys), 'the sweep is a scheduled task');
  t.equal(await count(), 1, 'widget-2 expired and was removed; widget-1 was renewed');
  t.equal((await two.app.services.scheduler.runDue()).includes(TASKS.idempotencyKeys), false, 'not run again by the other instance');
});
