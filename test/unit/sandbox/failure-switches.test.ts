/** Failure switches of both sandboxes, request recording, reset, and the /__sandbox HTTP controls. */
import t from 'tap';
import { startBitlySandbox, startHubspotSandbox, startSandboxes } from '../../../sandbox/index.js';
import { call } from './helpers.js';

t.test('latencyMs delays API answers (timeouts can be tested)', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  hs.control.latencyMs(400);
  const timedOut = await fetch(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(100),
  }).then(
    () => false,
    (err: Error) => err.name === 'TimeoutError',
  );
  t.ok(timedOut, 'client timeout fires first');
  const started = Date.now();
  t.equal((await call(`${hs.apiBaseUrl}/crm/v3/objects/contacts`, { token })).status, 200);
  t.ok(Date.now() - started >= 380, 'answer delayed');
  hs.control.latencyMs(0);
});

t.test('failNext and rateLimit: HubSpot shapes, Retry-After, counts', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  const get = () => call(`${hs.apiBaseUrl}/crm/v3/objects/companies`, { token });
  hs.control.failNext(503, 2);
  const a = await get();
  t.equal(a.status, 503);
  t.match(a.body, { status: 'error', message: String, correlationId: String, category: String });
  t.equal((await get()).status, 503);
  t.equal((await get()).status, 200, 'only the next 2');
  hs.control.failNext(500, 1, { custom: true });
  t.same((await get()).body, { custom: true }, 'custom body');
  hs.control.rateLimit(1, 7);
  const limited = await get();
  t.equal(limited.status, 429);
  t.equal(limited.headers.get('retry-after'), '7');
  t.equal(limited.body.category, 'RATE_LIMITS');
  hs.control.rateLimit(1);
  t.equal((await get()).headers.get('retry-after'), null, 'no Retry-After unless set');
  t.equal((await get()).status, 200);
});

t.test('failNext and rateLimit: Bitly shapes, never Retry-After', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const token = bl.control.issueToken().access_token;
  const get = () => call(`${bl.apiBaseUrl}/groups`, { token });
  bl.control.failNext(500);
  t.match((await get()).body, { message: 'INTERNAL_ERROR', description: String, resource: 'groups' });
  bl.control.rateLimit(2, 30);
  const limited = await get();
  t.equal(limited.status, 429);
  t.equal(limited.headers.get('retry-after'), null);
  t.same(Object.keys(limited.body).sort(), ['description', 'message', 'resource']);
  t.equal(limited.body.message, 'RATE_LIMIT_EXCEEDED');
  t.equal((await get()).status, 429);
  t.equal((await get()).status, 200);
});

t.test('tokenEndpoint modes: fail, invalid_grant, stall, ok', async (t) => {
  const hs = await startHubspotSandbox();
  t.teardown(() => hs.close());
  const { refresh_token } = hs.control.issueToken();
  const refresh = (signal?: AbortSignal) =>
    fetch(hs.oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refresh_token as string,
        client_id: hs.clients[0].clientId,
        client_secret: hs.clients[0].clientSecret,
      }),
      signal,
    });
  hs.control.tokenEndpoint('fail');
  t.equal((await refresh()).status, 500);
  hs.control.tokenEndpoint('invalid_grant');
  const ig = await refresh();
  t.equal(ig.status, 400);
  t.match(await ig.json(), { status: 'BAD_REFRESH_TOKEN', error: 'invalid_grant' });
  hs.control.tokenEndpoint('stall');
  const stalled = await refresh(AbortSignal.timeout(150)).then(
    () => 'answered',
    (err: Error) => err.name,
  );
  t.equal(stalled, 'TimeoutError');
  hs.control.tokenEndpoint('ok');
  t.equal((await refresh()).status, 200);
  t.equal(hs.tokenRequests().length, 4, 'every token request recorded, stalled one included');
});

t.test('close() does not hang on a stalled token request or a slow API call', async (t) => {
  const bl = await startBitlySandbox();
  bl.control.tokenEndpoint('stall');
  // The longest delay a timer takes: if close() waited for it, the test would time out.
  bl.control.latencyMs(2_147_483_647);
  const pending = fetch(bl.oauth.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'code=x',
  }).then(
    (r) => r.status,
    () => 'closed',
  );
  const slow = fetch(`${bl.apiBaseUrl}/user`, { headers: { authorization: `Bearer ${bl.control.issueToken().access_token}` } }).then(
    (r) => r.status,
    () => 'closed',
  );
  // Both requests have reached the sandbox (it records them on arrival) before it closes.
  while (bl.requests.length < 2) await new Promise((r) => setImmediate(r));
  await bl.close();
  // Closing ends the waits: the stalled token request answers its 503, the slow call its 200.
  t.same(await Promise.all([pending, slow]), [503, 200], 'both in-flight requests were answered, not left hanging');
});

