/**
 * POST /api/v1/connect-links: hosted connect links on the native API (the same service as the
 * compat mount's POST /connected_accounts/link), its errors in the native body, and spec.json.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { createProjectWithKey } from '../../helpers/app.js';

async function linkBroker(t: Parameters<typeof brokerWithSandboxes>[0]) {
  const b = await brokerWithSandboxes(t);
  const authConfig = async (body: Record<string, unknown>) => (await b.api('POST', 'auth_configs', body)).json().authConfigId as string;
  return { ...b, authConfig };
}

t.test('creates a link: 201 with the connection, the page URL and the expiry', async (t) => {
  const b = await linkBroker(t);
  const oauth = await b.authConfig({ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  const before = Date.now();
  const res = await b.api('POST', 'connect-links', { authConfigId: oauth, entityId: 'alice', callbackUrl: 'https://app.example/back' });
  t.equal(res.statusCode, 201, res.body);
  const link = res.json();
  t.same(Object.keys(link).sort(), ['connectionId', 'expiresAt', 'url']);
  t.match(link.connectionId, /^ca_/);
  t.match(link.url, new RegExp(`^http://127\\.0\\.0\\.1:3000/connect/${link.connectionId}\\.`), 'on PUBLIC_BASE_URL');
  const ttl = Date.parse(link.expiresAt) - before;
  t.ok(ttl > 9 * 60_000 && ttl <= 10 * 60_000 + 5_000, `an OAuth link lives as long as its OAuth state (${ttl} ms)`);
  t.match((await b.api('GET', `connectors/connections/${link.connectionId}`)).json(), {
    status: 'INITIATED',
    entityId: 'alice',
    providerSlug: 'hubspot',
    authConfigId: oauth,
  });

  const key = await b.authConfig({ slug: 'acme', authMethodId: 'acme_api_key' });
  const form = (await b.api('POST', 'connect-links', { authConfigId: key, entityId: 'bob' })).json();
  t.match((await b.api('GET', `connectors/connections/${form.connectionId}`)).json(), { status: 'PENDING', entityId: 'bob' });
  const ttlForm = Date.parse(form.expiresAt) - Date.now();
  t.ok(ttlForm > 14 * 60_000 && ttlForm <= 15 * 60_000, 'a credential form stays open 15 minutes');

  // The link is the page's: opening it shows the form, submitting it connects.
  const path = new URL(form.url).pathname;
  t.equal((await b.app.inject({ method: 'GET', url: path })).statusCode, 200);
  const done = await b.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'api_key=acme-key-123456',
  });
  t.equal(done.statusCode, 200, done.body);
  const compat = await b.app.inject({ url: `/compat/api/v3.1/connected_accounts/${form.connectionId}`, headers: { 'x-api-key': b.key } });
  t.match(compat.json(), { id: form.connectionId, status: 'ACTIVE' }, 'one connection, seen by both planes');
});

t.test('refusals in the native error body', async (t) => {
  const b = await linkBroker(t);
  const unknown = await b.api('POST', 'connect-links', { authConfigId: 'ac_doesnotexist', entityId: 'u' });
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json(), { defined: true, code: 'NOT_FOUND', status: 404, message: /ac_doesnotexist/ });

  const ac = await b.authConfig({ slug: 'acme', authMethodId: 'acme_api_key' });
  t.equal((await b.api('PATCH', `auth_configs/${ac}`, { disabled: true })).statusCode, 200);
  const disabled = await b.api('POST', 'connect-links', { authConfigId: ac, entityId: 'u' });
  t.equal(disabled.statusCode, 400);
  t.match(disabled.json(), { defined: true, code: 'BAD_REQUEST', status: 400, message: /is disabled/ });
  await b.api('PATCH', `auth_configs/${ac}`, { disabled: false });

  for (const callbackUrl of ['javascript:alert(1)', 'ftp://app.example/x', 'not a url']) {
    const bad = await b.api('POST', 'connect-links', { authConfigId: ac, entityId: 'u', callbackUrl });
    t.equal(bad.statusCode, 400, callbackUrl);
    t.match(bad.json(), { code: 'BAD_REQUEST', data: { errors: [{ field: /callbackUrl/ }] } });
  }
  const missing = await b.api('POST', 'connect-links', { authConfigId: ac });
  t.equal(missing.statusCode, 400);
  t.match(missing.json(), { code: 'BAD_REQUEST', message: /entityId/ });
  const extra = await b.api('POST', 'connect-links', { authConfigId: ac, entityId: 'u', user_id: 'u' });
  t.equal(extra.statusCode, 400, 'unknown fields are refused, like every native body');

  const noKey = await b.app.inject({
    method: 'POST',
    url: '/api/v1/connect-links',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ authConfigId: ac, entityId: 'u' }),
  });
  t.equal(noKey.statusCode, 401);
  t.match(noKey.json(), { code: 'UNAUTHORIZED' });

  // Another project's auth config is unknown here.
  const other = await b.app.inject({
    method: 'POST',
    url: '/api/v1/auth_configs',
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ slug: 'acme', authMethodId: 'acme_basic' }),
  });
  const stranger = await createProjectWithKey(b.app, 'stranger');
  const foreign = await b.api('POST', 'connect-links', { authConfigId: other.json().authConfigId, entityId: 'u' }, stranger.key);
  t.equal(foreign.statusCode, 403, "another project's auth config");
  t.equal((await b.api('GET', 'connectors/connections')).json().total, 0, 'no refusal left a connection behind');
});

t.test('spec.json describes the operation', async (t) => {
  const b = await linkBroker(t);
  const doc = (await b.app.inject({ url: '/api/v1/spec.json' })).json();
  const op = doc.paths?.['/api/v1/connect-links']?.post;
  t.ok(op, 'POST /api/v1/connect-links is in spec.json');
  t.equal(op.operationId, 'createConnectLink');
  const body = op.requestBody.content['application/json'].schema;
  t.same(Object.keys(body.properties).sort(), ['authConfigId', 'callbackUrl', 'connectionId', 'entityId']);
  t.same([...body.required].sort(), ['authConfigId', 'entityId']);
  const created = op.responses['201'].content['application/json'].schema;
  t.same(Object.keys(created.properties).sort(), ['connectionId', 'expiresAt', 'url']);
  for (const status of ['400', '401', '404']) {
    t.match(JSON.stringify(op.responses[status]?.content?.['application/json']?.schema), /ErrorBody/, `${status} uses the error body`);
  }
  t.notOk(doc.paths['/connect/{token}'], 'the HTML page is not an API operation');
});
