/**
 * One broker, two planes: what is made on the native API is read and used on the compat mount
 * with the same ids, statuses and timestamps, and the other way round.
 */
import t from 'tap';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { assertMounted, COMPAT } from './helpers.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function planes(t: Parameters<typeof brokerWithSandboxes>[0]) {
  const b = await brokerWithSandboxes(t);
  assertMounted(b.app);
  const compat = (method: Method, path: string, body?: unknown) =>
    b.app.inject({
      method,
      url: `${COMPAT}${path}`,
      headers: { 'x-api-key': b.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return { ...b, compat };
}

t.test('started on the native API, finished on the compat mount', async (t) => {
  const b = await planes(t);
  const ac = (await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).json()
    .authConfigId;
  const init = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'alice', authConfigId: ac })).json();
  t.match(
    (await b.compat('GET', `/connected_accounts/${init.connectionId}`)).json(),
    { status: 'INITIATED', user_id: 'alice' },
    'INITIATED reads the same',
  );
  await b.consent(init.redirectUrl);
  const native = (await b.api('GET', `connectors/connections/${init.connectionId}`)).json();

  const account = (await b.compat('GET', `/connected_accounts/${init.connectionId}`)).json();
  t.match(account, {
    id: init.connectionId,
    user_id: 'alice',
    status: 'ACTIVE',
    status_reason: null,
    is_disabled: false,
    created_at: native.createdAt,
    updated_at: native.updatedAt,
    toolkit: { slug: 'hubspot' },
    auth_config: { id: ac, auth_scheme: 'OAUTH2', is_composio_managed: true, is_disabled: false },
    state: { authScheme: 'OAUTH2', val: { status: 'ACTIVE', access_token: '[REDACTED]' } },
  });
  t.match((await b.compat('GET', `/auth_configs/${ac}`)).json(), {
    id: ac,
    no_of_connections: 1,
    status: 'ENABLED',
    auth_scheme: 'OAUTH2',
    toolkit: { slug: 'hubspot' },
  });
  const listed = (await b.compat('GET', `/connected_accounts?user_ids=alice%2Cnobody&auth_config_ids=${ac}&statuses=ACTIVE`)).json();
  t.same(
    listed.items.map((i: { id: string }) => i.id),
    [init.connectionId],
  );
  t.match(listed, { next_cursor: null, total_pages: 1, total_items: 1 });
  t.same(
    (await b.compat('GET', `/connected_accounts?user_ids=bob&auth_config_ids=${ac}&statuses=ACTIVE`)).json().items,
    [],
    'other users do not match',
  );
  t.same((await b.compat('GET', `/connected_accounts?toolkit_slugs=bitly`)).json().items, []);

  const run = await b.compat('POST', '/tools/execute/HUBSPOT_CONTACTS_CREATE', {
    connected_account_id: init.connectionId,
    arguments: { properties: { email: 'x@example.com' } },
  });
  t.match(run.json(), { successful: true, error: null, data: { id: String } });
  const byUser = await b.compat('POST', '/tools/execute/HUBSPOT_CONTACTS_LIST', {
    user_id: 'alice',
    version: 'latest',
    arguments: { limit: 5 },
  });
  t.match(byUser.json(), { successful: true, data: { results: Array } });
  const byEntity = await b.compat('POST', '/tools/execute/HUBSPOT_CONTACTS_LIST', { entity_id: 'alice' });
  t.match(byEntity.json(), { successful: true });

  const revoked = (await b.compat('POST', `/connected_accounts/${init.connectionId}/revoke`, {})).json();
  t.match(revoked, { revoked_tokens: ['access_token', 'refresh_token'], connected_account: { id: init.connectionId, status: 'REVOKED' } });
  t.equal((await b.api('GET', `connectors/connections/${init.connectionId}`)).json().status, 'REVOKED');
  t.match((await b.compat('GET', `/connected_accounts/${init.connectionId}`)).json(), {
    status: 'REVOKED',
    state: { val: { status: 'REVOKED' } },
  });
  t.notMatch(JSON.stringify((await b.compat('GET', `/connected_accounts/${init.connectionId}`)).json().state), /access_token/);
});

