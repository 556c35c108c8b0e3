/**
 * Composio-scheme webhook payloads without a broker: each version's shape, signed the Composio way
 * (HMAC-SHA256 keyed with the secret's UTF-8 bytes over `{id}.{timestamp}.{body}`), is verified
 * and parsed by @composio/core's own `triggers.verifyWebhook`, unchanged. The broker test
 * (test/broker/compat/webhook-subscriptions.test.ts) checks the account against the compat read.
 */
import t from 'tap';
import { createHmac } from 'node:crypto';
import {
  COMPOSIO_EVENT_TYPES,
  composioEventType,
  composioPayload,
  composioPayloadContext,
  ourEventType,
  type PayloadEvent,
} from '../../../src/events/composio-payloads.js';
import type { ConnectionView } from '../../../src/connections/connection-view.js';

process.env.TELEMETRY_DISABLED = 'true';
process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
const { Composio, ConnectionExpiredEventSchema } = await import('@composio/core');
// Nothing here reaches the network: verifyWebhook is local.
const composio = new Composio({ apiKey: 'unused', baseURL: 'http://127.0.0.1:9', allowTracking: false, disableVersionCheck: true });

/** The Composio scheme's signature, as a receiver's SDK recomputes it. */
function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const secret = 'k3y-not-base64:é';
const at = new Date('2026-11-27T10:00:00.000Z');
const view: ConnectionView = {
  id: 'ca_expired',
  providerSlug: 'hubspot',
  authMethodId: 'oauth',
  authMethodKind: 'oauth2',
  status: 'EXPIRED',
  statusReason: 'The provider refused the refresh token (invalid_grant)',
  disabled: false,
  entityId: 'user-1',
  authConfigId: 'ac_1',
  alias: null,
  connectionConfig: null,
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
  health: { lastRefreshedAt: null, lastFailureAt: at.toISOString(), lastFailure: 'invalid_grant', nextRefreshAt: null },
};
const expired: PayloadEvent = { id: 'evt_1', projectId: 'prj_1', type: 'connection.expired', createdAt: at, data: view };
const context = { orgId: 'org_1', authConfig: { isManaged: true, disabled: false }, requestedScopes: ['crm.objects.contacts.read'] };

async function verify(body: Record<string, unknown>, id = 'msg_1') {
  const payload = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  return composio.triggers.verifyWebhook({
    id,
    payload,
    secret,
    timestamp: String(timestamp),
    signature: sign(secret, id, timestamp, payload),
  });
}

t.test('event type names map both ways', async (t) => {
  t.equal(composioEventType('connection.expired'), 'composio.connected_account.expired');
  t.equal(ourEventType('composio.connected_account.expired'), 'connection.expired');
  t.equal(ourEventType('composio.trigger.message'), 'trigger.event');
  t.equal(ourEventType('composio.trigger.disabled'), 'trigger.disabled');
  t.equal(ourEventType('connection.expired'), undefined, 'only Composio names are accepted from a compat caller');
  t.equal(composioEventType('webhook.test'), 'composio.webhook.test', 'types Composio lacks keep its prefix');
  for (const e of COMPOSIO_EVENT_TYPES) t.equal(composioEventType(ourEventType(e.event_type)!), e.event_type);
});

t.test('composio.connected_account.expired: the V3 envelope core verifies and its schema accepts', async (t) => {
  const p = composioPayload({ version: 'V3' }, expired, { id: 'msg_1' }, context);
  t.equal(p.version, 'V3');
  t.match(p.body, {
    id: 'msg_1',
    type: 'composio.connected_account.expired',
    timestamp: '2026-11-27T10:00:00.000Z',
    metadata: { project_id: 'prj_1', org_id: 'org_1' },
    data: {
      id: 'ca_expired',
      user_id: 'user-1',
      status: 'EXPIRED',
      status_reason: view.statusReason,
      toolkit: { slug: 'hubspot' },
      auth_config: { id: 'ac_1', auth_scheme: 'OAUTH2', is_composio_managed: true, is_disabled: false },
      state: { authScheme: 'OAUTH2', val: { status: 'EXPIRED' } },
      data: {},
      params: {},
      requested_scopes: ['crm.objects.contacts.read'],
    },
  });
  t.notOk(JSON.stringify(p.body).includes('access_token'), 'no credential field, not even a placeholder, on an expired account');
  const result = await verify(p.body);
  t.equal(result.version, 'V3');
  t.same(result.rawPayload, p.body);
  t.ok(ConnectionExpiredEventSchema.safeParse(result.rawPayload).success, "core's ConnectionExpiredEventSchema accepts it");
  t.same(JSON.stringify(composioPayload({ version: 'V3' }, expired, { id: 'msg_1' }, context)), JSON.stringify(p), 'the same bytes again');
});

