/**
 * The broker the fuzz test drives: real HubSpot and Bitly sandboxes (as brokerWithSandboxes
 * wires them) plus a loopback echo server standing in for the `acme` API-key toolkit, so that
 * every toolkit the catalog offers has a reachable provider and generated calls go all the way.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBitlySandbox, startHubspotSandbox } from '../../../sandbox/index.js';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';

/** Answers every request 200 with a small JSON echo of what it got (method, path, body size). */
async function startEchoProvider(t: TestContext): Promise<string> {
  const server = createServer((req, res) => {
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url?.slice(0, 200), size }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function fuzzBroker(t: TestContext, env: Record<string, string>) {
  const hubspot = await startHubspotSandbox({ clients: [MANAGED_CLIENTS.hubspot] });
  t.teardown(() => hubspot.close());
  const bitly = await startBitlySandbox({ clients: [MANAGED_CLIENTS.bitly] });
  t.teardown(() => bitly.close());
  const acmeUrl = await startEchoProvider(t);
  const sandboxEnv = sandboxBrokerEnv(hubspot, bitly);
  const overrides = {
    ...(JSON.parse(sandboxEnv.TOOLKIT_OVERRIDES!) as object),
    acme: { baseUrl: acmeUrl, allowedHosts: [new URL(acmeUrl).host] },
  };
  const broker = await buildTestApp(t, {
    logLevel: 'warn',
    env: { ...sandboxEnv, TOOLKIT_OVERRIDES: JSON.stringify(overrides), CATALOG_PATHS: EXTRA_CATALOG, ...env },
  });
  const { key } = await createProjectWithKey(broker.app);
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const post = (url: string, body: unknown) => broker.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });

  /** An ACTIVE connection: credentials for acme, the OAuth consent (approved at the sandbox) for the others. */
  async function connection(slug: string, entityId: string): Promise<string> {
    if (slug === 'acme') {
      const res = await post('/api/v1/connectors/acme/connect', {
        entityId,
        authMethodId: 'acme_api_key',
        credentials: { api_key: 'k-1' },
      });
      return (res.json() as { connectionId: string }).connectionId;
    }
    const init = (await post(`/api/v1/connectors/${slug}/initiate`, { entityId })).json() as { connectionId: string; redirectUrl: string };
    const consent = new URL(init.redirectUrl);
    consent.searchParams.set('approve', 'yes');
    const callback = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!);
    const done = await broker.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    if (done.statusCode !== 200) throw new Error(`consent for ${slug} failed: ${done.statusCode}`);
    return init.connectionId;
  }

  return { app: broker.app, key, connection };
}
