/**
 * A loopback stand-in for the Widgets API of the fixture catalog test/fixtures/catalog-verified,
 * whose API-key method declares a verification request (GET /me): GET /me answers 200 for a live
 * key and 401 with the provider's message otherwise. POST /verify is an application's connection
 * verifier, answering `verifier.status`. `env` points a test app's catalog at it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestContext } from './app.js';

export const VERIFIED_CATALOG = fileURLToPath(new URL('../fixtures/catalog-verified', import.meta.url));

export async function startWidgetsApi(t: TestContext, liveKeys: readonly string[]) {
  const live = new Set(liveKeys);
  /** The provider requests received (not the verifier's). */
  const seen: string[] = [];
  const verifier = { status: 200, calls: 0 };
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/verify')) {
      verifier.calls++;
      res.writeHead(verifier.status).end();
      return;
    }
    seen.push(req.url ?? '');
    const key = req.headers['x-api-key'];
    const ok = req.url?.startsWith('/me') && typeof key === 'string' && live.has(key);
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { id: 'acct-1' } : { message: 'Invalid API key provided' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    CATALOG_PATHS: VERIFIED_CATALOG,
    TOOLKIT_OVERRIDES: JSON.stringify({ widgets: { baseUrl: url, allowedHosts: [new URL(url).host] } }),
  };
  return { url, live, seen, verifier, env };
}