t.test('started on the compat mount, finished on the native API', async (t) => {
  const b = await planes(t);
  const created = await b.compat('POST', '/auth_configs', {
    toolkit: { slug: 'hubspot' },
    auth_config: { type: 'use_composio_managed_auth', name: 'Managed HubSpot' },
  });
  t.equal(created.statusCode, 201);
  const ac = created.json().auth_config.id as string;
  t.match(created.json(), { toolkit: { slug: 'hubspot' }, auth_config: { id: /^ac_/, auth_scheme: 'OAUTH2', is_composio_managed: true } });
  t.match((await b.api('GET', `auth_configs/${ac}`)).json(), {
    id: ac,
    isManaged: true,
    authMethodKind: 'oauth2',
    name: 'Managed HubSpot',
  });

  const res = await b.compat('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: { user_id: 'bob', callback_url: 'https://app.example/cb', alias: 'work' },
  });
  t.equal(res.statusCode, 201);
  const ca = res.json();
  t.match(ca, {
    id: /^ca_/,
    status: 'INITIATED',
    redirect_url: /^http/,
    connectionData: { authScheme: 'OAUTH2', val: { status: 'INITIATED' } },
  });
  t.equal(ca.redirect_uri, ca.redirect_url);
  t.equal(ca.connectionData.val.redirectUrl, ca.redirect_url);
  const { res: callback } = await b.consent(ca.redirect_url);
  t.equal(callback.statusCode, 302, 'the callback forwards to callback_url');

  t.match((await b.api('GET', `connectors/connections/${ca.id}`)).json(), {
    id: ca.id,
    status: 'ACTIVE',
    entityId: 'bob',
    authConfigId: ac,
    alias: 'work',
    disabled: false,
  });
  const run = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: ca.id, arguments: {} });
  t.match(run.json(), { status: 200, successful: true });

  t.match((await b.compat('PATCH', `/connected_accounts/${ca.id}/status`, { enabled: false })).json(), { success: true });
  t.equal((await b.api('GET', `connectors/connections/${ca.id}`)).json().disabled, true);
  t.equal(
    (await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: ca.id })).statusCode,
    400,
    'disabled on both planes',
  );
  await b.api('PATCH', `connectors/connections/${ca.id}`, { disabled: false });
  t.match((await b.compat('GET', `/connected_accounts/${ca.id}`)).json(), { status: 'ACTIVE', is_disabled: false });

  t.match((await b.compat('PATCH', `/connected_accounts/${ca.id}`, { alias: 'personal' })).json(), {
    success: true,
    id: ca.id,
    status: 'ACTIVE',
  });
  t.equal((await b.api('GET', `connectors/connections/${ca.id}`)).json().alias, 'personal');
  t.match((await b.compat('PATCH', `/auth_configs/${ac}/DISABLED`)).json(), { success: true, status: 'DISABLED' });
  t.equal((await b.api('GET', `auth_configs/${ac}`)).json().disabled, true);
  t.equal((await b.compat('GET', '/auth_configs?toolkit_slug=hubspot')).json().items.length, 0, 'disabled configs are hidden by default');
  t.equal((await b.compat('GET', '/auth_configs?toolkit_slug=hubspot&show_disabled=true')).json().items.length, 1);

  t.equal((await b.api('DELETE', `connectors/connections/${ca.id}`)).statusCode, 200);
  t.equal((await b.compat('GET', `/connected_accounts/${ca.id}`)).statusCode, 404);
  t.match((await b.compat('DELETE', `/auth_configs/${ac}`)).json(), { success: true });
  t.equal((await b.api('GET', `auth_configs/${ac}`)).statusCode, 404);
});

