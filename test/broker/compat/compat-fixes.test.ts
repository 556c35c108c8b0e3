/**
 * Compat-mount fixes of issue 11: tool items always carry `toolkit.logo` as a string; refreshing an
 * account that needs re-authorization re-initiates it in place (same id, new authorize URL, old
 * links refused); `custom_auth_params` runs a tool with the caller's own credentials; `binary_body`
 * sends raw bytes through the proxy.
 */
import t from 'tap';
import { MANAGED_CLIENTS } from '../../../sandbox/broker-env.js';
import { listeningBroker } from './helpers.js';

type Broker = Awaited<ReturnType<typeof listeningBroker>>;

const isLogo = (v: unknown) => typeof v === 'string' && /^(https:\/\/|data:image\/svg\+xml;base64,)/.test(v);

t.test('tool items carry toolkit.logo as a string, always', async (t) => {
  const b = await listeningBroker(t);
  const tool = (await b.compat('GET', '/tools/HUBSPOT_DEALS_SEARCH')).json();
  t.equal(tool.toolkit.logo, 'https://www.hubspot.com/favicon.ico', 'the sample toolkit ships its logo');
  t.equal(tool.deprecated.toolkit.logo, tool.toolkit.logo);
  t.equal((await b.compat('GET', '/tools/BITLY_CREATE_SHORTLINK')).json().toolkit.logo, 'https://bitly.com/favicon.ico');

  // A toolkit without a logo (the fixture `acme`) gets a generated monogram, never '' or null.
  const acme = (await b.compat('GET', '/tools/ACME_GET_ME')).json();
  t.match(acme.toolkit.logo, /^data:image\/svg\+xml;base64,/);
  t.match(Buffer.from(acme.toolkit.logo.split(',')[1], 'base64').toString(), />A<\/text>/, 'the initial of "Acme Widgets"');

  const all = (await b.compat('GET', '/tools?limit=1000')).json().items as { slug: string; toolkit: { logo: unknown } }[];
  t.ok(all.length > 100);
  t.same(
    all.filter((i) => !isLogo(i.toolkit.logo)).map((i) => i.slug),
    [],
    'every listed tool has a logo string',
  );
  const toolkits = (await b.compat('GET', '/toolkits')).json().items as { slug: string; meta: { logo: unknown } }[];
  t.same(
    toolkits.filter((k) => !isLogo(k.meta.logo)).map((k) => k.slug),
    [],
    'toolkit meta too',
  );
  const ac = (await b.compat('POST', '/auth_configs', { toolkit: { slug: 'acme' } })).json().auth_config.id;
  t.ok(isLogo((await b.compat('GET', `/auth_configs/${ac}`)).json().toolkit.logo), 'auth config toolkit logo is not empty');
});

/** An ACTIVE HubSpot account whose refresh token the provider now refuses (refresh -> EXPIRED). */
async function refusedHubspot(b: Broker) {
  const init = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'alice' })).json();
  await b.consent(init.redirectUrl);
  b.hubspot.control.tokenEndpoint('invalid_grant');
  return { id: init.connectionId as string, firstLink: init.redirectUrl as string };
}

