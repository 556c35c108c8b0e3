import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { createProjectWithKey } from '../../helpers/app.js';
import { ToolExecution } from '../../../src/db/entities/index.js';

// One broker for the file, a tenant per subtest; the timeout subtest has its own configuration.
const shared = sharedBrokerWithSandboxes(t);

t.test('argument validation lists every wrong field; unknown tool 404; connection required', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const bad = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', {
    connectedAccountId: id,
    arguments: { limit: 'ten', archived: 3, nope: 1 },
  });
  t.equal(bad.statusCode, 400);
  const fields = (bad.json().data.errors as { field: string }[]).map((e) => e.field);
  t.ok(fields.includes('arguments.limit') && fields.includes('arguments.archived'), `every wrong field named: ${fields.join(', ')}`);
  t.equal(b.sent.hubspot.api().length, 0, 'nothing sent');
  t.equal((await b.api('POST', 'tools/HUBSPOT_NOPE/execute', { connectedAccountId: id })).statusCode, 404);
  const none = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { arguments: {} });
  t.equal(none.statusCode, 400);
  t.match(none.json().message, /connectedAccountId/);
  const noConn = await b.api('POST', 'tools/BITLY_GET_USER/execute', { entityId: 'nobody' });
  t.equal(noConn.statusCode, 400);
  t.match(noConn.json().message, /no ACTIVE bitly connection.*\/api\/v1\/connectors\/bitly\/initiate/);
  const wrongToolkit = await b.api('POST', 'tools/BITLY_GET_USER/execute', { connectedAccountId: id });
  t.equal(wrongToolkit.statusCode, 400);
});

t.test('entityId uses the most recently updated ACTIVE connection; another project gets 403', async (t) => {
  const b = await shared.tenant();
  const first = await b.connectOAuth('hubspot', 'ent');
  const second = await b.connectOAuth('hubspot', 'ent');
  const res = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { entityId: 'ent', arguments: {} });
  t.match(res.json(), { successful: true });
  const tokenOf = async (id: string) =>
    (await b.app.services.vault.get<{ access_token: string }>({ ownerType: 'connection', ownerId: id, name: 'oauth_tokens' }))!.value
      .access_token;
  t.equal(b.sent.hubspot.api().at(-1)!.bearer, await tokenOf(second), 'newest connection used');
  await b.api('PATCH', `connectors/connections/${first}`, { alias: 'touched' });
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { entityId: 'ent', arguments: {} });
  t.equal(b.sent.hubspot.api().at(-1)!.bearer, await tokenOf(first), 'after an update the first one is the most recent');
  const other = await createProjectWithKey(b.app, 'other');
  const foreign = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: first, arguments: {} }, other.key);
  t.equal(foreign.statusCode, 403);
});

t.test('inactive connections are refused naming the status; disable takes effect at once', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  t.equal((await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} })).json().successful, true);
  await b.api('PATCH', `connectors/connections/${id}`, { disabled: true });
  const disabled = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.equal(disabled.statusCode, 400);
  t.match(disabled.json().message, /disabled/);
  await b.api('PATCH', `connectors/connections/${id}`, { disabled: false });
  await b.api('POST', `connectors/connections/${id}/revoke`);
  const revoked = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.equal(revoked.statusCode, 400);
  t.match(revoked.json().message, /is REVOKED, not ACTIVE/);
});

t.test('scopes and restrictToTools are enforced with 403 naming what is missing', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot', 'reader', { scopes: ['crm.objects.contacts.read', 'oauth'] });
  t.equal((await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} })).json().successful, true);
  const write = await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    connectedAccountId: id,
    arguments: { properties: { email: 'a@b.c' } },
  });
  t.equal(write.statusCode, 403);
  t.match(write.json(), {
    code: 'FORBIDDEN',
    message: /crm\.objects\.contacts\.write/,
    data: { missingScopes: ['crm.objects.contacts.write'] },
  });
  const config = (
    await b.api('POST', 'auth_configs', { slug: 'bitly', authMethodId: 'bitly_oauth2', restrictToTools: ['BITLY_GET_USER'] })
  ).json().authConfigId;
  const bl = await b.connectOAuth('bitly', 'r', { authConfigId: config });
  t.equal((await b.api('POST', 'tools/BITLY_GET_USER/execute', { connectedAccountId: bl })).json().successful, true);
  const denied = await b.api('POST', 'tools/BITLY_GET_GROUPS/execute', { connectedAccountId: bl });
  t.equal(denied.statusCode, 403);
  t.match(denied.json().message, /restrictToTools/);
});

t.test('provider errors are 200 with successful=false; binary bodies come back as base64', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const missing = await b.api('POST', 'tools/HUBSPOT_CONTACTS_GET/execute', { connectedAccountId: id, arguments: { contactId: '999999' } });
  t.equal(missing.statusCode, 200);
  t.match(missing.json(), { status: 404, successful: false, data: { category: 'OBJECT_NOT_FOUND' } });
  b.hubspot.control.rateLimit(1, 0);
  t.match(
    (await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} })).json(),
    { status: 200, successful: true },
    'GET retried after a 429',
  );
  b.hubspot.control.rateLimit(1, 0);
  t.match(
    (
      await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
        connectedAccountId: id,
        arguments: { properties: { email: 'z@z.z' } },
      })
    ).json(),
    { status: 429, successful: false },
    'POST not retried',
  );

  const bl = await b.connectOAuth('bitly');
  const qr = await b.api('POST', 'tools/BITLY_CREATE_STATIC_QRCODE_PUBLIC/execute', {
    connectedAccountId: bl,
    arguments: { content: 'https://example.com', group_guid: b.bitly.fixtures.groupGuid, accept: 'image/png' },
  });
  const data = qr.json().data as { mediaType: string; base64: string };
  t.equal(data.mediaType, 'image/png');
  t.same([...Buffer.from(data.base64, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'PNG bytes');
  t.equal(b.sent.bitly.api().at(-1)!.headers.accept, 'image/png', 'Accept passed through');
});

t.test('a slow provider is 408; a second 401 after refresh marks the connection EXPIRED', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { PROVIDER_TIMEOUT_MS: '300' } });
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.latencyMs(1500);
  const slow = await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    connectedAccountId: id,
    arguments: { properties: { email: 's@s.s' } },
  });
  t.equal(slow.statusCode, 408);
  t.match(slow.json(), { defined: true, code: 'TIMEOUT' });
  b.hubspot.control.latencyMs(0);
  b.hubspot.control.failNext(401, 2);
  const unauthorized = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.match(unauthorized.json(), { status: 401, successful: false });
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'EXPIRED');
});

t.test('every execution is recorded; its record holds no arguments or data (only its detail, redacted)', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    connectedAccountId: id,
    arguments: { properties: { email: 'secret-address@example.com' } },
  });
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_GET/execute', { connectedAccountId: id, arguments: { contactId: '424242' } });
  await b.app.services.recorder.flush();
  const rows = await b.app.orm.em.fork().find(ToolExecution, { connectionId: id }, { orderBy: { createdAt: 'asc' } });
  t.equal(rows.length, 2);
  t.match(rows[0], { projectId: b.projectId, kind: 'tool', toolSlug: 'HUBSPOT_CONTACTS_CREATE', status: 201, successful: true });
  t.match(rows[1], { status: 404, successful: false });
  t.notMatch(JSON.stringify(rows), 'secret-address');
});
