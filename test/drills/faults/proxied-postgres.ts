/**
 * The PostgreSQL fault drills' database: where it is (TEST_DATABASE_URL or the local default) and
 * whether to skip because it cannot be reached; what an outage's answer looks like; the broker
 * (bin/server.ts in its own process) on such a database with the HubSpot sandbox. Then a scratch PostgreSQL database reached through a loopback TCP proxy that a fault drill can switch
 * (forward, refuse, blackhole); both are removed on teardown. `url` is the proxied address to give
 * the broker.
 */
import pg from 'pg';
import { startHubspotSandbox } from '../../../sandbox/index.js';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { freePort, startChild } from '../../../sandbox/support/processes.js';
import { createScratchDatabase } from '../../../sandbox/support/scratch-postgres.js';
import { startTcpProxy, type TcpProxy } from '../../../sandbox/support/tcp-proxy.js';
import { TEST_VAULT_KEYS, type TestContext } from '../../helpers/app.js';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `skip`: false, or why the drill cannot run (tap's skip option). */
export async function faultDrillDatabase(): Promise<{ baseUrl: string; skip: false | string }> {
  const baseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const skip = (await reachable(baseUrl))
    ? false
    : `PostgreSQL is not reachable at ${baseUrl} (set TEST_DATABASE_URL to run the PostgreSQL fault drill)`;
  return { baseUrl, skip };
}

/**
 * Whether `body` is the native (and console) body of a database outage: 503, retryable, no detail
 * of ours. `notDefined`: also marked `defined: false` (not an error the API declares).
 */
export function isOutageBody(body: string, { notDefined = false } = {}): boolean {
  try {
    const b = JSON.parse(body) as Record<string, unknown>;
    return b.status === 503 && b.code === 'SERVICE_UNAVAILABLE' && (!notDefined || b.defined === false) && typeof b.message === 'string';
  } catch {
    return false;
  }
}

async function proxiedScratchDatabase(t: TestContext, baseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const scratch = await createScratchDatabase(baseUrl);
  t.teardown(() => scratch.drop());
  const target = new URL(scratch.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  t.teardown(() => proxy.close());
  const viaProxy = new URL(scratch.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { proxy, url: viaProxy.toString() };
}

/**
 * The real entry point in its own process on a proxied scratch database, with the HubSpot sandbox
 * (its managed client) and no rate limits; `env` adds to or overrides that. Stopped on teardown.
 * `exitCode()`: null while it runs.
 */
export async function startDrillBroker(t: TestContext & { testdirName: string }, baseUrl: string, env: Record<string, string>) {
  const { proxy, url } = await proxiedScratchDatabase(t, baseUrl);
  const hubspot = await startHubspotSandbox({ clients: [MANAGED_CLIENTS.hubspot] });
  t.teardown(() => hubspot.close());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, match } = await startChild(
    ['bin/server.ts'],
    {
      ...sandboxBrokerEnv(hubspot),
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      DATA_DIR: t.testdirName,
      DATABASE_URL: url,
      VAULT_KEYS: TEST_VAULT_KEYS,
      SESSION_SECRET: 's'.repeat(40),
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
      ...env,
    },
    /API key \(shown once, store it now\):\s+(cb_live_\S+)/,
  );
  t.teardown(() => child.stop());
  let exitCode: number | null = null;
  child.proc.once('exit', (code) => (exitCode = code ?? -1));
  const headers = { 'x-api-key': match[1]!, 'content-type': 'application/json' };
  return { proxy, base, child, headers, exitCode: () => exitCode };
}
