/**
 * Rules that used to live in the compat mount and now belong to the domain services, so both
 * planes get them: atomic credential replacement, auth-config search in the database, delete with
 * revocation at the provider, and the tools an auth config allows.
 */
import t from 'tap';
import { listeningBroker } from '../compat/helpers.js';

t.test('credential replacement is atomic: concurrent readers never see the connection leave ACTIVE', async (t) => {
  const b = await listeningBroker(t);
  const made = await b.api('POST', 'connectors/acme/connect', {
    entityId: 'u',
    authMethodId: 'acme_api_key',
    credentials: { api_key: 'acme-key-old-000001' },
  });
  t.equal(made.statusCode, 200, made.body);
  const id = made.json().connectionId as string;
  const seen = new Set<string>();
  let writing = true;
  const reader = (async () => {
    while (writing) {
      seen.add((await b.api('GET', `connectors/connections/${id}`)).json().status as string);
      // The embedded database answers synchronously: yield so the writer's I/O can run too.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  for (let i = 0; i < 15; i++) {
    const res = await b.compat('PATCH', `/connected_accounts/${id}`, {
      connection: { state: { authScheme: 'API_KEY', val: { api_key: `acme-key-new-${String(i).padStart(6, '0')}` } } },
    });
    t.equal(res.statusCode, 200, res.body);
  }
  writing = false;
  await reader;
  t.same([...seen], ['ACTIVE'], 'only ACTIVE was ever read');
  const stored = await b.app.services.vault.get<Record<string, string>>({ ownerType: 'connection', ownerId: id, name: 'credentials' });
  t.same(stored?.value, { api_key: 'acme-key-new-000014' }, 'the last credentials are sealed');

  const bad = await b.compat('PATCH', `/connected_accounts/${id}`, {
    connection: { state: { authScheme: 'API_KEY', val: { api_key: '' } } },
  });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().error.message, /connection\.state\.val\.api_key/);
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE', 'a refused replacement changes nothing');
  const still = await b.app.services.vault.get<Record<string, string>>({ ownerType: 'connection', ownerId: id, name: 'credentials' });
  t.same(still?.value, { api_key: 'acme-key-new-000014' });

  const oauth = await b.connectOAuth('hubspot');
  const refused = await b.compat('PATCH', `/connected_accounts/${oauth}`, {
    connection: { state: { authScheme: 'OAUTH2', val: { access_token: 'x' } } },
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().error.message, /uses OAuth/);
});

t.test('auth-config search runs in the database: case-insensitive, wildcards are literal', async (t) => {
  const b = await listeningBroker(t);
  for (const name of ['Alpha One', 'beta_two', '100% gamma', 'betaXtwo', "who? it's été"]) {
    t.equal((await b.api('POST', 'auth_configs', { slug: 'acme', authMethodId: 'acme_api_key', name })).statusCode, 200);
  }
  const names = async (search: string) =>
    ((await b.compat('GET', `/auth_configs?search=${encodeURIComponent(search)}`)).json().items as { name: string }[])
      .map((i) => i.name)
      .sort();
  t.same(await names('ALPHA'), ['Alpha One']);
  t.same(await names('%'), ['100% gamma']);
  t.same(await names('a_t'), ['beta_two'], '_ is not a one-character wildcard');
  t.same(await names('acme'), ['100% gamma', 'Alpha One', 'betaXtwo', 'beta_two', "who? it's été"], 'the toolkit slug matches too');
  // A `?` had been taken for a query placeholder (a 500); quotes and non-ASCII are literal too.
  t.same(await names('?a=b#c'), []);
  t.same(await names("o? it's"), ["who? it's été"]);
  t.same(await names('été'), ["who? it's été"]);
  t.same(await names("'; drop table auth_configs; --"), []);
  const paged = (await b.compat('GET', '/auth_configs?search=beta&limit=1')).json();
  t.equal(paged.items.length, 1);
  t.equal(paged.total_items, 2);
});

t.test('deleting with revoke_on_delete revokes at the provider first, on both delete routes', async (t) => {
  const b = await listeningBroker(t);
  const revocations = () =>
    b.hubspot.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/oauth/v1/refresh-tokens/')).length;
  const one = await b.connectOAuth('hubspot', 'a');
  t.equal((await b.compat('DELETE', `/connected_accounts/${one}?revoke_on_delete=true`)).statusCode, 200);
  t.equal(revocations(), 1, 'one revocation for the deleted account');

  const config = (await b.api('GET', 'auth_configs')).json().items[0].id as string;
  await b.connectOAuth('hubspot', 'b');
  await b.connectOAuth('hubspot', 'c');
  const del = await b.compat('DELETE', `/auth_configs/${config}?revoke_on_delete=true`);
  t.equal(del.statusCode, 200, del.body);
  t.equal(del.json().deleted_connected_accounts.length, 2);
  t.equal(revocations(), 3, 'each connection of the config revoked before deletion');
  t.equal((await b.api('GET', 'connectors/connections')).json().total, 0);
});

t.test('the tools an auth config allows: its toolkit narrowed by restrictToTools; unknown ids select nothing', async (t) => {
  const b = await listeningBroker(t);
  const narrow = (
    await b.api('POST', 'auth_configs', {
      slug: 'hubspot',
      authMethodId: 'hubspot_oauth2',
      isManaged: true,
      restrictToTools: ['HUBSPOT_CONTACTS_GET'],
    })
  ).json().authConfigId;
  const allowed = await b.app.services.authConfigs.toolsAllowed(b.projectId, [narrow, 'ac_unknown']);
  t.same([...allowed], ['HUBSPOT_CONTACTS_GET']);
  const listed = (await b.compat('GET', `/tools?auth_config_ids=${narrow},ac_unknown`)).json().items.map((i: { slug: string }) => i.slug);
  t.same(listed, ['HUBSPOT_CONTACTS_GET']);
});
