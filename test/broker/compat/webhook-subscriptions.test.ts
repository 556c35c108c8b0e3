/**
 * The compat mount's webhook subscriptions: core's own `triggers.setWebhookSubscription` creates
 * then updates through them, every route's shape and refusals, and a
 * `composio.connected_account.expired` payload of a really expired connection, signed the
 * Composio way, verifies with core's `triggers.verifyWebhook` unchanged and carries the account
 * exactly as the compat read shows it. One listening broker for the file, a tenant per subtest.
 */
import t from 'tap';
import { createHmac } from 'node:crypto';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { apiClient, compatClient } from '../../helpers/api-client.js';
import { assertMounted, captureConsole, COMPAT, loopbackOnlyFetch } from './helpers.js';

process.env.TELEMETRY_DISABLED = 'true';
process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
const { Composio, ConnectionExpiredEventSchema } = await import('@composio/core');

const shared = sharedBrokerWithSandboxes(t);
let listening: Promise<string> | undefined;

/** A tenant of the shared broker, with the broker's loopback origin for real HTTP clients. */
async function tenant() {
  const b = await shared.tenant();
  assertMounted(b.app);
  const origin = await (listening ??= b.app.listen({ port: 0, host: '127.0.0.1' }));
  return { ...b, origin, compat: compatClient(b.app, { key: b.key }) };
}

const sdk = (origin: string, key: string) =>
  new Composio({ apiKey: key, baseURL: `${origin}/compat`, allowTracking: false, disableVersionCheck: true });

