/**
 * A loopback webhook receiver for tests, the demo and the bench: records every request (method,
 * path, headers, raw body, time) and answers as told per path: a status sequence
 * (`statuses: [500, 500, 500]` then `status`, default 200), a delay, extra headers (`Retry-After`),
 * or nothing at all while it is `down()` (connections refused until `up()`, same port).
 *
 * Plain node:http, so the bench measures the broker's sending and not this receiver.
 * Standalone: `npx tsx sandbox/webhook-receiver.ts` listens on `WEBHOOK_RECEIVER_PORT` (default
 * 0 = random) and prints each delivery it receives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface ReceivedWebhook {
  method: string;
  /** Path and query as sent. */
  path: string;
  /** Lower-case names, repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The raw body, exactly as received (what a signature covers). */
  body: string;
  /** `Date.now()` when the body had arrived. */
  receivedAt: number;
}

export interface ReceiverScript {
  /** Answered in order, one per request; then `status`. */
  statuses?: number[];
  /** The answer after `statuses` (default 200). */
  status?: number;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Extra answer headers (`retry-after`…). */
  headers?: Record<string, string>;
  /** Answer body (default `ok`). */
  body?: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `origin` + `path` (default `/`). */
  url(path?: string): string;
  /** Every request received, in order. */
  readonly requests: readonly ReceivedWebhook[];
  /** The requests received on one path (query ignored). */
  at(path: string): ReceivedWebhook[];
  /** How to answer requests to `path` from now on (`*`: every path without a script of its own). */
  script(path: string, script: ReceiverScript): void;
  /** Resolves once `path` has received `count` requests (rejects after `timeoutMs`). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Stops listening and drops open connections: senders get connection refused. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Forgets requests and scripts. */
  reset(): void;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  port?: number;
  host?: string;
  /** Called for each request once recorded (the standalone mode prints them). */
  onRequest?: (r: ReceivedWebhook) => void;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export async function startWebhookReceiver(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
  const host = options.host ?? '127.0.0.1';
  const requests: ReceivedWebhook[] = [];
  const byPath = new Map<string, ReceivedWebhook[]>();
  const scripts = new Map<string, ReceiverScript & { served: number }>();
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const path = pathOf(req.url ?? '/');
      const record: ReceivedWebhook = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      requests.push(record);
      let list = byPath.get(path);
      if (!list) byPath.set(path, (list = []));
      list.push(record);
      options.onRequest?.(record);
      for (const wake of [...waiters]) wake();
      const script = scripts.get(path) ?? scripts.get('*');
      const status = script ? (script.statuses?.[script.served++] ?? script.status ?? 200) : 200;
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'text/plain', ...script?.headers });
        res.end(script?.body ?? 'ok');
      };
      if (script?.delayMs) setTimeout(answer, script.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 65_000;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });

  const port = await listen(options.port ?? 0);
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (path = '/') => `${origin}${path}`,
    requests,
    at: (path) => [...(byPath.get(path) ?? [])],
    script(path, script) {
      scripts.set(path, { ...script, served: 0 });
    },
    waitFor(path, count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const list = byPath.get(path) ?? [];
          if (list.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...list]);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`webhook receiver: ${path} got ${(byPath.get(path) ?? []).length} of ${count} requests in ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    down: stop,
    async up() {
      if (!server.listening) await listen(port);
    },
    reset() {
      requests.length = 0;
      byPath.clear();
      scripts.clear();
    },
    close: stop,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const receiver = await startWebhookReceiver({
    port: Number(process.env.WEBHOOK_RECEIVER_PORT ?? 0),
    onRequest: (r) =>
      process.stdout.write(
        `${new Date(r.receivedAt).toISOString()} ${r.method} ${r.path} webhook-id=${r.headers['webhook-id'] ?? '-'} attempt=${r.headers['webhook-attempt'] ?? '-'}\n${r.body}\n`,
      ),
  });
  process.stdout.write(`Webhook receiver listening on ${receiver.url('/webhooks')}\n`);
  const quit = () => void receiver.close().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