t.test('recording: every request in order, with query, headers, body and bearer; reset clears', async (t) => {
  const bl = await startBitlySandbox();
  t.teardown(() => bl.close());
  const token = bl.control.issueToken().access_token;
  const requests = bl.requests;
  await call(`${bl.apiBaseUrl}/groups/${bl.fixtures.groupGuid}/bitlinks?size=5&tags=a&tags=b`, { token, headers: { 'x-trace': 'one' } });
  await call(`${bl.apiBaseUrl}/shorten`, { method: 'POST', token: 'bad', body: { long_url: 'https://example.com' } });
  t.equal(requests.length, 2);
  t.match(requests[0], {
    method: 'GET',
    path: `/v4/groups/${bl.fixtures.groupGuid}/bitlinks`,
    query: { size: '5', tags: ['a', 'b'] },
    bearer: token,
  });
  t.equal(requests[0].headers['x-trace'], 'one');
  t.ok(requests[0].at <= Date.now());
  t.match(requests[1], { method: 'POST', path: '/v4/shorten', bearer: 'bad', body: { long_url: 'https://example.com' } });
  await call(`${bl.url}/__sandbox/info`);
  t.equal(requests.length, 2, 'control routes are not recorded');
  bl.reset();
  t.equal(bl.requests.length, 0);
  t.equal(requests, bl.requests, 'same live array');
  t.equal((await call(`${bl.apiBaseUrl}/user`, { token })).status, 401, 'reset forgets tokens');
});

t.test('sentSince(mark): only what arrived after the mark, across a reset and past the cap', async (t) => {
  const hs = await startHubspotSandbox({ maxRecordedRequests: 4 });
  t.teardown(() => hs.close());
  const token = hs.control.issueToken().access_token;
  const get = (id: string) => call(`${hs.apiBaseUrl}/crm/v3/objects/contacts/${id}`, { token });
  await get('a');
  const first = hs.mark();
  t.same(hs.sentSince(first), [], 'nothing since a fresh mark');
  await get('b');
  await get('c');
  t.same(
    hs.sentSince(first).map((r) => r.path),
    ['/crm/v3/objects/contacts/b', '/crm/v3/objects/contacts/c'],
  );
  const second = hs.mark();
  for (const id of ['d', 'e', 'f']) await get(id);
  t.same(
    hs.sentSince(second).map((r) => r.path.split('/').pop()),
    ['d', 'e', 'f'],
    'the log was trimmed at its cap meanwhile',
  );
  hs.reset();
  const third = hs.mark();
  await get('g');
  t.same(
    hs.sentSince(third).map((r) => r.path.split('/').pop()),
    ['g'],
  );
  t.same(
    hs.sentSince(second).map((r) => r.path.split('/').pop()),
    ['g'],
    'a reset forgets what came before it',
  );
});

t.test('HTTP control plane under /__sandbox', async (t) => {
  const both = await startSandboxes();
  t.teardown(() => both.close());
  const { hubspot, bitly } = both;
  const info = await call(`${bitly.url}/__sandbox/info`);
  t.match(info.body, { provider: 'bitly', apiBaseUrl: bitly.apiBaseUrl, fixtures: { groupGuid: bitly.fixtures.groupGuid } });
  const token = bitly.control.issueToken().access_token;
  const ctl = (base: string, action: string, args: unknown[]) =>
    call(`${base}/__sandbox/control`, { method: 'POST', body: { action, args } });
  t.equal((await ctl(bitly.url, 'failNext', [502, 1])).status, 200);
  t.equal((await call(`${bitly.apiBaseUrl}/user`, { token })).status, 502);
  const issued = await ctl(hubspot.url, 'issueToken', [{ scopes: ['crm.objects.deals.read'] }]);
  t.ok(issued.body.result.access_token);
  t.equal((await call(`${hubspot.apiBaseUrl}/crm/v3/objects/deals`, { token: issued.body.result.access_token })).status, 200);
  const seeded = await ctl(hubspot.url, 'seed', ['companies', 3]);
  t.equal(seeded.body.result.length, 3);
  const unknown = await ctl(hubspot.url, 'explode', []);
  t.equal(unknown.status, 400);
  t.ok(unknown.body.actions.includes('latencyMs'));
  const recorded = await call(`${hubspot.url}/__sandbox/requests`);
  t.equal(recorded.body.requests.length, 1);
  t.equal(recorded.body.requests[0].path, '/crm/v3/objects/deals');
  await ctl(bitly.url, 'tokenEndpoint', ['fail']);
  t.equal((await call(bitly.oauth.tokenUrl, { method: 'POST', form: {} })).status, 500);
  t.equal((await call(`${bitly.url}/__sandbox/token-requests`)).body.requests.length, 1);
  t.equal((await call(`${bitly.url}/__sandbox/reset`, { method: 'POST' })).status, 200);
  t.equal(bitly.requests.length, 0);
  both.reset();
});
