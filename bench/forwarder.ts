/**
 * The floor the broker is measured against (execution-bench.ts): a minimal HTTP-to-HTTP
 * forwarder, node:http in front and undici's `request` on a keep-alive Agent behind, with no
 * authentication, no database, no catalog and no JSON work: every request goes to FORWARD_TO with
 * the same method, path, headers and body, and the answer is buffered and sent back. Whatever
 * the broker costs beyond this is the broker's own work.
 *
 * With FORWARDER_FRONT=fastify the front is Fastify (the broker's framework) with one catch-all
 * route instead of node:http, the rest unchanged: the gap between the two is what the framework
 * alone costs, before any of the broker's own work.
 *
 * `tsx bench/forwarder.ts` with FORWARD_TO=<origin> and PORT (default 0); prints
 * `forwarder listening on <url>` when ready; stops on SIGTERM.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Agent } from 'undici';

const target = process.env.FORWARD_TO;
if (!target) throw new Error('FORWARD_TO (the origin to forward to) is required');
const origin = new URL(target).origin;
const agent = new Agent({ connections: 256 });

/** Hop-by-hop headers belong to each connection, not to the request. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'proxy-connection']);

function forwardable(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The provider's answer, buffered: status, content-type and body. */
async function forward(method: string, path: string, headers: http.IncomingHttpHeaders, body: http.IncomingMessage | Buffer | undefined) {
  const upstream = await agent.request({ origin, path, method: method as 'GET', headers: forwardable(headers), body });
  const type = upstream.headers['content-type'];
  return {
    status: upstream.statusCode,
    type: typeof type === 'string' ? type : undefined,
    body: Buffer.from(await upstream.body.arrayBuffer()),
  };
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function nodeFront(): http.Server {
  return http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    forward(method, req.url ?? '/', req.headers, hasBody(method) ? req : undefined)
      .then(({ status, type, body }) => {
        res.writeHead(status, { ...(type ? { 'content-type': type } : {}), 'content-length': body.length });
        res.end(body);
      })
      .catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`forwarder: ${err instanceof Error ? err.message : String(err)}`);
      });
  });
}

async function fastifyFront(): Promise<http.Server> {
  const app = Fastify({ logger: false });
  // Bodies pass through as bytes, as the node:http front passes them.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.all('/*', async (req, reply) => {
    const { status, type, body } = await forward(req.method, req.url, req.headers, hasBody(req.method) ? (req.body as Buffer) : undefined);
    if (type) reply.header('content-type', type);
    return reply.code(status).send(body);
  });
  await app.ready();
  return app.server;
}

const server = process.env.FORWARDER_FRONT === 'fastify' ? await fastifyFront() : nodeFront();
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`forwarder listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => void agent.close().then(() => process.exit(0)));
});
