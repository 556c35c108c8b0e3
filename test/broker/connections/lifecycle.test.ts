import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';

// One broker for the file, a tenant per subtest; a subtest that breaks a sandbox's token endpoint
// puts it back before it ends.
const shared = sharedBrokerWithSandboxes(t);
import { createProjectWithKey } from '../../helpers/app.js';

t.test('list with filters and paging; read; alias and disable; delete destroys secrets', async (t) => {
  const b = await shared.tenant();
  const a = await b.connectOAuth('hubspot', 'alice');
  const c = await b.connectOAuth('bitly', 'carol');
  const list = await b.api('GET', 'connectors/connections');
  t.equal(list.json().total, 2);
  t.equal((await b.api('GET', 'connectors/connections?entityId=alice')).json().items[0].id, a);
  t.equal((await b.api('GET', 'connectors/connections?toolkit=bitly')).json().items[0].id, c);
  t.equal((await b.api('GET', 'connectors/connections?status=FAILED')).json().total, 0);
  const authConfigId = (await b.api('GET', `connectors/connections/${a}`)).json().authConfigId;
  t.equal((await b.api('GET', `connectors/connections?authConfigId=${authConfigId}`)).json().total, 1);
  const page = await b.api('GET', 'connectors/connections?limit=1&offset=1');
  t.equal(page.json().items.length, 1);
  t.equal(page.json().total, 2);
  t.equal((await b.api('GET', 'connectors/connections?limit=0')).statusCode, 400);
  t.equal((await b.api('GET', 'connectors/connections?status=BOGUS')).statusCode, 400);

  const patched = await b.api('PATCH', `connectors/connections/${a}`, { alias: 'work', disabled: true });
  t.match(patched.json(), { alias: 'work', disabled: true, status: 'ACTIVE' });

  const del = await b.api('DELETE', `connectors/connections/${a}`);
  t.same(del.json(), { deleted: true });
  t.equal((await b.api('GET', `connectors/connections/${a}`)).statusCode, 404);
  t.equal(await b.app.services.vault.has({ ownerType: 'connection', ownerId: a, name: 'oauth_tokens' }), false, 'tokens destroyed');
  t.equal((await b.api('DELETE', `connectors/connections/${a}`)).statusCode, 404);
});

t.test("another project is refused (403, the spec's FORBIDDEN) and changes nothing", async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const other = await createProjectWithKey(b.app, 'other');
  for (const [method, url] of [
    ['GET', `connectors/connections/${id}`],
    ['DELETE', `connectors/connections/${id}`],
    ['POST', `connectors/connections/${id}/refresh`],
    ['POST', `connectors/connections/${id}/revoke`],
    ['PATCH', `connectors/connections/${id}`],
  ] as const) {
    const res = await b.api(method, url, method === 'PATCH' ? { alias: 'x' } : undefined, other.key);
    t.equal(res.statusCode, 403, `${method} ${url}`);
    t.match(res.json(), { code: 'FORBIDDEN', message: 'API key not permitted for this resource' });
  }
  t.equal((await b.api('GET', 'connectors/connections', undefined, other.key)).json().total, 0);
  t.equal((await b.api('GET', 'auth_configs', undefined, other.key)).json().total, 0);
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE', 'owner still has it');
});