t.test('refreshing an account that needs re-authorization re-initiates it in place', async (t) => {
  const b = await listeningBroker(t);
  const { id, firstLink } = await refusedHubspot(b);

  const refreshed = await b.compat(
    'POST',
    `/connected_accounts/${id}/refresh?redirect_url=${encodeURIComponent('https://app.example/done')}`,
  );
  t.equal(refreshed.statusCode, 200);
  const first = refreshed.json();
  t.match(first, { id, status: 'INITIATED', redirect_url: String }, 'the same account id, with an authorize URL');
  const url = new URL(first.redirect_url);
  t.equal(url.searchParams.get('client_id'), MANAGED_CLIENTS.hubspot.clientId, 'the account’s own auth config');
  t.ok(url.searchParams.get('code_challenge'), 'a new PKCE challenge');
  t.match((await b.compat('GET', `/connected_accounts/${id}`)).json(), { id, status: 'INITIATED', status_reason: /authorize again/ });
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'INITIATED', 'natively too');

  b.hubspot.control.tokenEndpoint('ok');
  // The user declines: the attempt fails, and a second refresh gives a second link.
  t.equal((await b.consent(first.redirect_url, 'no')).res.statusCode, 302);
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'FAILED');
  const second = (await b.compat('POST', `/connected_accounts/${id}/refresh`, { redirect_url: 'https://app.example/again' })).json();
  t.match(second, { id, status: 'INITIATED', redirect_url: String });
  t.not(new URL(second.redirect_url).searchParams.get('state'), url.searchParams.get('state'), 'a new state');

  // Old links (the original initiate, the first re-authorization) are refused and change nothing.
  for (const old of [firstLink, first.redirect_url]) {
    const replay = await b.consent(old);
    t.equal(replay.res.statusCode, 400, 'an old state is refused');
    t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'INITIATED', 'the pending attempt is untouched');
  }

  const done = await b.consent(second.redirect_url);
  t.equal(done.res.statusCode, 302);
  t.match(done.res.headers.location, /^https:\/\/app\.example\/again\?.*status=success/, 'the callback goes to the refresh redirect_url');
  t.match((await b.compat('GET', `/connected_accounts/${id}`)).json(), { id, status: 'ACTIVE', status_reason: null });
  const run = await b.compat('POST', '/tools/execute/HUBSPOT_CONTACTS_LIST', { connected_account_id: id, arguments: { limit: 1 } });
  t.match(run.json(), { successful: true, error: null });
  t.equal(
    (await b.compat('POST', `/connected_accounts/${id}/refresh`)).json().redirect_url,
    null,
    'an ACTIVE account refreshes without a redirect',
  );
});

t.test('refresh: only EXPIRED or FAILED OAuth accounts are re-initiated', async (t) => {
  const b = await listeningBroker(t);
  const { id } = await refusedHubspot(b);
  t.equal(
    (await b.compat('POST', `/connected_accounts/${id}/refresh?redirect_url=javascript:alert(1)`)).statusCode,
    400,
    'redirect_url must be http(s)',
  );
  await b.api('POST', `connectors/connections/${id}/revoke`, {});
  const revoked = (await b.api('GET', `connectors/connections/${id}`)).json().status;
  const afterRevoke = (await b.compat('POST', `/connected_accounts/${id}/refresh`)).json();
  t.equal(afterRevoke.redirect_url, null, `a ${revoked} account is not re-initiated`);

  const key = await b.api('POST', 'connectors/acme/connect', {
    entityId: 'alice',
    authMethodId: 'acme_api_key',
    credentials: { api_key: 'k-123' },
  });
  t.equal(key.statusCode, 200, key.body);
  const acme = (await b.compat('POST', `/connected_accounts/${key.json().connectionId}/refresh`)).json();
  t.match(acme, { status: 'ACTIVE', redirect_url: null }, 'a credential account has nothing to re-authorize');
});

