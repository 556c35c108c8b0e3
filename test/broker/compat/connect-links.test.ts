/**
 * Hosted connect links: POST /connected_accounts/link on the compat mount, and the public page at
 * /connect/:token (OAuth redirect, or a credential form). Signed, expiring, single use.
 */
import t, { type Test } from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { createLinkTokenSigner } from '../../../src/connections/link-token.js';
import { assertMounted, COMPAT } from './helpers.js';

async function linkBroker(t: Parameters<typeof brokerWithSandboxes>[0]) {
  const b = await brokerWithSandboxes(t);
  assertMounted(b.app);
  const compat = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    b.app.inject({
      method,
      url: `${COMPAT}${path}`,
      headers: { 'x-api-key': b.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const page = (token: string, form?: Record<string, string>) =>
    b.app.inject({
      method: form ? 'POST' : 'GET',
      url: `/connect/${token}`,
      ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() } : {}),
    });
  const authConfig = async (body: unknown) => (await compat('POST', '/auth_configs', body)).json().auth_config.id as string;
  return { ...b, compat, page, authConfig };
}

function assertPageHeaders(t: Test, res: { headers: Record<string, unknown> }) {
  t.equal(res.headers['cache-control'], 'no-store');
  t.match(res.headers['content-security-policy'], /default-src 'none'.*form-action 'self'/);
  t.equal(res.headers['referrer-policy'], 'same-origin', 'no referrer to other origins; our own form post keeps its Origin');
}

t.test('an OAuth link redirects to the provider once, then completes through the callback', async (t) => {
  const b = await linkBroker(t);
  const ac = await b.authConfig({ toolkit: { slug: 'hubspot' } });
  const before = Date.now();
  const res = await b.compat('POST', '/connected_accounts/link', {
    auth_config_id: ac,
    user_id: 'u1',
    callback_url: 'https://app.example/back',
  });
  t.equal(res.statusCode, 201, res.body);
  const link = res.json();
  t.match(link, { link_token: String, redirect_url: `http://127.0.0.1:3000/connect/${link.link_token}`, connected_account_id: /^ca_/ });
  const ttl = Date.parse(link.expires_at) - before;
  t.ok(ttl > 9 * 60_000 && ttl <= 10 * 60_000 + 5_000, `expires with the OAuth state (${ttl} ms)`);
  t.match((await b.compat('GET', `/connected_accounts/${link.connected_account_id}`)).json(), { status: 'INITIATED', user_id: 'u1' });

  // Opening shows the page (a GET never uses the link); the user's continue (a POST) does.
  const shown = await b.page(link.link_token);
  t.equal(shown.statusCode, 200);
  assertPageHeaders(t, shown);
  const [first, second] = await Promise.all([b.page(link.link_token, {}), b.page(link.link_token, {})]);
  const codes = [first.statusCode, second.statusCode].sort();
  t.same(codes, [303, 410], 'of two concurrent continues exactly one is let through');
  const opened = first.statusCode === 303 ? first : second;
  assertPageHeaders(t, opened);
  const authorize = new URL(opened.headers.location as string);
  t.equal(authorize.origin, new URL(b.hubspot.oauth.authorizeUrl).origin, 'to the provider');
  const { res: callback } = await b.consent(authorize.toString(), 'yes', opened);
  t.equal(callback.statusCode, 302);
  t.match(callback.headers.location, /^https:\/\/app\.example\/back\?status=success&connectionId=ca_/);
  t.match((await b.compat('GET', `/connected_accounts/${link.connected_account_id}`)).json(), { status: 'ACTIVE' });

  const used = await b.page(link.link_token);
  t.equal(used.statusCode, 410);
  t.match(used.headers['content-type'], /text\/html/);
  t.match(used.body, /Your HubSpot account is connected/, 'reopened after connecting: says it worked');
  t.notMatch(used.body, /new link/);
  assertPageHeaders(t, used);
});

t.test('a credential link shows a form from the credential schema and completes once', async (t) => {
  const b = await linkBroker(t);
  const ac = await b.authConfig({
    toolkit: { slug: 'acme' },
    auth_config: { type: 'use_custom_auth', authScheme: 'BASIC', credentials: {} },
  });
  const link = (await b.compat('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'u2' })).json();
  const ttl = Date.parse(link.expires_at) - Date.now();
  t.ok(ttl > 14 * 60_000 && ttl <= 15 * 60_000, 'forms stay open 15 minutes');
  t.equal((await b.api('GET', `connectors/connections/${link.connected_account_id}`)).json().status, 'PENDING');

  const form = await b.page(link.link_token);
  t.equal(form.statusCode, 200);
  assertPageHeaders(t, form);
  t.match(form.headers['x-frame-options'], 'DENY');
  t.match(form.body, /<form method="post"/);
  t.match(form.body, /name="username" type="text"/);
  t.match(form.body, /name="password" type="password"/);
  t.match(form.body, /Acme login\./, 'descriptions from the schema');
  t.notMatch(form.body, /<script/i);
  t.equal((await b.page(link.link_token)).statusCode, 200, 'viewing the form does not use the link');

  const bad = await b.page(link.link_token, { username: 'me', password: '' });
  t.equal(bad.statusCode, 400);
  t.match(bad.body, /class="error"/);
  t.match(bad.body, /password/);
  t.equal(
    (await b.api('GET', `connectors/connections/${link.connected_account_id}`)).json().status,
    'PENDING',
    'a refused form leaves the connection waiting',
  );

  const done = await b.page(link.link_token, { username: 'me', password: 'pw-<script>-123' });
  t.equal(done.statusCode, 200, done.body);
  t.match(done.body, /Connected/);
  t.notMatch(done.body, /pw-/);
  t.match((await b.compat('GET', `/connected_accounts/${link.connected_account_id}`)).json(), {
    status: 'ACTIVE',
    state: { authScheme: 'BASIC' },
  });
  const again = await b.page(link.link_token, { username: 'evil', password: 'replaced' });
  t.equal(again.statusCode, 410, 'a used form link cannot overwrite the credentials');
  t.equal((await b.page(link.link_token)).statusCode, 410);
});

t.test('a credential link with callback_url redirects there when done', async (t) => {
  const b = await linkBroker(t);
  const ac = await b.authConfig({
    toolkit: { slug: 'acme' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const link = (
    await b.compat('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'u3', callback_url: 'https://app.example/ok?x=1' })
  ).json();
  const form = await b.page(link.link_token);
  t.match(
    form.headers['content-security-policy'],
    /form-action 'self' https:\/\/app\.example;/,
    'the post may redirect to the callback origin',
  );
  const done = await b.page(link.link_token, { api_key: 'acme-key-abcdef' });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, `https://app.example/ok?x=1&status=success&connectionId=${link.connected_account_id}`);
});

t.test('tampered, foreign and expired tokens are refused', async (t) => {
  const b = await linkBroker(t);
  const ac = await b.authConfig({
    toolkit: { slug: 'acme' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const link = (await b.compat('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'u4' })).json();
  const token: string = link.link_token;
  const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
  t.equal((await b.page(flipped)).statusCode, 404, 'bad signature');
  t.equal((await b.page('not-a-token')).statusCode, 404);
  const otherKey = createLinkTokenSigner('another-secret-another-secret-another').sign({
    connectionId: link.connected_account_id,
    expiresAt: Date.now() + 60_000,
  });
  t.equal((await b.page(otherKey)).statusCode, 404, 'signed with another key');
  const expired = createLinkTokenSigner(b.config.sessionSecret).sign({
    connectionId: link.connected_account_id,
    expiresAt: Date.now() - 1000,
  });
  const res = await b.page(expired);
  t.equal(res.statusCode, 410);
  t.match(res.body, /expired/);
  const renewed = createLinkTokenSigner(b.config.sessionSecret).sign({
    connectionId: link.connected_account_id,
    expiresAt: Date.now() + 60_000,
  });
  t.equal((await b.page(renewed)).statusCode, 404, 'a re-signed expiry does not match the link');
  t.equal((await b.page(token)).statusCode, 200, 'the real token still works');
});

t.test('link creation refuses unknown auth configs and bad callbacks with the compat body', async (t) => {
  const b = await linkBroker(t);
  const unknown = await b.compat('POST', '/connected_accounts/link', { auth_config_id: 'ac_nope', user_id: 'u' });
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json(), { error: { status: 404, code: 404 } });
  const ac = await b.authConfig({ toolkit: { slug: 'hubspot' } });
  const bad = await b.compat('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'u', callback_url: 'javascript:alert(1)' });
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { error: { status: 400, errors: [/callback_url/] } });
});
