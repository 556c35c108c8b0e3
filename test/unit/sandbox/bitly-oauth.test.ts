/** Bitly sandbox OAuth: authorize, form vs JSON token answers, errors, no refresh, 401 shape. */
import t from 'tap';
import { startBitlySandbox, DEFAULT_BITLY_CLIENT, type BitlySandbox } from '../../../sandbox/index.js';
import { call } from './helpers.js';

const REDIRECT = 'http://localhost:9/bitly/callback';
const { clientId, clientSecret } = DEFAULT_BITLY_CLIENT;

async function code(bl: BitlySandbox, state = 's1'): Promise<string> {
  const res = await fetch(
    `${bl.oauth.authorizeUrl}?client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=${state}&approve=yes`,
    { redirect: 'manual' },
  );
  const loc = new URL(res.headers.get('location') as string);
  if (loc.searchParams.get('state') !== state) throw new Error('state not passed through');
  return loc.searchParams.get('code') as string;
}

const exchange = (bl: BitlySandbox, fields: Record<string, string>, accept?: string) =>
  call(bl.oauth.tokenUrl, {
    method: 'POST',
    headers: accept ? { accept } : {},
    form: { client_id: clientId, client_secret: clientSecret, redirect_uri: REDIRECT, ...fields },
  });

t.test('endpoints and fixtures', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  t.equal(bl.apiBaseUrl, `${bl.url}/v4`);
  t.equal(bl.oauth.tokenUrl, `${bl.url}/oauth/access_token`);
  t.equal(bl.oauth.revocationUrl, null);
  const page = await fetch(`${bl.oauth.authorizeUrl}?client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}`);
  t.equal(page.status, 200);
  t.match(await page.text(), /value="approve"/);
  const unknown = await fetch(`${bl.oauth.authorizeUrl}?client_id=other&redirect_uri=${encodeURIComponent(REDIRECT)}&approve=yes`, {
    redirect: 'manual',
  });
  t.equal(unknown.status, 400);
  t.equal(unknown.headers.get('location'), null);
});

t.test('token answer is form-encoded by default, JSON with Accept: application/json', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const form = await exchange(bl, { code: await code(bl) });
  t.equal(form.status, 200);
  t.match(form.headers.get('content-type'), /application\/x-www-form-urlencoded/);
  const parsed = new URLSearchParams(form.text);
  t.match(parsed.get('access_token'), /^[0-9a-f]{40}$/);
  t.equal(parsed.get('login'), bl.fixtures.login);

  const json = await exchange(bl, { code: await code(bl), grant_type: 'authorization_code' }, 'application/json');
  t.equal(json.status, 200);
  t.same(Object.keys(json.body).sort(), ['access_token', 'login']);
  t.not(json.body.access_token, parsed.get('access_token'));

  const user = await call(`${bl.apiBaseUrl}/user`, { token: json.body.access_token });
  t.equal(user.status, 200);
  t.equal(user.body.default_group_guid, bl.fixtures.groupGuid);
  t.equal(bl.tokenRequests().length, 2);
});

t.test('errors: bad code, reused code, bad secret, refresh grant, redirect mismatch', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const bad = await exchange(bl, { code: 'nope' }, 'application/json');
  t.equal(bad.status, 400);
  t.match(bad.body, { message: 'INVALID_CODE', description: String, resource: String });
  const c = await code(bl);
  t.equal((await exchange(bl, { code: c })).status, 200);
  t.equal((await exchange(bl, { code: c })).body.message, 'INVALID_CODE', 'single use');
  const secret = await exchange(bl, { code: await code(bl), client_secret: 'wrong' });
  t.equal(secret.status, 401);
  t.equal(secret.body.message, 'INVALID_CLIENT_SECRET');
  const refresh = await exchange(bl, { grant_type: 'refresh_token', refresh_token: 'x' });
  t.equal(refresh.status, 400);
  t.equal(refresh.body.message, 'INVALID_GRANT_TYPE');
  const mismatch = await exchange(bl, { code: await code(bl), redirect_uri: 'http://localhost:9/elsewhere' });
  t.equal(mismatch.body.message, 'INVALID_REDIRECT_URI');
});

t.test('tokens never expire on their own; missing, unknown, expired and revoked tokens get 401', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const token = bl.control.issueToken().access_token;
  t.equal((await call(`${bl.apiBaseUrl}/user`, { token })).status, 200);
  const missing = await call(`${bl.apiBaseUrl}/user`);
  t.equal(missing.status, 401);
  t.match(missing.body, { message: 'UNAUTHORIZED', description: String, resource: 'user' });
  t.equal((await call(`${bl.apiBaseUrl}/groups`, { token: 'f'.repeat(40) })).status, 401);
  bl.control.expireAccessTokens();
  const expired = await call(`${bl.apiBaseUrl}/user`, { token });
  t.equal(expired.status, 401);
  t.match(expired.body.description, /expired/);
  const fresh = bl.control.issueToken().access_token;
  t.equal((await call(`${bl.apiBaseUrl}/user`, { token: fresh })).status, 200, 'tokens minted later work');
  bl.control.revokeAll();
  t.equal((await call(`${bl.apiBaseUrl}/user`, { token: fresh })).status, 401);
});