t.test('credential accounts: submitted on either plane, never echoed', async (t) => {
  const b = await planes(t);
  const secret = 'acme-key-0123456789abcdef';
  const acme = (
    await b.compat('POST', '/auth_configs', {
      toolkit: { slug: 'acme' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    })
  ).json();
  t.match(acme.auth_config, { auth_scheme: 'API_KEY', is_composio_managed: false });
  const made = await b.compat('POST', '/connected_accounts', {
    auth_config: { id: acme.auth_config.id },
    connection: { user_id: 'carol', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', generic_api_key: secret } } },
  });
  t.equal(made.statusCode, 201, made.body);
  t.match(made.json(), { status: 'ACTIVE', redirect_url: null, connectionData: { authScheme: 'API_KEY', val: { status: 'ACTIVE' } } });
  t.match((await b.api('GET', `connectors/connections/${made.json().id}`)).json(), {
    status: 'ACTIVE',
    authMethodKind: 'api_key',
    entityId: 'carol',
  });

  const basic = (await b.api('POST', 'auth_configs', { slug: 'acme', authMethodId: 'acme_basic' })).json().authConfigId;
  const connected = (
    await b.api('POST', 'connectors/acme/connect', {
      entityId: 'dave',
      authConfigId: basic,
      credentials: { username: 'dave', password: 'pw-secret-987' },
    })
  ).json();
  const read = (await b.compat('GET', `/connected_accounts/${connected.connectionId}`)).json();
  t.match(read, {
    status: 'ACTIVE',
    state: { authScheme: 'BASIC', val: { status: 'ACTIVE', username: '[REDACTED]', password: '[REDACTED]' } },
  });

  const rotated = await b.compat('PATCH', `/connected_accounts/${connected.connectionId}`, {
    connection: { state: { authScheme: 'BASIC', val: { username: 'dave', password: 'pw-new-secret-654' } } },
  });
  t.match(rotated.json(), { success: true, status: 'ACTIVE' });
  const refused = await b.compat('PATCH', `/connected_accounts/${connected.connectionId}`, {
    connection: { state: { authScheme: 'BASIC', val: { username: 'dave' } } },
  });
  t.equal(refused.statusCode, 400);
  t.equal(
    (await b.api('GET', `connectors/connections/${connected.connectionId}`)).json().status,
    'ACTIVE',
    'a refused update leaves the account as it was',
  );

  const pending = await b.compat('POST', '/connected_accounts', {
    auth_config: { id: acme.auth_config.id },
    connection: { user_id: 'erin' },
  });
  t.match(pending.json(), { status: 'INITIATED', redirect_url: null });
  t.equal((await b.api('GET', `connectors/connections/${pending.json().id}`)).json().status, 'PENDING');
  t.equal(
    (
      await b.api('POST', 'connectors/acme/connect', {
        entityId: 'erin',
        connectionId: pending.json().id,
        credentials: { api_key: secret },
      })
    ).statusCode,
    200,
  );
  t.match((await b.compat('GET', `/connected_accounts/${pending.json().id}`)).json(), { status: 'ACTIVE' });

  const everything = (await b.compat('GET', '/connected_accounts?order_by=updated_at&order_direction=asc&limit=2')).json();
  t.equal(everything.items.length, 2);
  t.equal(everything.total_items, 3);
  t.type(everything.next_cursor, 'string');
  const rest = (
    await b.compat('GET', `/connected_accounts?order_by=updated_at&order_direction=asc&limit=2&cursor=${everything.next_cursor}`)
  ).json();
  t.equal(rest.items.length, 1);
  t.equal(rest.next_cursor, null);
  t.equal(rest.current_page, 2);
  for (const res of b.responses) t.notMatch(res.body, /acme-key-0123|pw-secret|pw-new-secret/);
  const bodies = JSON.stringify([made.json(), read, everything, rest]);
  t.notMatch(bodies, /acme-key-0123|pw-secret|pw-new-secret/, 'no secret in any compat response');
});

t.test("a custom OAuth auth config (the project's own client) works on both planes without echoing its secret", async (t) => {
  const b = await planes(t);
  const { clientId, clientSecret } = CUSTOM_CLIENTS.hubspot;
  const created = await b.compat('POST', '/auth_configs', {
    toolkit: { slug: 'hubspot' },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: 'OAUTH2',
      name: 'Own app',
      credentials: { client_id: clientId, client_secret: clientSecret, scopes: 'crm.objects.contacts.read,crm.objects.contacts.write' },
    },
  });
  t.equal(created.statusCode, 201, created.body);
  const ac = created.json().auth_config.id as string;
  t.match(created.json().auth_config, { auth_scheme: 'OAUTH2', is_composio_managed: false });
  const read = (await b.compat('GET', `/auth_configs/${ac}`)).json();
  t.match(read, {
    type: 'custom',
    credentials: { client_id: clientId, scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'] },
  });
  t.match((await b.api('GET', `auth_configs/${ac}`)).json(), { isManaged: false, clientId, hasClientSecret: true });
  t.notMatch(JSON.stringify(read), clientSecret);

  const init = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'frank', authConfigId: ac })).json();
  t.match(new URL(init.redirectUrl).searchParams.get('client_id'), clientId);
  await b.consent(init.redirectUrl);
  const other = (await b.compat('POST', '/connected_accounts', { auth_config: { id: ac }, connection: { user_id: 'gina' } })).json();
  const byIds = (
    await b.compat('GET', `/connected_accounts?connected_account_ids=${init.connectionId}%2C${other.id}&statuses=ACTIVE`)
  ).json();
  t.same(
    byIds.items.map((i: { id: string }) => i.id),
    [init.connectionId],
    'ids and statuses both apply',
  );
  const both = (
    await b.compat('GET', `/connected_accounts?connected_account_ids=${init.connectionId}%2C${other.id}&order_direction=asc`)
  ).json();
  t.same(
    both.items.map((i: { id: string }) => i.id),
    [init.connectionId, other.id],
  );
  t.match(both.items[1], { status: 'INITIATED', user_id: 'gina' });
  t.notOk('state' in both.items[1], 'an INITIATED OAuth account carries no state (the SDK would want its authorize URL)');

  const renamed = await b.compat('PATCH', `/auth_configs/${ac}`, {
    type: 'custom',
    name: 'Renamed',
    credentials: { client_secret: 'rotated-secret-xyz' },
  });
  t.match(renamed.json(), { name: 'Renamed', type: 'custom' });
  t.notMatch(renamed.body, /rotated-secret/);
  const badStatus = await b.compat('PATCH', `/auth_configs/${ac}/PAUSED`);
  t.equal(badStatus.statusCode, 400);
  t.match(badStatus.json(), { error: { message: /ENABLED or DISABLED/ } });
});
