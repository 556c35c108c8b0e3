/** HubSpot sandbox OAuth: consent page, code flow with PKCE, refresh, expiry, revocation, scopes. */
import { createHash, randomBytes } from 'node:crypto';
import t from 'tap';
import { startHubspotSandbox, DEFAULT_HUBSPOT_CLIENT, type HubspotSandbox } from '../../../sandbox/index.js';
import { call } from './helpers.js';
import { manualClock } from '../../helpers/clock.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const { clientId, clientSecret } = DEFAULT_HUBSPOT_CLIENT;

function authorizeUrl(hs: HubspotSandbox, extra: Record<string, string>): string {
  const q = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'crm.objects.contacts.read crm.objects.contacts.write',
    state: 'st-123',
    ...extra,
  });
  return `${hs.oauth.authorizeUrl}?${q}`;
}

async function codeFor(hs: HubspotSandbox, extra: Record<string, string> = {}): Promise<URL> {
  const res = await fetch(authorizeUrl(hs, { approve: 'yes', ...extra }), { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}`);
  return new URL(res.headers.get('location') as string);
}

function tokenForm(fields: Record<string, string>) {
  return { method: 'POST', form: { client_id: clientId, client_secret: clientSecret, ...fields } };
}

t.test('consent page, approve and deny through the form', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const page = await fetch(authorizeUrl(hs, {}));
  t.equal(page.status, 200);
  t.match(page.headers.get('content-type'), /text\/html/);
  const html = await page.text();
  t.match(html, /<form method="post" action="\/oauth\/authorize">/);
  t.match(html, /name="decision" value="approve"/);
  t.match(html, /name="decision" value="deny"/);
  t.match(html, /crm\.objects\.contacts\.read/);

  const form = { client_id: clientId, redirect_uri: REDIRECT, scope: 'crm.objects.contacts.read', state: 'abc' };
  const approved = await call(hs.oauth.authorizeUrl, { method: 'POST', form: { ...form, decision: 'approve' } });
  t.equal(approved.status, 302);
  const loc = new URL(approved.headers.get('location') as string);
  t.equal(`${loc.origin}${loc.pathname}`, REDIRECT);
  t.equal(loc.searchParams.get('state'), 'abc');
  t.ok((loc.searchParams.get('code') ?? '').length > 20, 'code issued');

  const denied = await call(hs.oauth.authorizeUrl, { method: 'POST', form: { ...form, decision: 'deny' } });
  t.equal(denied.status, 302);
  const dl = new URL(denied.headers.get('location') as string);
  t.equal(dl.searchParams.get('error'), 'access_denied');
  t.ok(dl.searchParams.get('error_description'));
  t.equal(dl.searchParams.get('state'), 'abc');
  t.notOk(dl.searchParams.get('code'));

  const quickDeny = await fetch(authorizeUrl(hs, { approve: 'no' }), { redirect: 'manual' });
  t.equal(new URL(quickDeny.headers.get('location') as string).searchParams.get('error'), 'access_denied');
});

t.test('unknown client and missing redirect_uri: HTML error page, no redirect', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const unknown = await fetch(`${hs.oauth.authorizeUrl}?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT)}&approve=yes`, {
    redirect: 'manual',
  });
  t.equal(unknown.status, 400);
  t.equal(unknown.headers.get('location'), null);
  t.match(await unknown.text(), /Unknown client_id/);
  const noRedirect = await fetch(`${hs.oauth.authorizeUrl}?client_id=${clientId}&approve=yes`, { redirect: 'manual' });
  t.equal(noRedirect.status, 400);
  t.equal(noRedirect.headers.get('location'), null);
  const badType = await fetch(authorizeUrl(hs, { approve: 'yes', response_type: 'token' }), { redirect: 'manual' });
  t.equal(new URL(badType.headers.get('location') as string).searchParams.get('error'), 'unsupported_response_type');
});

t.test('code flow with PKCE S256, refresh keeps the refresh token, tokens are long and random', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const code = (await codeFor(hs, { code_challenge: challenge, code_challenge_method: 'S256' })).searchParams.get('code') as string;

  const wrong = await call(
    hs.oauth.tokenUrl,
    tokenForm({ grant_type: 'authorization_code', redirect_uri: REDIRECT, code, code_verifier: 'not-the-verifier' }),
  );
  t.equal(wrong.status, 400);
  t.equal(wrong.body.status, 'BAD_AUTH_CODE');
  t.equal(wrong.body.error, 'invalid_grant');
  t.ok(wrong.body.correlationId);
  t.ok(wrong.body.error_description);

  const code2 = (await codeFor(hs, { code_challenge: challenge, code_challenge_method: 'S256' })).searchParams.get('code') as string;
  const ok = await call(
    hs.oauth.tokenUrl,
    tokenForm({ grant_type: 'authorization_code', redirect_uri: REDIRECT, code: code2, code_verifier: verifier }),
  );
  t.equal(ok.status, 200);
  t.match(ok.body, { token_type: 'bearer', expires_in: 1800, hub_id: hs.fixtures.hubId, user_id: hs.fixtures.userId });
  t.same(ok.body.scopes, ['crm.objects.contacts.read', 'crm.objects.contacts.write']);
  t.ok(ok.body.access_token.length >= 64, 'long access token');
  t.ok(ok.body.refresh_token.length >= 32, 'long refresh token');

  const reuse = await call(
    hs.oauth.tokenUrl,
    tokenForm({ grant_type: 'authorization_code', redirect_uri: REDIRECT, code: code2, code_verifier: verifier }),
  );
  t.equal(reuse.status, 400, 'codes are single-use');
  t.equal(reuse.body.status, 'BAD_AUTH_CODE');

  const refreshed = await call(hs.oauth.tokenUrl, tokenForm({ grant_type: 'refresh_token', refresh_token: ok.body.refresh_token }));
  t.equal(refreshed.status, 200);
  t.not(refreshed.body.access_token, ok.body.access_token, 'new access token');
  t.equal(refreshed.body.refresh_token, ok.body.refresh_token, 'same refresh token');
  t.equal(hs.tokenRequests().length, 4);
  t.ok(hs.tokenRequests().every((r) => r.path === '/oauth/v1/token' && r.method === 'POST'));
  t.equal((hs.tokenRequests()[3].body as Record<string, string>).grant_type, 'refresh_token');

  const contacts = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: refreshed.body.access_token });
  t.equal(contacts.status, 200);

  const v3 = await call(`${hs.url}/oauth/v3/token`, tokenForm({ grant_type: 'refresh_token', refresh_token: ok.body.refresh_token }));
  t.equal(v3.status, 200, 'v3 token endpoint works the same');
});

t.test('PKCE plain, redirect_uri mismatch, bad client, bad grant, Basic client auth', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const plain = (
    await codeFor(hs, { code_challenge: 'plain-verifier-value-1234567890-abcdefghijk', code_challenge_method: 'plain' })
  ).searchParams.get('code') as string;
  const okPlain = await call(
    hs.oauth.tokenUrl,
    tokenForm({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code: plain,
      code_verifier: 'plain-verifier-value-1234567890-abcdefghijk',
    }),
  );
  t.equal(okPlain.status, 200);

  const code = (await codeFor(hs)).searchParams.get('code') as string;
  const mismatch = await call(
    hs.oauth.tokenUrl,
    tokenForm({ grant_type: 'authorization_code', redirect_uri: 'http://127.0.0.1:9/other', code }),
  );
  t.equal(mismatch.status, 400);
  t.equal(mismatch.body.status, 'BAD_REDIRECT_URI');

  const badSecret = await call(hs.oauth.tokenUrl, {
    method: 'POST',
    form: { grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId, client_secret: 'wrong' },
  });
  t.equal(badSecret.body.status, 'BAD_CLIENT_SECRET');
  const badClient = await call(hs.oauth.tokenUrl, {
    method: 'POST',
    form: { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'nope', client_secret: 'x' },
  });
  t.equal(badClient.body.status, 'BAD_CLIENT_ID');
  const badRefresh = await call(hs.oauth.tokenUrl, tokenForm({ grant_type: 'refresh_token', refresh_token: 'na1-unknown' }));
  t.equal(badRefresh.status, 400);
  t.match(badRefresh.body, { status: 'BAD_REFRESH_TOKEN', error: 'invalid_grant' });
  const badGrant = await call(hs.oauth.tokenUrl, tokenForm({ grant_type: 'password' }));
  t.equal(badGrant.body.status, 'BAD_GRANT_TYPE');
  const json = await call(hs.oauth.tokenUrl, { method: 'POST', body: { grant_type: 'refresh_token' } });
  t.equal(json.status, 400, 'JSON bodies are not accepted');

  const code3 = (await codeFor(hs)).searchParams.get('code') as string;
  const basic = await call(hs.oauth.tokenUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    form: { grant_type: 'authorization_code', redirect_uri: REDIRECT, code: code3 },
  });
  t.equal(basic.status, 200, 'client credentials in HTTP Basic');
});

t.test('expiry (TTL and expireAccessTokens), refresh after expiry, revocation, token info', async (t) => {
  const clock = manualClock();
  const hs = await startHubspotSandbox({ accessTokenTtlSeconds: 1, clock });
  t.teardown(() => hs.close());
  const code = (await codeFor(hs)).searchParams.get('code') as string;
  const tok = (await call(hs.oauth.tokenUrl, tokenForm({ grant_type: 'authorization_code', redirect_uri: REDIRECT, code }))).body;
  t.equal(tok.expires_in, 1);
  const info = await call(`${hs.url}/oauth/v1/access-tokens/${tok.access_token}`);
  t.match(info.body, { token: tok.access_token, hub_id: hs.fixtures.hubId, scopes: tok.scopes, token_type: 'access' });
  const rinfo = await call(`${hs.url}/oauth/v1/refresh-tokens/${tok.refresh_token}`);
  t.match(rinfo.body, { token: tok.refresh_token, client_id: clientId });

  clock.advance(999);
  t.equal(
    (await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: tok.access_token })).status,
    200,
    'valid until its last millisecond',
  );
  clock.advance(1);
  const expired = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: tok.access_token });
  t.equal(expired.status, 401);
  t.equal(expired.body.status, 'error');
  t.equal(expired.body.category, 'INVALID_AUTHENTICATION');
  t.match(expired.body.message, /expired/);
  t.ok(expired.body.correlationId);

  const again = (await call(hs.oauth.tokenUrl, tokenForm({ grant_type: 'refresh_token', refresh_token: tok.refresh_token }))).body;
  t.equal((await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: again.access_token })).status, 200);

  const long = hs.control.issueToken({ expiresInSeconds: 3600 });
  t.equal((await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: long.access_token })).status, 200);
  hs.control.expireAccessTokens();
  const forced = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: long.access_token });
  t.equal(forced.status, 401);
  t.match(forced.body.message, /expired/);

  const fresh = (await call(hs.oauth.tokenUrl, tokenForm({ grant_type: 'refresh_token', refresh_token: long.refresh_token as string })))
    .body;
  t.equal(
    (await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: fresh.access_token })).status,
    200,
    'a refresh after expiry works',
  );
  const revoke = await call(hs.oauth.revocationUrl!.replace('{token}', long.refresh_token as string), { method: 'DELETE' });
  t.equal(revoke.status, 204);
  t.equal(
    (await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: fresh.access_token })).status,
    401,
    'revocation kills access tokens from it',
  );
  const afterRevoke = await call(
    hs.oauth.tokenUrl,
    tokenForm({ grant_type: 'refresh_token', refresh_token: long.refresh_token as string }),
  );
  t.equal(afterRevoke.body.status, 'BAD_REFRESH_TOKEN');

  const unknown = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: 'CNnot-a-real-token' });
  t.equal(unknown.status, 401);
  t.match(unknown.body.message, /expired/);
  const missing = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`);
  t.equal(missing.status, 401);
  t.equal(missing.body.category, 'INVALID_AUTHENTICATION');
  t.ok(
    hs.requests.some((r) => r.bearer === 'CNnot-a-real-token'),
    'rejected requests are recorded',
  );
});

t.test('scopes: a token without the object scope gets 403 MISSING_SCOPES', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const readOnly = hs.control.issueToken({ scopes: ['crm.objects.contacts.read'] }).access_token;
  t.equal((await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token: readOnly })).status, 200);
  const write = await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, {
    method: 'POST',
    token: readOnly,
    body: { properties: { email: 'x@example.com' } },
  });
  t.equal(write.status, 403);
  t.equal(write.body.category, 'MISSING_SCOPES');
  t.same(write.body.errors[0].context.requiredGranularScopes, ['crm.objects.contacts.write']);
  const deals = await call(`${hs.apiBaseUrl}/crm/v3/objects/deals/search`, { method: 'POST', token: readOnly, body: {} });
  t.equal(deals.status, 403);
  t.same(deals.body.errors[0].context.requiredGranularScopes, ['crm.objects.deals.read']);
});
