import t from 'tap';
import { brokerWithSandboxes } from '../helpers/sandboxes.js';
import { createProjectWithKey } from '../helpers/app.js';
import { ToolExecution } from '../../src/db/entities/index.js';
import { apiClient } from '../helpers/api-client.js';

/** The typed native client for the sandboxed broker's project (test/helpers/api-client.ts). */
async function setUp(t: Parameters<typeof brokerWithSandboxes>[0], options?: Parameters<typeof brokerWithSandboxes>[1]) {
  const b = await brokerWithSandboxes(t, options);
  return { b, api: apiClient(b.app, { key: b.key }) };
}

t.test('argument validation lists every wrong field; unknown tool 404; connection required', async (t) => {
  const { b, api } = await setUp(t);
  const id = await b.connectOAuth('hubspot');
  const bad = await api.executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_LIST' },
    body: { connectedAccountId: id, arguments: { limit: 'ten', archived: 3, nope: 1 } },
  });
  t.equal(bad.status, 400);
  if (bad.status !== 400) return;
  const fields = (bad.body.data as { errors: { field: string }[] }).errors.map((e) => e.field);
  t.ok(fields.includes('arguments.limit') && fields.includes('arguments.archived'), `every wrong field named: ${fields.join(', ')}`);
  t.equal(b.hubspot.apiRequests().length, 0, 'nothing sent');
  t.equal((await api.executeTool({ params: { slug: 'HUBSPOT_NOPE' }, body: { connectedAccountId: id } })).status, 404);
  const none = await api.executeTool({ params: { slug: 'HUBSPOT_CONTACTS_LIST' }, body: { arguments: {} } });
  t.equal(none.status, 400);
  t.match(none.body, { message: /connectedAccountId/ });
  const noConn = await api.executeTool({ params: { slug: 'BITLY_GET_USER' }, body: { entityId: 'nobody' } });
  t.equal(noConn.status, 400);
  t.match(noConn.body, { message: /no ACTIVE bitly connection.*\/api\/v1\/connectors\/bitly\/initiate/ });
  const wrongToolkit = await api.executeTool({ params: { slug: 'BITLY_GET_USER' }, body: { connectedAccountId: id } });
  t.equal(wrongToolkit.status, 400);
});

t.test('entityId uses the most recently updated ACTIVE connection; another project gets 404', async (t) => {
  const { b, api } = await setUp(t);
  const first = await b.connectOAuth('hubspot', 'ent');
  const second = await b.connectOAuth('hubspot', 'ent');
  const list = { params: { slug: 'HUBSPOT_CONTACTS_LIST' }, body: { entityId: 'ent', arguments: {} } };
  const res = await api.executeTool(list);
  t.match(res.body, { successful: true });
  const tokenOf = async (id: string) =>
    (await b.app.services.vault.get<{ access_token: string }>({ ownerType: 'connection', ownerId: id, name: 'oauth_tokens' }))!.value
      .access_token;
  t.equal(b.hubspot.apiRequests().at(-1)!.bearer, await tokenOf(second), 'newest connection used');
  await api.updateConnection({ params: { connectionId: first }, body: { alias: 'touched' } });
  await api.executeTool(list);
  t.equal(b.hubspot.apiRequests().at(-1)!.bearer, await tokenOf(first), 'after an update the first one is the most recent');
  const other = await createProjectWithKey(b.app, 'other');
  const foreign = await apiClient(b.app, { key: other.key }).executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_LIST' },
    body: { connectedAccountId: first, arguments: {} },
  });
  t.equal(foreign.status, 404);
});

t.test('inactive connections are refused naming the status; disable takes effect at once', async (t) => {
  const { b, api } = await setUp(t);
  const id = await b.connectOAuth('hubspot');
  const list = { params: { slug: 'HUBSPOT_CONTACTS_LIST' }, body: { connectedAccountId: id, arguments: {} } };
  t.match((await api.executeTool(list)).body, { successful: true });
  await api.updateConnection({ params: { connectionId: id }, body: { disabled: true } });
  const disabled = await api.executeTool(list);
  t.equal(disabled.status, 400);
  t.match(disabled.body, { message: /disabled/ });
  await api.updateConnection({ params: { connectionId: id }, body: { disabled: false } });
  await api.revokeConnection({ params: { connectionId: id } });
  const revoked = await api.executeTool(list);
  t.equal(revoked.status, 400);
  t.match(revoked.body, { message: /is REVOKED, not ACTIVE/ });
});

