/**
 * A scratch PostgreSQL database reached through a loopback TCP proxy that a fault drill can switch
 * (forward, refuse, blackhole); both are removed on teardown. `url` is the proxied address to give
 * the broker.
 */
import { createScratchDatabase } from '../../../sandbox/support/scratch-postgres.js';
import { startTcpProxy, type TcpProxy } from '../../../sandbox/support/tcp-proxy.js';
import type { TestContext } from '../../helpers/app.js';

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
