/**
 * The PostgreSQL fault drills' database: where it is (TEST_DATABASE_URL or the local default) and
 * whether to skip because it cannot be reached; what an outage's answer looks like. Then a scratch PostgreSQL database reached through a loopback TCP proxy that a fault drill can switch
 * (forward, refuse, blackhole); both are removed on teardown. `url` is the proxied address to give
 * the broker.
 */
import pg from 'pg';
import { createScratchDatabase } from '../../../sandbox/support/scratch-postgres.js';
import { startTcpProxy, type TcpProxy } from '../../../sandbox/support/tcp-proxy.js';
import type { TestContext } from '../../helpers/app.js';

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

export async function proxiedScratchDatabase(t: TestContext, baseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
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
