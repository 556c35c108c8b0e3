import t from 'tap';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { Connection } from '../../../src/db/entities/index.js';

// One broker for the file, a tenant per subtest; the failed exchange breaks its sandbox's token
// endpoint, so it has a broker of its own.
const shared = sharedBrokerWithSandboxes(t);

t.test('managed auth config: initiate -> consent -> callback -> ACTIVE (HubSpot, PKCE)', async (t) => {
  const b = await shared.tenant();
  const created = await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  t.equal(created.statusCode, 200, created.body);
  t.same(Object.keys(created.json()).sort(), ['authConfigId', 'authMethodId', 'authMethodKind']);
  t.match(created.json(), { authMethodId: 'hubspot_oauth2', authMethodKind: 'oauth2' });

  const init = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'alice' });
  t.equal(init.statusCode, 200, init.body);
  const { connectionId, redirectUrl } = init.json();
  const authorize = new URL(redirectUrl);
  t.equal(authorize.origin + authorize.pathname, b.hubspot.oauth.authorizeUrl);
  t.equal(authorize.searchParams.get('client_id'), 'broker-managed-hubspot');
  t.equal(authorize.searchParams.get('redirect_uri'), 'http://127.0.0.1:3000/api/v1/connectors/hubspot/callback');
  t.match(authorize.searchParams.get('scope'), /crm\.objects\.contacts\.write/);
  t.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
  t.ok(authorize.searchParams.get('state'));

  const pending = await b.api('GET', `connectors/connections/${connectionId}`);
  t.match(pending.json(), { status: 'INITIATED', entityId: 'alice', providerSlug: 'hubspot', disabled: false });

  const { res } = await b.consent(redirectUrl);
  t.equal(res.statusCode, 200);
  t.match(res.body, /Connected/);
  const read = await b.api('GET', `connectors/connections/${connectionId}`);
  t.same(Object.keys(read.json()).sort(), [
    'alias',
    'authConfigId',
    'authMethodId',
    'authMethodKind',
    'connectionConfig',
    'createdAt',
    'disabled',
    'entityId',
    'health',
    'id',
    'providerSlug',
    'status',
    'statusReason',
    'updatedAt',
  ]);
  t.match(read.json(), {
    id: connectionId,
    connectionConfig: null,
    status: 'ACTIVE',
    statusReason: null,
    authConfigId: created.json().authConfigId,
    authMethodKind: 'oauth2',
    alias: null,
  });
  const exchange = b.hubspot.tokenRequests().at(-1)!;
  t.match(exchange.body, { grant_type: 'authorization_code', client_id: 'broker-managed-hubspot' });
  t.ok((exchange.body as Record<string, string>).code_verifier, 'PKCE verifier sent');
});

t.test('custom auth config with the caller’s own client (Bitly: form-encoded token answer unless JSON asked)', async (t) => {
  const b = await shared.tenant();
  const created = await b.api('POST', 'auth_configs', {
    slug: 'bitly',
    authMethodId: 'bitly_oauth2',
    isManaged: false,
    ...CUSTOM_CLIENTS.bitly,
    name: 'ours',
  });
  t.equal(created.statusCode, 200, created.body);
  const view = await b.api('GET', `auth_configs/${created.json().authConfigId}`);
  t.match(view.json(), { isManaged: false, clientId: CUSTOM_CLIENTS.bitly.clientId, hasClientSecret: true, name: 'ours' });
  t.notMatch(view.body, CUSTOM_CLIENTS.bitly.clientSecret, 'secret never returned');
  const init = await b.api('POST', 'connectors/bitly/initiate', { entityId: 'bob' });
  const url = new URL(init.json().redirectUrl);
  t.equal(url.searchParams.get('client_id'), CUSTOM_CLIENTS.bitly.clientId);
  t.equal(url.searchParams.get('scope'), null, 'Bitly has no scopes');
  t.equal(url.searchParams.get('code_challenge'), null, 'no PKCE for Bitly');
  const { res } = await b.consent(init.json().redirectUrl);
  t.equal(res.statusCode, 200, res.body);
  t.equal((await b.api('GET', `connectors/connections/${init.json().connectionId}`)).json().status, 'ACTIVE');
  const exchange = b.bitly.tokenRequests().at(-1)!;
  t.equal(exchange.headers.accept, 'application/json');
});

