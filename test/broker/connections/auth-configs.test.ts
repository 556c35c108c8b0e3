import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';

t.test('create: every 400 names the field', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { MANAGED_OAUTH_CLIENTS: '' } });
  const cases: [unknown, RegExp, string][] = [
    [{ slug: 'nope', authMethodId: 'x' }, /Unknown toolkit "nope"/, 'slug'],
    [{ slug: 'hubspot', authMethodId: 'x' }, /no auth method "x".*hubspot_oauth2/, 'authMethodId'],
    [
      { slug: 'hubspot', authMethodId: 'hubspot_oauth2', restrictToTools: ['HUBSPOT_CONTACTS_GET', 'BITLY_GET_USER'] },
      /BITLY_GET_USER/,
      'restrictToTools',
    ],
    [
      { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true },
      /No platform-managed OAuth client is configured for hubspot/,
      'isManaged',
    ],
    [{ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: false, clientId: 'a' }, /needs clientSecret/, 'clientSecret'],
    [{ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: false }, /needs clientId and clientSecret/, 'clientId'],
    [{ slug: 'acme', authMethodId: 'acme_api_key', isManaged: true }, /isManaged applies to OAuth methods only/, 'isManaged'],
    [{ authMethodId: 'x' }, /body\.slug is required/, 'body.slug'],
    [{ slug: 'hubspot', authMethodId: 'hubspot_oauth2', bogus: 1 }, /body\.bogus is not a known field/, 'body.bogus'],
  ];
  for (const [body, message, field] of cases) {
    const res = await b.api('POST', 'auth_configs', body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.match(res.json(), { defined: true, code: 'BAD_REQUEST', status: 400, message });
    t.match(JSON.stringify(res.json().data), field, `${field} named in data`);
  }
  const missingKey = await b.app.inject({ method: 'POST', url: '/api/v1/auth_configs', payload: { slug: 'hubspot' } });
  t.equal(missingKey.statusCode, 401);
});

t.test('managedClientConfigured follows the managed clients configuration; the method stays available', async (t) => {
  const without = await brokerWithSandboxes(t, { env: { MANAGED_OAUTH_CLIENTS: '' } });
  const method = (await without.api('GET', 'toolkits/hubspot')).json().authMethods[0];
  t.match(method, { id: 'hubspot_oauth2', kind: 'oauth2', status: 'available', unavailableReason: null, managedClientConfigured: false });
  const withManaged = await brokerWithSandboxes(t);
  t.match((await withManaged.api('GET', 'toolkits/hubspot')).json().authMethods[0], {
    status: 'available',
    unavailableReason: null,
    managedClientConfigured: true,
  });
});

t.test('list, read, update, delete; secrets never returned', async (t) => {
  const b = await brokerWithSandboxes(t);
  const custom = (
    await b.api('POST', 'auth_configs', {
      slug: 'hubspot',
      authMethodId: 'hubspot_oauth2',
      clientId: 'cid',
      clientSecret: 'csecret-very-private',
      scopes: ['crm.objects.contacts.read'],
    })
  ).json();
  const managed = (await b.api('POST', 'auth_configs', { slug: 'bitly', authMethodId: 'bitly_oauth2' })).json();
  const list = await b.api('GET', 'auth_configs');
  t.equal(list.json().total, 2);
  t.equal((await b.api('GET', 'auth_configs?toolkit=bitly')).json().items[0].id, managed.authConfigId);
  t.equal((await b.api('GET', 'auth_configs?isManaged=false')).json().total, 1);
  t.notMatch(list.body, 'csecret-very-private');
  t.same(
    list
      .json()
      .items.map((c: { name: string }) => c.name)
      .sort(),
    ['Bitly OAuth 2.0', 'HubSpot OAuth 2.0'],
    "unnamed, a config is called by its method, whose name already says the toolkit's",
  );
  const updated = await b.api('PATCH', `auth_configs/${custom.authConfigId}`, {
    name: 'renamed',
    clientSecret: 'rotated-secret-xyz',
    restrictToTools: ['HUBSPOT_CONTACTS_LIST'],
  });
  t.equal(updated.statusCode, 200, updated.body);
  t.match(updated.json(), { name: 'renamed', hasClientSecret: true, restrictToTools: ['HUBSPOT_CONTACTS_LIST'] });
  t.notMatch(updated.body, 'rotated-secret-xyz');
  t.equal((await b.api('PATCH', `auth_configs/${managed.authConfigId}`, { clientId: 'x' })).statusCode, 400, 'no client id on managed');
  t.equal((await b.api('PATCH', `auth_configs/${custom.authConfigId}`, { restrictToTools: ['NOPE'] })).statusCode, 400);
  t.equal((await b.api('GET', 'auth_configs/ac_missing')).statusCode, 404);
  const del = await b.api('DELETE', `auth_configs/${custom.authConfigId}`);
  t.same(del.json(), { deleted: true, deletedConnections: [] });
  t.equal((await b.api('GET', `auth_configs/${custom.authConfigId}`)).statusCode, 404);
  t.equal((await b.api('DELETE', `auth_configs/${custom.authConfigId}`)).statusCode, 404);
});

t.test('initiate resolves the auth config, or says why it cannot', async (t) => {
  const b = await brokerWithSandboxes(t);
  // None yet: created implicitly (managed) because the toolkit has one method.
  const first = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u' });
  t.equal(first.statusCode, 200, first.body);
  t.equal((await b.api('GET', 'auth_configs?toolkit=hubspot')).json().total, 1);
  await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', clientId: 'c', clientSecret: 's' });
  const ambiguous = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u' });
  t.equal(ambiguous.statusCode, 400);
  t.match(ambiguous.json().message, /Several auth configs exist for hubspot/);
  t.equal((await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', authConfigId: 'ac_nope' })).statusCode, 404);
  const bitlyConfig = (await b.api('POST', 'auth_configs', { slug: 'bitly', authMethodId: 'bitly_oauth2' })).json().authConfigId;
  const mismatch = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', authConfigId: bitlyConfig });
  t.equal(mismatch.statusCode, 400);
  t.match(mismatch.json().message, /belongs to toolkit bitly/);
  t.equal((await b.api('POST', 'connectors/nope/initiate', { entityId: 'u' })).statusCode, 404);
  const empty = await b.api('POST', 'connectors/hubspot/initiate', { entityId: '' });
  t.equal(empty.statusCode, 400);
  t.match(empty.json().data.errors[0].field, 'body.entityId');
});