t.test('refresh: HubSpot refreshes; failure marks EXPIRED; Bitly is a no-op or 400 when strict', async (t) => {
  const b = await shared.tenant();
  const hs = await b.connectOAuth('hubspot');
  const before = b.hubspot.tokenRequests().length;
  const ok = await b.api('POST', `connectors/connections/${hs}/refresh`, {});
  t.same(ok.json(), { status: 'ACTIVE', needsRedirect: false });
  t.equal(b.hubspot.tokenRequests().length, before + 1);
  t.match(b.hubspot.tokenRequests().at(-1)!.body, { grant_type: 'refresh_token' });

  b.hubspot.control.tokenEndpoint('fail');
  const failed = await b.api('POST', `connectors/connections/${hs}/refresh`);
  t.equal(failed.statusCode, 500, 'provider outage is a broker-side failure, connection kept');
  t.equal((await b.api('GET', `connectors/connections/${hs}`)).json().status, 'ACTIVE');

  b.hubspot.control.tokenEndpoint('invalid_grant');
  const refused = await b.api('POST', `connectors/connections/${hs}/refresh`, { strict: true });
  t.same(refused.json(), { status: 'EXPIRED', needsRedirect: true });
  const read = (await b.api('GET', `connectors/connections/${hs}`)).json();
  t.equal(read.status, 'EXPIRED');
  t.match(read.statusReason, /refused the refresh token/);

  b.hubspot.control.tokenEndpoint('ok');
  t.same(
    (await b.api('POST', `connectors/connections/${hs}/refresh`)).json(),
    { status: 'ACTIVE', needsRedirect: false },
    'EXPIRED -> ACTIVE',
  );

  const bl = await b.connectOAuth('bitly');
  t.same((await b.api('POST', `connectors/connections/${bl}/refresh`)).json(), { status: 'ACTIVE', needsRedirect: false });
  const strict = await b.api('POST', `connectors/connections/${bl}/refresh`, { strict: true });
  t.equal(strict.statusCode, 400);
  t.match(strict.json().message, /does not support refreshing/);
});

t.test('revoke: provider endpoint called, tokens destroyed, REVOKED; without an endpoint a no-op (strict: 400)', async (t) => {
  const b = await shared.tenant();
  const hs = await b.connectOAuth('hubspot');
  const res = await b.api('POST', `connectors/connections/${hs}/revoke`);
  t.equal(res.statusCode, 200, res.body);
  t.same(res.json(), { status: 'REVOKED', revokedTokens: ['access_token', 'refresh_token'] });
  const revokeCall = b.sent.hubspot.all().find((r) => r.method === 'DELETE' && r.path.startsWith('/oauth/v1/refresh-tokens/'));
  t.ok(revokeCall, 'HubSpot revocation endpoint called');
  t.equal((await b.api('GET', `connectors/connections/${hs}`)).json().status, 'REVOKED');
  t.equal(await b.app.services.vault.has({ ownerType: 'connection', ownerId: hs, name: 'oauth_tokens' }), false);

  const bl = await b.connectOAuth('bitly');
  const strict = await b.api('POST', `connectors/connections/${bl}/revoke`, { strict: true });
  t.equal(strict.statusCode, 400);
  t.match(strict.json().message, /no token revocation endpoint/);
  t.equal((await b.api('GET', `connectors/connections/${bl}`)).json().status, 'ACTIVE', 'strict refusal changes nothing');
  // Spec 4.6: without strict, an action the provider does not support is a no-op.
  t.same((await b.api('POST', `connectors/connections/${bl}/revoke`)).json(), { status: 'ACTIVE', revokedTokens: [] });

  const creds = (
    await b.api('POST', 'connectors/acme/connect', { entityId: 'u', authMethodId: 'acme_api_key', credentials: { api_key: 'k-1' } })
  ).json().connectionId;
  t.same((await b.api('POST', `connectors/connections/${creds}/revoke`)).json(), { status: 'ACTIVE', revokedTokens: [] });
});

t.test('JSON bodies are not coerced: {"strict": 1} is a 400 and revokes nothing', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  for (const [action, body] of [
    ['revoke', { strict: 1 }],
    ['revoke', { strict: 'true' }],
    ['refresh', { strict: 1 }],
  ] as const) {
    const res = await b.api('POST', `connectors/connections/${id}/${action}`, body);
    t.equal(res.statusCode, 400, `${action} ${JSON.stringify(body)}`);
    t.match(res.json(), { code: 'BAD_REQUEST', data: { errors: [{ field: 'body.strict' }] } });
  }
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE', 'still ACTIVE');
  const compat = await b.app.inject({
    method: 'POST',
    url: `/compat/api/v3.1/tools/execute/HUBSPOT_CONTACTS_LIST`,
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ connected_account_id: id, arguments: {}, version: 1 }),
  });
  t.equal(compat.statusCode, 400, 'the compat mount too');
  t.equal((await b.api('GET', 'connectors/connections?limit=1')).statusCode, 200, 'query strings still take numbers as text');
});