t.test('scopes and restrictToTools are enforced with 403 naming what is missing', async (t) => {
  const { b, api } = await setUp(t);
  const id = await b.connectOAuth('hubspot', 'reader', { scopes: ['crm.objects.contacts.read', 'oauth'] });
  const list = await api.executeTool({ params: { slug: 'HUBSPOT_CONTACTS_LIST' }, body: { connectedAccountId: id, arguments: {} } });
  t.match(list.body, { successful: true });
  const write = await api.executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_CREATE' },
    body: { connectedAccountId: id, arguments: { properties: { email: 'a@b.c' } } },
  });
  t.equal(write.status, 403);
  t.match(write.body, {
    code: 'FORBIDDEN',
    message: /crm\.objects\.contacts\.write/,
    data: { missingScopes: ['crm.objects.contacts.write'] },
  });
  const created = await api.createAuthConfig({
    body: { slug: 'bitly', authMethodId: 'bitly_oauth2', restrictToTools: ['BITLY_GET_USER'] },
  });
  if (created.status !== 200) return t.fail(`auth config not created: ${created.status}`);
  const bl = await b.connectOAuth('bitly', 'r', { authConfigId: created.body.authConfigId });
  t.match((await api.executeTool({ params: { slug: 'BITLY_GET_USER' }, body: { connectedAccountId: bl } })).body, { successful: true });
  const denied = await api.executeTool({ params: { slug: 'BITLY_GET_GROUPS' }, body: { connectedAccountId: bl } });
  t.equal(denied.status, 403);
  t.match(denied.body, { message: /restrictToTools/ });
});

t.test('provider errors are 200 with successful=false; binary bodies come back as base64', async (t) => {
  const { b, api } = await setUp(t);
  const id = await b.connectOAuth('hubspot');
  const missing = await api.executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_GET' },
    body: { connectedAccountId: id, arguments: { contactId: '999999' } },
  });
  t.equal(missing.status, 200);
  t.match(missing.body, { status: 404, successful: false, data: { category: 'OBJECT_NOT_FOUND' } });
  b.hubspot.control.rateLimit(1, 0);
  t.match(
    (await api.executeTool({ params: { slug: 'HUBSPOT_CONTACTS_LIST' }, body: { connectedAccountId: id, arguments: {} } })).body,
    { status: 200, successful: true },
    'GET retried after a 429',
  );
  b.hubspot.control.rateLimit(1, 0);
  t.match(
    (
      await api.executeTool({
        params: { slug: 'HUBSPOT_CONTACTS_CREATE' },
        body: { connectedAccountId: id, arguments: { properties: { email: 'z@z.z' } } },
      })
    ).body,
    { status: 429, successful: false },
    'POST not retried',
  );

  const bl = await b.connectOAuth('bitly');
  const qr = await api.executeTool({
    params: { slug: 'BITLY_CREATE_STATIC_QRCODE_PUBLIC' },
    body: {
      connectedAccountId: bl,
      arguments: { content: 'https://example.com', group_guid: b.bitly.fixtures.groupGuid, accept: 'image/png' },
    },
  });
  if (qr.status !== 200) return t.fail(`QR code not executed: ${qr.status}`);
  const data = qr.body.data as { mediaType: string; base64: string };
  t.equal(data.mediaType, 'image/png');
  t.same([...Buffer.from(data.base64, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG bytes');
  t.equal(b.bitly.apiRequests().at(-1)!.headers.accept, 'image/png', 'Accept passed through');
});

t.test('a slow provider is 408; a second 401 after refresh marks the connection EXPIRED', async (t) => {
  const { b, api } = await setUp(t, { env: { PROVIDER_TIMEOUT_MS: '300' } });
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.latencyMs(1500);
  const slow = await api.executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_CREATE' },
    body: { connectedAccountId: id, arguments: { properties: { email: 's@s.s' } } },
  });
  t.equal(slow.status, 408);
  t.match(slow.body, { defined: true, code: 'TIMEOUT' });
  b.hubspot.control.latencyMs(0);
  b.hubspot.control.failNext(401, 2);
  const unauthorized = await api.executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_LIST' },
    body: { connectedAccountId: id, arguments: {} },
  });
  t.match(unauthorized.body, { status: 401, successful: false });
  t.match((await api.getConnection({ params: { connectionId: id } })).body, { status: 'EXPIRED' });
});

t.test('every execution is recorded without arguments or data', async (t) => {
  const { b, api } = await setUp(t);
  const id = await b.connectOAuth('hubspot');
  await api.executeTool({
    params: { slug: 'HUBSPOT_CONTACTS_CREATE' },
    body: { connectedAccountId: id, arguments: { properties: { email: 'secret-address@example.com' } } },
  });
  await api.executeTool({ params: { slug: 'HUBSPOT_CONTACTS_GET' }, body: { connectedAccountId: id, arguments: { contactId: '424242' } } });
  await b.app.services.recorder.flush();
  const rows = await b.app.orm.em.fork().find(ToolExecution, { connectionId: id }, { orderBy: { createdAt: 'asc' } });
  t.equal(rows.length, 2);
  t.match(rows[0], { projectId: b.projectId, kind: 'tool', toolSlug: 'HUBSPOT_CONTACTS_CREATE', status: 201, successful: true });
  t.match(rows[1], { status: 404, successful: false });
  t.notMatch(JSON.stringify(rows), 'secret-address');
});
