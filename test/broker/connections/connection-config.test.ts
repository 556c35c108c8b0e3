import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';

/** The `regional` fixture: baseUrl, allowedHosts, OAuth URLs and a tool path use {connectionConfig.*}. */
const REGIONAL = fileURLToPath(new URL('../../fixtures/catalog-regional', import.meta.url));

/** A loopback provider that records what reaches it. */
async function recordingServer(t: TestContext) {
  const seen: { method: string; url: string; apiKey: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', apiKey: req.headers['x-api-key'] as string | undefined });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { seen, port: (server.address() as AddressInfo).port };
}

async function regionalBroker(t: TestContext) {
  const provider = await recordingServer(t);
  // The override keeps the placeholder in the path, so a loopback server stands in for every region.
  const overrides = { regional: { baseUrl: `http://127.0.0.1:${provider.port}/{connectionConfig.region}/api` } };
  const broker = await buildTestApp(t, {
    env: { CATALOG_PATHS: REGIONAL, TOOLKIT_OVERRIDES: JSON.stringify(overrides), MANAGED_OAUTH_CLIENTS: '' },
  });
  const { key } = await createProjectWithKey(broker.app);
  const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    broker.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return { ...provider, api };
}

const credentials = { api_key: 'regional-key-123' };

t.test('connect validates connectionConfig, stores it, returns it, and calls go to the rendered URL', async (t) => {
  const b = await regionalBroker(t);
  const connect = (connectionConfig?: Record<string, string>) =>
    b.api('POST', 'connectors/regional/connect', {
      entityId: 'u1',
      authMethodId: 'regional_api_key',
      credentials,
      ...(connectionConfig ? { connectionConfig } : {}),
    });

  const missing = await connect();
  t.equal(missing.statusCode, 400, 'a required connection field is checked');
  t.match(missing.json(), {
    code: 'BAD_REQUEST',
    message: /connectionConfig\.region is required/,
    data: { errors: [{ field: 'connectionConfig.region' }] },
  });
  for (const region of ['mars', 'eu/../us', 'eu.evil.test']) {
    const bad = await connect({ region });
    t.equal(bad.statusCode, 400, region);
    t.match(bad.json().data.errors, [{ field: 'connectionConfig.region' }], region);
  }
  t.equal((await b.api('GET', 'connectors/connections')).json().total, 0, 'refused input leaves nothing behind');

  const ok = await connect({ region: 'eu' });
  t.equal(ok.statusCode, 200, ok.body);
  const id = ok.json().connectionId as string;
  const read = (await b.api('GET', `connectors/connections/${id}`)).json();
  t.same(read.connectionConfig, { region: 'eu', workspace: 'main' }, 'stored with defaults and returned on read');
  t.same((await b.api('GET', 'connectors/connections')).json().items[0].connectionConfig, { region: 'eu', workspace: 'main' });

  const run = await b.api('POST', 'tools/REGIONAL_GET_ITEM/execute', { connectedAccountId: id, arguments: { itemId: '42' } });
  t.equal(run.statusCode, 200, run.body);
  t.same(
    b.seen.at(-1),
    { method: 'GET', url: '/eu/api/workspaces/main/items/42', apiKey: credentials.api_key },
    'the tool call reaches the rendered URL',
  );

  const proxy = (endpoint: string) => b.api('POST', 'connectors/proxy', { connectionId: id, endpoint, method: 'GET' });
  t.equal((await proxy('/things?x=1')).statusCode, 200);
  t.equal(b.seen.at(-1)!.url, '/eu/api/things?x=1', 'relative proxy paths go under the rendered base');
  t.equal((await proxy(`http://127.0.0.1:${b.port}/eu/api/abs`)).statusCode, 200, 'the rendered host is allowed');
  t.equal(b.seen.at(-1)!.url, '/eu/api/abs');
  const climb = await proxy('../us/api/things');
  t.equal(climb.statusCode, 400);
  t.match(climb.json().message, /climbs above the toolkit base path "\/eu\/api"/);
  const other = await proxy('https://us.api.regional.test/v1/things');
  t.equal(other.statusCode, 400, "another region's host (allowedHosts rendered for this connection) is refused");
  t.match(other.json().message, /host "us\.api\.regional\.test" is not one of this toolkit's allowed hosts/);
  t.equal(b.seen.length, 3, 'refused calls never left');
});

t.test('initiate validates connectionConfig, keeps it for connect, and renders OAuth URLs', async (t) => {
  const b = await regionalBroker(t);
  const pending = await b.api('POST', 'connectors/regional/initiate', {
    entityId: 'u2',
    authMethodId: 'regional_api_key',
    connectionConfig: { region: 'us' },
  });
  t.equal(pending.statusCode, 200, pending.body);
  const done = await b.api('POST', 'connectors/regional/connect', {
    entityId: 'u2',
    connectionId: pending.json().connectionId,
    credentials,
  });
  t.equal(done.statusCode, 200, done.body);
  t.same((await b.api('GET', `connectors/connections/${done.json().connectionId}`)).json().connectionConfig, {
    region: 'us',
    workspace: 'main',
  });

  const listed = (await b.api('GET', 'toolkits/regional')).json().authMethods[1];
  t.match(
    listed,
    { kind: 'oauth2', status: 'available', managedClientConfigured: false, connectionFields: { required: ['region'] } },
    'callers can see the fields',
  );

  const config = await b.api('POST', 'auth_configs', {
    slug: 'regional',
    authMethodId: 'regional_oauth2',
    clientId: 'cid',
    clientSecret: 'csecret',
  });
  const authConfigId = config.json().authConfigId as string;
  const noRegion = await b.api('POST', 'connectors/regional/initiate', { entityId: 'u3', authConfigId });
  t.equal(noRegion.statusCode, 400);
  t.match(noRegion.json().message, /connectionConfig\.region is required/);
  const badRegion = await b.api('POST', 'connectors/regional/initiate', {
    entityId: 'u3',
    authConfigId,
    connectionConfig: { region: 'EU1' },
  });
  t.equal(badRegion.statusCode, 400);
  t.match(badRegion.json().data.errors, [{ field: 'connectionConfig.region', message: /pattern/ }]);
  const init = await b.api('POST', 'connectors/regional/initiate', { entityId: 'u3', authConfigId, connectionConfig: { region: 'ap' } });
  t.equal(init.statusCode, 200, init.body);
  const authorize = new URL(init.json().redirectUrl as string);
  t.equal(`${authorize.origin}${authorize.pathname}`, 'https://ap.auth.regional.test/oauth/authorize', 'the authorize URL is rendered');
  t.same((await b.api('GET', `connectors/connections/${init.json().connectionId}`)).json().connectionConfig, {
    region: 'ap',
    workspace: 'main',
  });
});
