/**
 * Verified credentials (issue 30): an auth method's verification request runs at connect (native,
 * compat, the hosted connect page and credential replacement) against a loopback stand-in of the
 * provider; a key it refuses is a 400 naming its answer and nothing is stored. A 401 to a later
 * call of a credential connection makes it EXPIRED with a reason and a `connection.expired` event.
 */
import t from 'tap';
import { buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';
import { startWidgetsApi, VERIFIED_CATALOG } from '../../helpers/widgets-api.js';
import { checkCatalogDirs } from '../../../src/catalog/catalog-loader.js';

const GOOD_KEY = 'widgets-key-91b4c0e7d2';
const OTHER_KEY = 'widgets-key-5a6f70c3e1';
const COMPAT = '/compat/api/v3.1';

async function broker(t: TestContext) {
  const widgets = await startWidgetsApi(t, [GOOD_KEY, OTHER_KEY]);
  const b = await buildTestApp(t, { env: widgets.env });
  const project = await createProjectWithKey(b.app);
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    b.app.inject({
      method,
      url,
      headers: { 'x-api-key': project.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(method, `/api/v1/${url}`, body);
  const authConfigId = (await api('POST', 'auth_configs', { slug: 'widgets', authMethodId: 'widgets_api_key' })).json()
    .authConfigId as string;
  const connectionsOf = async (entityId: string) =>
    (await api('GET', `connectors/connections?entityId=${entityId}`)).json().items as { id: string; status: string }[];
  const secretsOf = async (connectionId: string) =>
    b.app.services.vault.get({ ownerType: 'connection', ownerId: connectionId, name: 'credentials' });
  return { ...b, ...project, widgets, api, call, authConfigId, connectionsOf, secretsOf };
}

t.test('native connect: a key the provider refuses is a 400 naming its answer, and nothing is stored', async (t) => {
  const b = await broker(t);
  const bad = await b.api('POST', 'connectors/widgets/connect', {
    entityId: 'u1',
    authConfigId: b.authConfigId,
    credentials: { api_key: 'wrong-key-123' },
  });
  t.equal(bad.statusCode, 400, bad.body);
  t.match(bad.json(), { code: 'BAD_REQUEST', message: /Widgets Cloud refused these credentials \(HTTP 401: Invalid API key provided\)/ });
  t.match(bad.json().data, { errors: [{ field: 'credentials', message: /HTTP 401/ }], providerStatus: 401 });
  t.notMatch(bad.body, 'wrong-key-123', 'the refused key is not echoed');
  t.same(await b.connectionsOf('u1'), [], 'no connection was made');
  t.same(b.widgets.seen, ['/me?fields=id'], 'the verification request is the declared template with its constant arguments');

  const good = await b.api('POST', 'connectors/widgets/connect', {
    entityId: 'u1',
    authConfigId: b.authConfigId,
    credentials: { api_key: GOOD_KEY },
  });
  t.equal(good.statusCode, 200, good.body);
  t.match(await b.connectionsOf('u1'), [{ id: good.json().connectionId, status: 'ACTIVE' }]);
});

t.test('completing a PENDING connection and replacing credentials are verified too', async (t) => {
  const b = await broker(t);
  const pending = (await b.api('POST', 'connectors/widgets/initiate', { entityId: 'u2', authConfigId: b.authConfigId })).json();
  const refused = await b.api('POST', 'connectors/widgets/connect', {
    entityId: 'u2',
    connectionId: pending.connectionId,
    credentials: { api_key: 'nope-1234' },
  });
  t.equal(refused.statusCode, 400);
  t.match(await b.connectionsOf('u2'), [{ id: pending.connectionId, status: 'PENDING' }], 'still pending');
  t.equal(await b.secretsOf(pending.connectionId), undefined, 'no credentials stored');
  const done = await b.api('POST', 'connectors/widgets/connect', {
    entityId: 'u2',
    connectionId: pending.connectionId,
    credentials: { api_key: GOOD_KEY },
  });
  t.equal(done.statusCode, 200, done.body);

  // Compat: new credentials on an existing connection (PATCH connection.state.val).
  const patch = (key: string) =>
    b.call('PATCH', `${COMPAT}/connected_accounts/${pending.connectionId}`, {
      connection: { state: { authScheme: 'API_KEY', val: { generic_api_key: key } } },
    });
  const replaced = await patch('nope-5678');
  t.equal(replaced.statusCode, 400, replaced.body);
  t.match(replaced.json(), { error: { message: /refused these credentials \(HTTP 401/ } }, 'compat error body');
  t.same((await b.secretsOf(pending.connectionId))?.value, { api_key: GOOD_KEY }, 'the working key is kept');
});

t.test('compat connect refuses a rejected key with the compat body', async (t) => {
  const b = await broker(t);
  const make = (key: string) =>
    b.call('POST', `${COMPAT}/connected_accounts`, {
      auth_config: { id: b.authConfigId },
      connection: { user_id: 'carol', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', generic_api_key: key } } },
    });
  const bad = await make('not-a-key-42');
  t.equal(bad.statusCode, 400, bad.body);
  t.match(bad.json(), { error: { message: /HTTP 401: Invalid API key provided/ } });
  t.same(await b.connectionsOf('carol'), []);
  const ok = await make(GOOD_KEY);
  t.equal(ok.statusCode, 201, ok.body);
  t.match(ok.json(), { status: 'ACTIVE' });
});

t.test('the hosted connect page shows the provider refusal and keeps the link usable', async (t) => {
  const b = await broker(t);
  const link = (await b.api('POST', 'connect-links', { authConfigId: b.authConfigId, entityId: 'dana' })).json();
  const path = new URL(link.url).pathname;
  const submit = (api_key: string) =>
    b.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ api_key }).toString(),
    });
  const refused = await submit('bad-key-0000');
  t.equal(refused.statusCode, 400);
  t.match(refused.body, /refused by Widgets Cloud \(HTTP 401: Invalid API key provided\)/, 'the page says what the provider answered');
  t.notMatch(refused.body, /bad-key-0000/, 'the refused key is not put back in the form');
  t.match(await b.connectionsOf('dana'), [{ id: link.connectionId, status: 'PENDING' }]);
  const done = await submit(GOOD_KEY);
  t.equal(done.statusCode, 200, done.body);
  t.match(await b.connectionsOf('dana'), [{ id: link.connectionId, status: 'ACTIVE' }]);
});

t.test('a 401 to a credential connection makes it EXPIRED with a reason and one connection.expired event', async (t) => {
  const b = await broker(t);
  const id = (
    await b.api('POST', 'connectors/widgets/connect', {
      entityId: 'erin',
      authConfigId: b.authConfigId,
      credentials: { api_key: OTHER_KEY },
    })
  ).json().connectionId as string;
  const run = () => b.api('POST', 'tools/WIDGETS_GET_ME/execute', { connectedAccountId: id, arguments: {} });
  t.match((await run()).json(), { status: 200, successful: true });
  b.widgets.live.delete(OTHER_KEY); // revoked at the provider
  t.match((await run()).json(), { status: 401, successful: false });
  const conn = (await b.api('GET', `connectors/connections/${id}`)).json();
  t.match(conn, { status: 'EXPIRED', statusReason: /rejected the stored credentials \(HTTP 401\)/ });
  await run(); // a second refusal is not a second event
  const events = (await b.app.services.eventRepos.events.list(b.projectId, { limit: 100 })).reverse(); // oldest first
  t.same(
    events.filter((e) => e.subjectId === id).map((e) => e.type),
    ['connection.created', 'connection.expired'],
  );

  // New credentials bring it back (verified), told as recovered.
  b.widgets.live.add(OTHER_KEY);
  const back = await b.call('PATCH', `${COMPAT}/connected_accounts/${id}`, {
    connection: { state: { authScheme: 'API_KEY', val: { generic_api_key: GOOD_KEY } } },
  });
  t.equal(back.statusCode, 200, back.body);
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE');
});

t.test('the loader checks a verification request like a trigger request', async (t) => {
  const { mkdtempSync, mkdirSync, writeFileSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'verified-catalog-'));
  mkdirSync(join(dir, 'widgets'));
  const toolkit = JSON.parse(readFileSync(join(VERIFIED_CATALOG, 'widgets', 'toolkit.json'), 'utf8'));
  toolkit.authMethods[0].verification = { request: { method: 'GET', path: '/users/{user}' } };
  writeFileSync(join(dir, 'widgets', 'toolkit.json'), JSON.stringify(toolkit));
  const result = checkCatalogDirs([dir]);
  t.match(result.problems, [{ field: '/authMethods/0/verification/request/path', message: /placeholder \{user\} is not an argument/ }]);
});