/** The Composio scheme's signature: HMAC-SHA256 keyed with the secret's UTF-8 bytes. */
function signComposio(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

t.test("core's setWebhookSubscription creates, then updates, the project's subscription", async (t) => {
  const b = await tenant();
  loopbackOnlyFetch(t);
  const logs = captureConsole(t);
  const composio = sdk(b.origin, b.key);

  const created = await composio.triggers.setWebhookSubscription({ webhookUrl: 'https://hooks.example.com/composio' });
  t.match(created, {
    id: /^whs_/,
    webhookUrl: 'https://hooks.example.com/composio',
    version: 'V3',
    enabledEvents: ['composio.trigger.message'],
    secret: String,
    createdAt: String,
    updatedAt: String,
  });
  t.notMatch(created.secret, /^whsec_/, 'a Composio secret, not a Standard Webhooks one');

  const updated = await composio.triggers.setWebhookSubscription({
    webhookUrl: 'https://hooks.example.com/v2',
    enabledEvents: ['composio.connected_account.expired', 'composio.trigger.message'],
  });
  t.match(updated, {
    id: created.id,
    webhookUrl: 'https://hooks.example.com/v2',
    version: 'V3',
    enabledEvents: ['composio.connected_account.expired', 'composio.trigger.message'],
  });
  t.equal(updated.secret, undefined, 'the secret is shown once, on create');

  const list = await b.compat.listWebhookSubscriptions({});
  t.equal(list.status, 200);
  if (list.status === 200)
    t.same(
      list.body.items.map((i) => i.id),
      [created.id],
      'updated in place, not a second subscription',
    );
  t.same(
    logs.lines.filter((l) => /Transform validation failed|warn/i.test(l)),
    [],
    'the SDK accepted every answer',
  );
});

t.test('every route: shapes, paging, rotation, deletion', async (t) => {
  const b = await tenant();
  const { compat } = b;

  const one = await compat.createWebhookSubscription({
    body: { webhook_url: 'https://hooks.example.com/a', enabled_events: ['composio.connected_account.expired'] },
  });
  t.equal(one.status, 201);
  if (one.status !== 201) return;
  t.match(one.body, {
    id: /^whs_/,
    webhook_url: 'https://hooks.example.com/a',
    version: 'V3',
    enabled_events: ['composio.connected_account.expired'],
    enabled: true,
    disabled_reason: null,
    secret: String,
    created_at: String,
    updated_at: String,
  });
  t.match(one.headers['content-type'], /application\/json/);
  const id = one.body.id;

  const v1 = await compat.createWebhookSubscription({
    body: { webhook_url: 'https://hooks.example.com/b', enabled_events: ['composio.trigger.message'], version: 'V1' },
  });
  t.equal(v1.status, 201);
  await compat.createWebhookSubscription({ body: { webhook_url: 'https://hooks.example.com/c', enabled_events: [] } });

  // Paging: oldest first, an opaque cursor, the counts.
  const first = await compat.listWebhookSubscriptions({ query: { limit: '2' } });
  t.equal(first.status, 200);
  if (first.status !== 200) return;
  t.match(first.body, { current_page: 1, total_items: 3, total_pages: 2, next_cursor: String });
  t.equal(first.body.items.length, 2);
  t.equal(first.body.items[0]!.id, id);
  t.notOk('secret' in first.body.items[0]!, 'lists never show a secret');
  const second = await compat.listWebhookSubscriptions({ query: { limit: '2', cursor: first.body.next_cursor! } });
  t.match(second.body, { current_page: 2, total_items: 3, next_cursor: null });
  t.equal(
    (await compat.listWebhookSubscriptions({ query: { limit: '9999', cursor: '' } })).status,
    200,
    'limit clamped, empty cursor ignored',
  );

  const read = await compat.getWebhookSubscription({ params: { id } });
  t.equal(read.status, 200);
  if (read.status === 200) {
    t.same({ ...read.body, secret: one.body.secret }, one.body, 'the read is the create answer without the secret');
    t.notOk('secret' in read.body);
  }

  const patched = await compat.updateWebhookSubscription({
    params: { id },
    body: { enabled_events: ['composio.trigger.message', 'composio.trigger.disabled'] },
  });
  t.match(patched.body, {
    id,
    webhook_url: 'https://hooks.example.com/a',
    enabled_events: ['composio.trigger.message', 'composio.trigger.disabled'],
  });
  const toV2 = await compat.updateWebhookSubscription({ params: { id }, body: { version: 'V2' } });
  t.equal(toV2.status, 400, 'composio.trigger.disabled has no V2 payload');
  const off = await compat.updateWebhookSubscription({ params: { id }, body: { enabled: false } });
  t.match(off.body, { enabled: false });
  const on = await compat.updateWebhookSubscription({ params: { id }, body: { webhook_url: 'https://hooks.example.com/a2' } });
  t.match(on.body, { enabled: true, webhook_url: 'https://hooks.example.com/a2' }, 'a PATCH turns it back on');

  // Event types set on the native API that Composio has no name for are shown prefixed and kept.
  await b.app.services.eventRepos.webhookSubscriptions.update(b.projectId, id, {
    eventTypes: ['connection.created', 'connection.expired'],
  });
  const kept = await compat.updateWebhookSubscription({ params: { id }, body: { enabled: true } });
  t.equal(kept.status, 200);
  t.match(kept.body, { enabled_events: ['composio.connection.created', 'composio.connected_account.expired'] });
  t.equal((await compat.updateWebhookSubscription({ params: { id }, body: { version: 'V1' } })).status, 400, 'expired has no V1 payload');

  const rotated = await compat.rotateWebhookSecret({ params: { id } });
  t.equal(rotated.status, 200);
  if (rotated.status === 200) {
    t.same(Object.keys(rotated.body).sort(), ['id', 'secret']);
    t.equal(rotated.body.id, id);
    t.not(rotated.body.secret, one.body.secret, 'a new secret');
  }

  const types = await compat.listWebhookEventTypes({});
  t.equal(types.status, 200);
  if (types.status === 200) {
    t.same(
      types.body.items.map((i) => [i.event_type, i.supported_versions]),
      [
        ['composio.connected_account.expired', ['V3']],
        ['composio.trigger.message', ['V1', 'V2', 'V3']],
        ['composio.trigger.disabled', ['V3']],
      ],
    );
    t.ok(types.body.items.every((i) => i.description.length > 0));
  }

  const deleted = await compat.deleteWebhookSubscription({ params: { id } });
  t.same(deleted.body, { success: true });
  const gone = await compat.getWebhookSubscription({ params: { id } });
  t.equal(gone.status, 404);
  t.match(gone.response.json(), { error: { status: 404, code: 404, message: String } });
  t.equal((await compat.deleteWebhookSubscription({ params: { id } })).status, 404);
  t.equal((await compat.rotateWebhookSecret({ params: { id } })).status, 404);
});

t.test('refusals: unknown events, versions without a payload, bad URLs, other tenants', async (t) => {
  const b = await tenant();
  const { compat } = b;
  const bad = async (body: Record<string, unknown>, why: string, errors?: RegExp) => {
    const res = await b.app.inject({
      method: 'POST',
      url: `${COMPAT}/webhook_subscriptions`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    t.equal(res.statusCode, 400, why);
    t.equal(res.headers['x-should-retry'], 'false');
    t.match(res.json(), { error: { status: 400, ...(errors ? { errors: [errors] } : {}) } }, why);
  };
  await bad(
    { webhook_url: 'https://hooks.example.com', enabled_events: ['connection.expired'] },
    'our own names are not Composio names',
    /not an event type/,
  );
  await bad({ webhook_url: 'https://hooks.example.com', enabled_events: ['composio.nope'] }, 'unknown event');
  await bad(
    { webhook_url: 'https://hooks.example.com', enabled_events: ['composio.connected_account.expired'], version: 'V1' },
    'V3-only event on V1',
    /no V1 payload/,
  );
  await bad({ webhook_url: 'https://hooks.example.com', enabled_events: [], version: 'V4' }, 'unknown version');
  await bad({ webhook_url: 'ftp://hooks.example.com', enabled_events: [] }, 'not http(s)');
  await bad({ webhook_url: 'not a url', enabled_events: [] }, 'not a URL');
  await bad({ enabled_events: [] }, 'no URL');

  const mine = await compat.createWebhookSubscription({ body: { webhook_url: 'https://hooks.example.com/mine', enabled_events: [] } });
  t.equal(mine.status, 201);
  const other = await tenant();
  const id = mine.status === 201 ? mine.body.id : '';
  t.equal((await other.compat.getWebhookSubscription({ params: { id } })).status, 403, "another project's subscription is not permitted");
  t.equal((await other.compat.updateWebhookSubscription({ params: { id }, body: { enabled: false } })).status, 403);
  t.equal((await other.compat.deleteWebhookSubscription({ params: { id } })).status, 403);
  const theirs = await other.compat.listWebhookSubscriptions({});
  if (theirs.status === 200) t.equal(theirs.body.total_items, 0);
  t.equal((await compat.getWebhookSubscription({ params: { id } })).status, 200, 'still there for its owner');
});

t.test('one store: the native API sees compat subscriptions, the mount sees only its own scheme', async (t) => {
  const b = await tenant();
  const api = apiClient(b.app, { key: b.key });
  const native = await api.createWebhookSubscription({
    body: { url: 'https://hooks.example.com/native', eventTypes: ['connection.expired'] },
  });
  t.equal(native.status, 200);
  if (native.status !== 200) return;
  t.match(native.body.secret, /^whsec_/);
  const compat = await b.compat.createWebhookSubscription({
    body: { webhook_url: 'https://hooks.example.com/compat', enabled_events: ['composio.connected_account.expired'] },
  });
  if (compat.status !== 201) return t.fail(`create: ${compat.status}`);

  const both = await api.listWebhookSubscriptions({});
  t.equal(both.status, 200);
  if (both.status === 200) {
    t.same(
      both.body.items.map((i) => [i.id, i.scheme, i.eventTypes]),
      [
        [compat.body.id, 'composio', ['connection.expired']],
        [native.body.id, 'standard', ['connection.expired']],
      ],
      'the native list has both, the compat one under our event type name',
    );
  }
  const listed = await b.compat.listWebhookSubscriptions({});
  if (listed.status === 200)
    t.same(
      listed.body.items.map((i) => i.id),
      [compat.body.id],
      'the mount lists only composio-scheme ones',
    );
  const id = native.body.id;
  t.equal((await b.compat.getWebhookSubscription({ params: { id } })).status, 404, 'a native subscription is not found on the mount');
  t.equal((await b.compat.updateWebhookSubscription({ params: { id }, body: { webhook_url: 'https://x.example' } })).status, 404);
  t.equal((await b.compat.rotateWebhookSecret({ params: { id } })).status, 404);
  t.equal((await b.compat.deleteWebhookSubscription({ params: { id } })).status, 404);
  t.equal((await api.getWebhookSubscription({ params: { subscriptionId: id } })).status, 200, 'untouched');

  // The native API changes and deletes compat subscriptions like any other.
  const off = await api.updateWebhookSubscription({ params: { subscriptionId: compat.body.id }, body: { enabled: false } });
  t.equal(off.status, 200);
  t.match((await b.compat.getWebhookSubscription({ params: { id: compat.body.id } })).body, { enabled: false });
  t.equal((await api.deleteWebhookSubscription({ params: { subscriptionId: compat.body.id } })).status, 200);
  t.equal((await b.compat.getWebhookSubscription({ params: { id: compat.body.id } })).status, 404);
});

t.test('a composio.connected_account.expired payload verifies with core, unchanged', async (t) => {
  const b = await tenant();
  const composio = sdk(b.origin, b.key);
  loopbackOnlyFetch(t);
  const sub = await b.compat.createWebhookSubscription({
    body: { webhook_url: 'https://hooks.example.com/expired', enabled_events: ['composio.connected_account.expired'] },
  });
  if (sub.status !== 201) return t.fail(`create: ${sub.status}`);

  // A HubSpot connection whose refresh token the provider now refuses: EXPIRED.
  const id = await b.connectOAuth('hubspot', 'alice');
  b.hubspot.control.tokenEndpoint('invalid_grant');
  t.teardown(() => b.hubspot.control.tokenEndpoint('ok'));
  const refused = await b.api('POST', `connectors/connections/${id}/refresh`, { strict: true });
  t.match(refused.json(), { status: 'EXPIRED' });
  b.hubspot.control.tokenEndpoint('ok');

  // The event the refusal recorded, and its delivery row to this subscription (the outbox).
  const repos = b.app.services.eventRepos;
  const recorded = await repos.events.latestForSubject(b.projectId, id, ['connection.expired']);
  if (!recorded) return t.fail('no connection.expired event was recorded');
  const [delivery] = await repos.webhookDeliveries.forEvent(recorded.id, sub.body.id);
  if (!delivery) return t.fail('no delivery to the compat subscription');
  t.match(delivery, { id: /^msg_/, status: 'pending' });
  const row = await repos.webhookSubscriptions.findById(sub.body.id);
  t.match(row, { scheme: 'composio', version: 'V3', eventTypes: ['connection.expired'] }, 'stored under our name');

  // The body the delivery worker sends, through the composition root's binding.
  const out = await b.app.services.composioPayloads.bodyFor(row!, recorded, delivery);
  t.equal(out.version, 'V3');
  const payload = { body: JSON.parse(out.body) as Record<string, unknown> };
  t.match(payload.body, { id: delivery.id, type: 'composio.connected_account.expired', timestamp: recorded.createdAt.toISOString() });
  const compatRead = await b.compat.getConnectedAccount({ params: { id } });
  t.same(payload.body.data, compatRead.body, 'data is the account exactly as GET /connected_accounts/{id} shows it');
  t.same(payload.body.metadata, { project_id: b.projectId, org_id: b.organizationId });

  const body = out.body;
  const timestamp = Math.floor(Date.now() / 1000);
  const verified = await composio.triggers.verifyWebhook({
    id: delivery.id,
    payload: body,
    secret: sub.body.secret,
    timestamp: String(timestamp),
    signature: signComposio(sub.body.secret, delivery.id, timestamp, body),
  });
  t.equal(verified.version, 'V3');
  const parsed = ConnectionExpiredEventSchema.safeParse(verified.rawPayload);
  t.ok(parsed.success, "core's ConnectionExpiredEventSchema accepts it");
  if (parsed.success) t.match(parsed.data.data, { id, user_id: 'alice', status: 'EXPIRED', toolkit: { slug: 'hubspot' } });
  t.notMatch(body, /CN[A-Za-z0-9_-]{40,}/, 'no token in the payload');

  // Deleting the subscription drops what was still queued for it.
  t.same((await b.compat.deleteWebhookSubscription({ params: { id: sub.body.id } })).body, { success: true });
  t.same(await repos.webhookDeliveries.forEvent(recorded.id, sub.body.id), [], 'no delivery left for a deleted subscription');
});
