import t from 'tap';
import { brokerWithSandboxes } from '../helpers/sandboxes.js';
import { createProjectWithKey } from '../helpers/app.js';
import { apiClient, type OperationInput } from '../helpers/api-client.js';
import type { nativeContract } from '../../plugins/native/contract.js';

type ConnectionQuery = NonNullable<OperationInput<typeof nativeContract.operations.listConnections>['query']>;

t.test('list with filters and paging; read; alias and disable; delete destroys secrets', async (t) => {
  const b = await brokerWithSandboxes(t);
  const api = apiClient(b.app, { key: b.key });
  const a = await b.connectOAuth('hubspot', 'alice');
  const c = await b.connectOAuth('bitly', 'carol');
  const list = async (query: ConnectionQuery) => {
    const res = await api.listConnections({ query });
    if (res.status !== 200) throw new Error(`listConnections answered ${res.status}`);
    return res.body;
  };
  t.equal((await list({})).total, 2);
  t.equal((await list({ entityId: 'alice' })).items[0].id, a);
  t.equal((await list({ toolkit: 'bitly' })).items[0].id, c);
  t.equal((await list({ status: 'FAILED' })).total, 0);
  const read = await api.getConnection({ params: { connectionId: a } });
  if (read.status !== 200) return t.fail(`getConnection answered ${read.status}`);
  t.equal((await list({ authConfigId: read.body.authConfigId })).total, 1);
  const page = await list({ limit: 1, offset: 1 });
  t.equal(page.items.length, 1);
  t.equal(page.total, 2);
  t.equal((await api.listConnections({ query: { limit: 0 } })).status, 400);
  // Not a status at all, so not expressible through the typed client: sent as is.
  t.equal((await b.api('GET', 'connectors/connections?status=BOGUS')).statusCode, 400);

  const patched = await api.updateConnection({ params: { connectionId: a }, body: { alias: 'work', disabled: true } });
  t.match(patched.body, { alias: 'work', disabled: true, status: 'ACTIVE' });

  const del = await api.deleteConnection({ params: { connectionId: a } });
  t.same(del.body, { deleted: true });
  t.equal((await api.getConnection({ params: { connectionId: a } })).status, 404);
  t.equal(await b.app.services.vault.has({ ownerType: 'connection', ownerId: a, name: 'oauth_tokens' }), false, 'tokens destroyed');
  t.equal((await api.deleteConnection({ params: { connectionId: a } })).status, 404);
});

t.test('another project sees none of it (404, never 403)', async (t) => {
  const b = await brokerWithSandboxes(t);
  const id = await b.connectOAuth('hubspot');
  const other = await createProjectWithKey(b.app, 'other');
  const theirs = apiClient(b.app, { key: other.key });
  const params = { connectionId: id };
  for (const [name, call] of [
    ['getConnection', () => theirs.getConnection({ params })],
    ['deleteConnection', () => theirs.deleteConnection({ params })],
    ['refreshConnection', () => theirs.refreshConnection({ params })],
    ['revokeConnection', () => theirs.revokeConnection({ params })],
    ['updateConnection', () => theirs.updateConnection({ params, body: { alias: 'x' } })],
  ] as const) {
    const res = await call();
    t.equal(res.status, 404, name);
    t.match(res.body, { code: 'NOT_FOUND' });
  }
  t.match((await theirs.listConnections()).body, { total: 0 });
  t.match((await theirs.listAuthConfigs()).body, { total: 0 });
  t.match((await apiClient(b.app, { key: b.key }).getConnection({ params })).body, { status: 'ACTIVE' }, 'owner still has it');
});

t.test('refresh: HubSpot refreshes; failure marks EXPIRED; Bitly is a no-op or 400 when strict', async (t) => {
  const b = await brokerWithSandboxes(t);
  const api = apiClient(b.app, { key: b.key });
  const hs = await b.connectOAuth('hubspot');
  const before = b.hubspot.tokenRequests().length;
  const ok = await api.refreshConnection({ params: { connectionId: hs }, body: {} });
  t.same(ok.body, { status: 'ACTIVE', needsRedirect: false });
  t.equal(b.hubspot.tokenRequests().length, before + 1);
  t.match(b.hubspot.tokenRequests().at(-1)!.body, { grant_type: 'refresh_token' });

  b.hubspot.control.tokenEndpoint('fail');
  const failed = await api.refreshConnection({ params: { connectionId: hs } });
  t.equal(failed.status, 500, 'provider outage is a broker-side failure, connection kept');
  t.match((await api.getConnection({ params: { connectionId: hs } })).body, { status: 'ACTIVE' });

  b.hubspot.control.tokenEndpoint('invalid_grant');
  const refused = await api.refreshConnection({ params: { connectionId: hs }, body: { strict: true } });
  t.same(refused.body, { status: 'EXPIRED', needsRedirect: true });
  const read = await api.getConnection({ params: { connectionId: hs } });
  t.match(read.body, { status: 'EXPIRED', statusReason: /refused the refresh token/ });

  b.hubspot.control.tokenEndpoint('ok');
  t.same(
    (await api.refreshConnection({ params: { connectionId: hs } })).body,
    { status: 'ACTIVE', needsRedirect: false },
    'EXPIRED -> ACTIVE',
  );

  const bl = await b.connectOAuth('bitly');
  t.same((await api.refreshConnection({ params: { connectionId: bl } })).body, { status: 'ACTIVE', needsRedirect: false });
  const strict = await api.refreshConnection({ params: { connectionId: bl }, body: { strict: true } });
  t.equal(strict.status, 400);
  t.match(strict.body, { message: /does not support refreshing/ });
});

t.test('revoke: provider endpoint called, tokens destroyed, REVOKED; without an endpoint a no-op (strict: 400)', async (t) => {
  const b = await brokerWithSandboxes(t);
  const api = apiClient(b.app, { key: b.key });
  const hs = await b.connectOAuth('hubspot');
  const res = await api.revokeConnection({ params: { connectionId: hs } });
  t.equal(res.status, 200, res.response.body);
  t.same(res.body, { status: 'REVOKED', revokedTokens: ['access_token', 'refresh_token'] });
  const revokeCall = b.hubspot.requests.find((r) => r.method === 'DELETE' && r.path.startsWith('/oauth/v1/refresh-tokens/'));
  t.ok(revokeCall, 'HubSpot revocation endpoint called');
  t.match((await api.getConnection({ params: { connectionId: hs } })).body, { status: 'REVOKED' });
  t.equal(await b.app.services.vault.has({ ownerType: 'connection', ownerId: hs, name: 'oauth_tokens' }), false);

  const bl = await b.connectOAuth('bitly');
  const strict = await api.revokeConnection({ params: { connectionId: bl }, body: { strict: true } });
  t.equal(strict.status, 400);
  t.match(strict.body, { message: /no token revocation endpoint/ });
  t.match((await api.getConnection({ params: { connectionId: bl } })).body, { status: 'ACTIVE' }, 'strict refusal changes nothing');
  // Spec 4.6: without strict, an action the provider does not support is a no-op.
  t.same((await api.revokeConnection({ params: { connectionId: bl } })).body, { status: 'ACTIVE', revokedTokens: [] });

  const connected = await api.connect({
    params: { slug: 'acme' },
    body: { entityId: 'u', authMethodId: 'acme_api_key', credentials: { api_key: 'k-1' } },
  });
  if (connected.status !== 200) return t.fail(`connect answered ${connected.status}`);
  t.same((await api.revokeConnection({ params: { connectionId: connected.body.connectionId } })).body, {
    status: 'ACTIVE',
    revokedTokens: [],
  });
});
