/**
 * A provider whose connection breaks, seen through the API: executeTool and the proxy answer the
 * declared 500 with a message naming what happened and the host (never the credential or the
 * query string), and the call is recorded as failed. The provider is a real loopback server
 * (the `acme` fixture toolkit pointed at it) that closes the socket mid-response, then is shut
 * down so its port refuses connections. Also: a provider answering JSON nested far too deep.
 */
import t from 'tap';
import { startLoopbackServer } from '../../unit/providers/loopback-server.js';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { ToolExecution } from '../../../src/db/entities/index.js';

const API_KEY = 'acme-key-never-in-errors-0042';

t.test('connection closed mid-response, then refused: 500 naming the kind and host, on execute and proxy', async (t) => {
  const provider = await startLoopbackServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
    res.write('{"account":');
    setTimeout(() => req.socket.destroy(), 10);
  });
  t.teardown(() => provider.close());
  const host = new URL(provider.origin).host;
  const { app } = await buildTestApp(t, {
    env: { CATALOG_PATHS: EXTRA_CATALOG, TOOLKIT_OVERRIDES: JSON.stringify({ acme: { baseUrl: provider.origin } }) },
  });
  const { key } = await createProjectWithKey(app);
  const api = (url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: body as object,
    });
  const made = await api('connectors/acme/connect', { entityId: 'u', authMethodId: 'acme_api_key', credentials: { api_key: API_KEY } });
  t.equal(made.statusCode, 200, made.body);
  const connectionId = made.json().connectionId as string;

  const calls = {
    execute: () => api('tools/ACME_CREATE_WIDGET/execute', { connectedAccountId: connectionId, arguments: { project: 'core', name: 'w' } }),
    proxy: () => api('connectors/proxy', { connectionId, endpoint: '/widgets?secret=q', method: 'POST', body: { name: 'w' } }),
  };
  const expectations = [
    { kind: 'socket_hang_up', text: `${host} closed the connection before the response was complete` },
    { kind: 'connection_refused', text: `connection refused by ${host}` },
  ];
  for (const expected of expectations) {
    if (expected.kind === 'connection_refused') await provider.close(); // nothing listens on the port any more
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      t.equal(res.statusCode, 500, `${name}, ${expected.kind}: the declared 500`);
      const body = res.json();
      t.match(body, { defined: true, code: 'INTERNAL_SERVER_ERROR', status: 500 }, `${name}: declared error body`);
      t.match(body.message, expected.text, `${name}: names the kind and the host`);
      t.same(body.data, { networkError: expected.kind, host }, `${name}: machine-readable kind`);
      t.notMatch(res.body, API_KEY, `${name}: no credential`);
      t.notMatch(res.body, 'secret=q', `${name}: no query string`);
    }
  }
  await app.services.recorder.flush();
  const rows = await app.orm.em.fork().find(ToolExecution, { connectionId });
  t.equal(rows.length, 4, 'every failed call is recorded');
  t.ok(
    rows.every((r) => !r.successful && r.status === 0 && r.errorCode === 'INTERNAL_SERVER_ERROR'),
    'recorded as failed, no status',
  );
});

t.test('a provider answering JSON nested 100k deep: the body comes back as text, no stack overflow', async (t) => {
  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  const provider = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(deep);
  });
  t.teardown(() => provider.close());
  const { app } = await buildTestApp(t, {
    env: { CATALOG_PATHS: EXTRA_CATALOG, TOOLKIT_OVERRIDES: JSON.stringify({ acme: { baseUrl: provider.origin } }) },
  });
  const { key } = await createProjectWithKey(app);
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const made = await app.inject({
    method: 'POST',
    url: '/api/v1/connectors/acme/connect',
    headers,
    payload: { entityId: 'u', authMethodId: 'acme_api_key', credentials: { api_key: API_KEY } },
  });
  const connectionId = made.json().connectionId as string;
  const exec = await app.inject({
    method: 'POST',
    url: '/api/v1/tools/ACME_GET_ME/execute',
    headers,
    payload: { connectedAccountId: connectionId, arguments: {} },
  });
  t.equal(exec.statusCode, 200, exec.body.slice(0, 300));
  t.match(exec.json(), { successful: true, status: 200 });
  t.equal(exec.json().data, deep, 'the text, unparsed');
  const proxied = await app.inject({
    method: 'POST',
    url: '/api/v1/connectors/proxy',
    headers,
    payload: { connectionId, endpoint: '/me', method: 'GET' },
  });
  t.equal(proxied.statusCode, 200);
  t.equal(proxied.json().data, deep);
});