t.test('custom_auth_params: the caller’s own credentials, for this call only', async (t) => {
  const b = await listeningBroker(t);
  const token = b.hubspot.control.issueToken().access_token;
  const exec = (custom: unknown, extra: Record<string, unknown> = {}) =>
    b.compat('POST', '/tools/execute/HUBSPOT_CONTACTS_LIST', {
      user_id: 'nobody',
      arguments: { limit: 2 },
      custom_auth_params: custom,
      ...extra,
    });

  const ok = await exec({
    parameters: [
      { in: 'header', name: 'Authorization', value: `Bearer ${token}` },
      { in: 'query', name: 'trace', value: 42 },
    ],
  });
  t.equal(ok.statusCode, 200, ok.body);
  t.match(ok.json(), { successful: true, error: null, data: { results: Array } }, 'no connected account needed');
  const sent = b.hubspot.requests.at(-1)!;
  t.equal(sent.bearer, token);
  t.match(sent.query, { limit: '2', trace: '42' });
  t.notMatch(ok.body, token, 'the credential is not echoed');
  t.same((await b.compat('GET', '/connected_accounts')).json().items, [], 'nothing stored');

  const wrong = await exec({ parameters: [{ in: 'header', name: 'Authorization', value: 'Bearer nope' }] });
  t.match(wrong.json(), { successful: false, error: /HTTP 401/ }, 'a bad caller credential is the provider’s answer');

  const before = b.hubspot.requests.length;
  const refused = [
    [{ base_url: 'https://attacker.example', parameters: [] }, /allowed hosts/],
    [{ base_url: 'http://169.254.169.254/latest', parameters: [] }, /allowed hosts|private/],
    [{ parameters: [{ in: 'header', name: 'Host', value: 'x' }] }, /host header/],
    [{ parameters: [{ in: 'header', name: 'X-A', value: 'a\r\nX-B: b' }] }, /CR, LF/],
    [{ parameters: [{ in: 'path', name: 'id', value: '1' }] }, /header or query/],
    [{ parameters: [], body: { token: 'x' } }, /without a body/],
  ] as const;
  for (const [custom, message] of refused) {
    const res = await exec(custom);
    t.equal(res.statusCode, 400, JSON.stringify(custom));
    t.match(res.json().error.message, message);
  }
  t.equal(b.hubspot.requests.length, before, 'no refused call reached the provider');

  const rebased = await exec({ base_url: b.hubspot.url, parameters: [{ in: 'header', name: 'Authorization', value: `Bearer ${token}` }] });
  t.match(rebased.json(), { successful: true }, 'base_url on the toolkit’s own host is allowed');
  t.equal(
    (await exec(undefined, { custom_connection_data: { authScheme: 'OAUTH2' } })).statusCode,
    501,
    'custom_connection_data stays 501',
  );
});

t.test('binary_body: raw bytes through the proxy', async (t) => {
  const b = await listeningBroker(t);
  const id = await b.connectOAuth('bitly', 'alice');
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
  const proxy = (extra: Record<string, unknown>) =>
    b.compat('POST', '/tools/execute/proxy', { connected_account_id: id, endpoint: '/bitlinks', method: 'POST', ...extra });

  const res = await proxy({ binary_body: { base64: bytes.toString('base64'), content_type: 'image/png' } });
  t.equal(res.statusCode, 200, res.body);
  const got = b.bitly.requests.at(-1)!;
  t.equal(got.path, '/v4/bitlinks');
  t.equal(got.headers['content-type'], 'image/png');
  t.equal(got.headers['content-length'], String(bytes.length), 'the decoded bytes, not JSON or base64 text');
  t.equal(got.body, bytes.toString('utf8'));
  t.match(got.bearer, /.+/, 'the connection’s token was injected');

  await proxy({
    binary_body: { base64: Buffer.from('hello').toString('base64') },
    parameters: [{ name: 'Content-Type', value: 'text/plain', type: 'header' }],
  });
  t.equal(b.bitly.requests.at(-1)!.headers['content-type'], 'application/octet-stream', 'binary_body decides the content type');
  t.equal(b.bitly.requests.at(-1)!.body, 'hello');

  const before = b.bitly.requests.length;
  const refused = [
    [{ binary_body: { url: 'http://169.254.169.254/latest/meta-data' } }, /base64/],
    [{ binary_body: { base64: 'not base64!' } }, /not valid base64/],
    [{ binary_body: { base64: 'aGk=', content_type: 'image/png\r\nX-Evil: 1' } }, /media type/],
    [{ binary_body: { base64: 'aGk=' }, body: { a: 1 } }, /not both/],
    [{ binary_body: { base64: 'aGk=' }, method: 'GET' }, /carries no body/],
  ] as const;
  for (const [extra, message] of refused) {
    const r = await proxy(extra);
    t.equal(r.statusCode, 400, JSON.stringify(extra));
    t.match(r.json().error.message, message);
  }
  t.equal(b.bitly.requests.length, before, 'nothing refused reached the provider');
});
