/**
 * Slow and greedy clients: how long a request may take to arrive, how long an idle socket stays
 * open, and how many sockets one address may hold. `serverTimeouts` goes into the Fastify
 * constructor (plugins/app.ts); the plugin enforces the per-address connection cap.
 */
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import type { Config, HttpServerConfig } from '../src/config.js';

/**
 * Node checks header and request timeouts on a timer (30 s by default), so a 1 s limit could
 * take 31 s to act: check at a tenth of the shortest limit, between 100 ms and 1 s.
 */
function checkingInterval(http: HttpServerConfig): number {
  return Math.min(1000, Math.max(100, Math.floor(Math.min(http.headersTimeoutMs, http.requestTimeoutMs) / 10)));
}

/**
 * Fastify constructor options: whole request (headers and body) within requestTimeoutMs, headers
 * within headersTimeoutMs, an idle keep-alive socket closed after keepAliveTimeoutMs. A socket
 * with no traffic at all is closed after connectionTimeout, which must outlast the slowest
 * answer (a provider call and its retries), since waiting for our answer is silence too.
 */
export function serverTimeouts(config: Pick<Config, 'http' | 'providerTimeoutMs'>) {
  const { http } = config;
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    connectionTimeout: http.requestTimeoutMs + 4 * config.providerTimeoutMs,
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(http.headersTimeoutMs, http.requestTimeoutMs),
      connectionsCheckingInterval: checkingInterval(http),
    },
  };
}

/**
 * Counts open sockets per remote address and destroys one beyond the cap at once (before any
 * byte is read), so one address cannot hold every socket the process can open. Behind a proxy
 * (TRUST_PROXY) every socket comes from the proxy: raise the cap or set it to 0 there.
 */
export default fp(
  async (app, opts: { config: Pick<Config, 'http'> }) => {
    const cap = opts.config.http.connectionsPerAddress;
    if (cap === 0) return;
    const open = new Map<string, number>();
    const onConnection = (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = open.get(address) ?? 0;
      if (count >= cap) {
        socket.destroy();
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    };
    app.server.on('connection', onConnection);
    app.addHook('onClose', async () => void app.server.off('connection', onConnection));
  },
  { name: 'server-limits' },
);