t.test('callback redirects to the caller’s redirect URL when given', async (t) => {
  const b = await shared.tenant();
  const init = await b.api('POST', 'connectors/hubspot/initiate', {
    entityId: 'u',
    authMethodId: 'hubspot_oauth2',
    redirectUrl: 'https://app.example.com/done?x=1',
  });
  t.equal(init.statusCode, 200, init.body);
  const { res } = await b.consent(init.json().redirectUrl);
  t.equal(res.statusCode, 302);
  const to = new URL(res.headers.location as string);
  t.equal(to.origin + to.pathname, 'https://app.example.com/done');
  t.equal(to.searchParams.get('status'), 'success');
  t.equal(to.searchParams.get('connectionId'), init.json().connectionId);
  t.equal(to.searchParams.get('x'), '1');
});

t.test('provider denial, tampered, replayed and expired state', async (t) => {
  const b = await shared.tenant();
  // Denied at the provider: FAILED with the provider's reason.
  const denied = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', authMethodId: 'hubspot_oauth2' });
  const d = await b.consent(denied.json().redirectUrl, 'no');
  t.equal(d.res.statusCode, 400);
  t.match(d.res.body, /access_denied/);
  const deniedRead = (await b.api('GET', `connectors/connections/${denied.json().connectionId}`)).json();
  t.equal(deniedRead.status, 'FAILED');
  t.match(deniedRead.statusReason, /access_denied/);

  // Tampered state: nothing changes.
  const init = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u2' });
  const state = new URL(init.json().redirectUrl).searchParams.get('state')!;
  const [body, sig] = state.split('.') as [string, string];
  const forged = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), c: denied.json().connectionId }),
  ).toString('base64url');
  for (const bad of [`${forged}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, 'garbage', '']) {
    const res = await b.app.inject({ url: `/api/v1/connectors/hubspot/callback?code=abc&state=${encodeURIComponent(bad)}` });
    t.equal(res.statusCode, 400, `bad state ${bad.slice(0, 10)} refused`);
    t.match(res.body, /state/i);
  }
  t.equal(
    (await b.api('GET', `connectors/connections/${init.json().connectionId}`)).json().status,
    'INITIATED',
    'untouched by forged states',
  );

  // Completes once; the same callback again is refused and does not break the connection.
  const ok = await b.consent(init.json().redirectUrl);
  t.equal(ok.res.statusCode, 200);
  const replay = await b.app.inject({ url: ok.callbackUrl.pathname + ok.callbackUrl.search });
  t.equal(replay.statusCode, 400);
  t.match(replay.body, /already used/);
  t.equal((await b.api('GET', `connectors/connections/${init.json().connectionId}`)).json().status, 'ACTIVE', 'replay did not break it');

  // A callback on another toolkit's path fails that connection.
  const wrong = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u3' });
  const wrongState = new URL(wrong.json().redirectUrl).searchParams.get('state')!;
  const w = await b.app.inject({ url: `/api/v1/connectors/bitly/callback?code=x&state=${encodeURIComponent(wrongState)}` });
  t.equal(w.statusCode, 400);
  t.equal((await b.api('GET', `connectors/connections/${wrong.json().connectionId}`)).json().status, 'FAILED');

  // Expired state: FAILED with a reason.
  const late = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u4' });
  const lateState = new URL(late.json().redirectUrl).searchParams.get('state')!;
  const payload = JSON.parse(Buffer.from(lateState.split('.')[0]!, 'base64url').toString());
  const expired = b.app.services.state.sign({ ...payload, e: Date.now() - 1000 });
  const e = await b.app.inject({ url: `/api/v1/connectors/hubspot/callback?code=x&state=${encodeURIComponent(expired)}` });
  t.equal(e.statusCode, 400);
  const lateRead = (await b.api('GET', `connectors/connections/${late.json().connectionId}`)).json();
  t.equal(lateRead.status, 'FAILED');
  t.match(lateRead.statusReason, /expired/);
});

t.test('a failed code exchange marks the connection FAILED with the provider code', async (t) => {
  const b = await brokerWithSandboxes(t);
  const init = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', authMethodId: 'hubspot_oauth2' });
  b.hubspot.control.tokenEndpoint('invalid_grant');
  const { res } = await b.consent(init.json().redirectUrl);
  t.equal(res.statusCode, 400);
  const read = (await b.api('GET', `connectors/connections/${init.json().connectionId}`)).json();
  t.equal(read.status, 'FAILED');
  t.match(read.statusReason, /token exchange/);
  const row = await b.app.orm.em.fork().findOneOrFail(Connection, { id: init.json().connectionId });
  t.equal(row.stateNonce, null, 'state consumed');
});