t.test('a tampered body or another secret fails verification', async (t) => {
  const body = JSON.stringify(composioPayload({ version: 'V3' }, expired, { id: 'msg_1' }, context).body);
  const ts = Math.floor(Date.now() / 1000);
  const signature = sign(secret, 'msg_1', ts, body);
  await t.rejects(
    composio.triggers.verifyWebhook({ id: 'msg_1', payload: body.replace('user-1', 'user-2'), secret, timestamp: String(ts), signature }),
    { name: 'ComposioWebhookSignatureVerificationError' },
  );
  await t.rejects(composio.triggers.verifyWebhook({ id: 'msg_1', payload: body, secret: `${secret}x`, timestamp: String(ts), signature }), {
    name: 'ComposioWebhookSignatureVerificationError',
  });
  const both = `${sign('old-secret', 'msg_1', ts, body)} ${signature}`;
  const ok = await composio.triggers.verifyWebhook({ id: 'msg_1', payload: body, secret, timestamp: String(ts), signature: both });
  t.equal(ok.version, 'V3', 'either of two space-separated signatures (rotation overlap) verifies');
});

t.test('a V1 or V2 subscription still gets V3-only events as V3', async (t) => {
  for (const version of ['V1', 'V2'] as const) {
    const p = composioPayload({ version }, expired, { id: 'msg_2' }, context);
    t.equal(p.version, 'V3', version);
    t.equal((await verify(p.body, 'msg_2')).version, 'V3');
  }
});

t.test('trigger messages in all three versions parse as core expects', async (t) => {
  const message: PayloadEvent = {
    id: 'evt_t',
    projectId: 'prj_1',
    type: 'trigger.event',
    createdAt: at,
    data: {
      triggerSlug: 'HUBSPOT_CONTACT_CREATED',
      instanceId: 'ti_1',
      connectionId: 'ca_1',
      authConfigId: 'ac_1',
      userId: 'alice',
      payload: { contactId: '42' },
    },
  };
  const v3 = composioPayload({ version: 'V3' }, message, { id: 'msg_3' }, context);
  const r3 = await verify(v3.body, 'msg_3');
  t.equal(r3.version, 'V3');
  t.match(r3.payload, { triggerSlug: 'HUBSPOT_CONTACT_CREATED', userId: 'alice', payload: { contactId: '42' } });
  t.match(r3.payload.metadata.connectedAccount, { id: 'ca_1', authConfigId: 'ac_1' });

  const v2 = composioPayload({ version: 'V2' }, message, { id: 'msg_3' }, context);
  t.equal(v2.version, 'V2');
  const r2 = await verify(v2.body, 'msg_3');
  t.equal(r2.version, 'V2');
  t.match(r2.payload, { id: 'ti_1', triggerSlug: 'HUBSPOT_CONTACT_CREATED', userId: 'alice', payload: { contactId: '42' } });

  const v1 = composioPayload({ version: 'V1' }, message, { id: 'msg_3' }, context);
  t.equal(v1.version, 'V1');
  const r1 = await verify(v1.body, 'msg_3');
  t.equal(r1.version, 'V1');
  t.match(r1.payload, { id: 'ti_1', triggerSlug: 'HUBSPOT_CONTACT_CREATED', payload: { contactId: '42' } });
});

t.test('types Composio does not name go out as composio.<type> with the event data', async (t) => {
  const test: PayloadEvent = { id: 'evt_w', projectId: 'prj_1', type: 'webhook.test', createdAt: at, data: { message: 'hello' } };
  const p = composioPayload({ version: 'V3' }, test, { id: 'msg_4' }, context);
  t.same(p.body, {
    id: 'msg_4',
    type: 'composio.webhook.test',
    timestamp: at.toISOString(),
    metadata: { project_id: 'prj_1', org_id: 'org_1' },
    data: { message: 'hello' },
  });
  t.equal((await verify(p.body, 'msg_4')).version, 'V3');
});

t.test('the context is read from the sources the event names', async (t) => {
  const asked: string[] = [];
  const sources = {
    organizationOf: async (p: string) => (asked.push(`org ${p}`), 'org_1'),
    authConfigFlags: async (p: string, id: string) => (asked.push(`ac ${p} ${id}`), { isManaged: false, disabled: true }),
    requestedScopes: async (p: string, id: string) => (asked.push(`scopes ${p} ${id}`), undefined),
  };
  t.same(await composioPayloadContext(sources, expired), { orgId: 'org_1', authConfig: { isManaged: false, disabled: true } });
  t.same(asked, ['org prj_1', 'ac prj_1 ac_1', 'scopes prj_1 ca_expired']);
  asked.length = 0;
  t.same(await composioPayloadContext(sources, { ...expired, type: 'webhook.test', data: {} }), { orgId: 'org_1' });
  t.same(asked, ['org prj_1'], 'no connection look-ups for other events');
});
