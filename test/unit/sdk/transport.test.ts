/**
 * The SDK's transport against a loopback server this test starts: the API key and JSON body sent,
 * typed errors (code, status, message, x-request-id, data), retries on 429/503 after Retry-After,
 * no wait for a Retry-After beyond the bound, network errors retried for GET (and keyed POSTs, test/unit/sdk/idempotency-key.test.ts) only, and
 * waitUntilActive's dead end. No clock is measured: the retries use Retry-After: 0.
 */
import t from 'tap';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrokerError, ConnectorBroker } from '../../../sdk/typescript/src/index.js';
import { retryAfterMs } from '../../../sdk/typescript/src/http.js';
import type { TestContext } from '../../helpers/app.js';

interface Seen {
  method: string;
  url: string;
  key: string | undefined;
  body: string;
}
type Answer = (req: IncomingMessage, res: ServerResponse, n: number) => void;

async function loopback(t: TestContext, answer: Answer) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined, body });
      answer(req, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, baseUrl };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const tooMany = { defined: true, code: 'TOO_MANY_REQUESTS', status: 429, message: 'slow down' };

t.test('a call sends the key and JSON body to the operation path and returns the answer', async (t) => {
  const { seen, baseUrl } = await loopback(t, (_req, res) => json(res, 200, { status: 200, successful: true, data: { ok: 1 } }));
  const broker = new ConnectorBroker({ baseUrl: `${baseUrl}/api/v1/`, apiKey: 'key_123' });
  const result = await broker.tools.execute('HUBSPOT_CONTACTS_LIST', { entityId: 'u 1', arguments: { limit: 2 } });
  t.same(result, { status: 200, successful: true, data: { ok: 1 } });
  t.same(seen, [
    {
      method: 'POST',
      url: '/api/v1/tools/HUBSPOT_CONTACTS_LIST/execute',
      key: 'key_123',
      body: '{"entityId":"u 1","arguments":{"limit":2}}',
    },
  ]);
  await broker.tools.list({ toolkit: 'hubspot', limit: 5 });
  t.equal(seen[1]!.url, '/api/v1/tools?toolkit=hubspot&limit=5', 'query parameters, undefined ones left out');
});

t.test('an error answer is a BrokerError with code, status, message, request id and data', async (t) => {
  const { baseUrl } = await loopback(t, (_req, res) =>
    json(
      res,
      404,
      { defined: true, code: 'NOT_FOUND', status: 404, message: 'No connection ca_x', data: { id: 'ca_x' } },
      { 'x-request-id': 'req-42' },
    ),
  );
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k' });
  const error = await broker.connections.get('ca_x').catch((e: unknown) => e);
  t.ok(error instanceof BrokerError);
  t.match(error, {
    name: 'BrokerError',
    code: 'NOT_FOUND',
    status: 404,
    message: 'No connection ca_x',
    requestId: 'req-42',
    data: { id: 'ca_x' },
  });
});

t.test('429 and 503 are retried after Retry-After, up to maxRetries', async (t) => {
  const { seen, baseUrl } = await loopback(t, (_req, res, n) => {
    if (n === 1) return json(res, 429, tooMany, { 'retry-after': '0' });
    if (n === 2) return json(res, 503, { ...tooMany, code: 'SERVICE_UNAVAILABLE', status: 503 }, { 'retry-after': '0' });
    json(res, 200, { deleted: true });
  });
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k', maxRetries: 2 });
  t.same(await broker.connections.delete('ca_1'), { deleted: true });
  t.equal(seen.length, 3, 'two retries');

  const stubborn = await loopback(t, (_req, res) => json(res, 429, tooMany, { 'retry-after': '0' }));
  const limited = new ConnectorBroker({ baseUrl: stubborn.baseUrl, apiKey: 'k', maxRetries: 1 });
  await t.rejects(limited.tools.list(), { code: 'TOO_MANY_REQUESTS', status: 429 });
  t.equal(stubborn.seen.length, 2, 'bounded: the first attempt and one retry');
});

t.test('a Retry-After beyond maxRetryDelayMs is not waited for', async (t) => {
  const { seen, baseUrl } = await loopback(t, (_req, res) => json(res, 429, tooMany, { 'retry-after': '3600' }));
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k', maxRetries: 3, maxRetryDelayMs: 1000 });
  await t.rejects(broker.tools.list(), { code: 'TOO_MANY_REQUESTS' });
  t.equal(seen.length, 1);
});

t.test('other errors are not retried; nor is a POST without an Idempotency-Key whose connection broke', async (t) => {
  const { seen, baseUrl } = await loopback(t, (_req, res) =>
    json(res, 400, { defined: true, code: 'BAD_REQUEST', status: 400, message: 'no' }),
  );
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k' });
  await t.rejects(broker.connections.initiate('hubspot', { entityId: 'u' }), { code: 'BAD_REQUEST' });
  t.equal(seen.length, 1);

  const broken = await loopback(t, (req, res, n) => {
    if (n === 1 || req.method === 'POST') return res.socket?.destroy();
    json(res, 200, { items: [], total: 0 });
  });
  const client = new ConnectorBroker({ baseUrl: broken.baseUrl, apiKey: 'k', maxRetries: 2 });
  t.same(await client.tools.list(), { items: [], total: 0 }, 'a GET is retried after a network error');
  await t.rejects(client.connections.refresh('ca_x'), { code: 'CONNECTION_ERROR', status: 0 });
  t.equal(broken.seen.filter((s) => s.method === 'POST').length, 1, 'the POST was sent once');
});

t.test('Retry-After as seconds or an HTTP date', async (t) => {
  t.equal(retryAfterMs('2'), 2000);
  t.equal(retryAfterMs(new Date(61_000).toUTCString(), 1_000), 60_000);
  t.equal(retryAfterMs(null), undefined);
  t.equal(retryAfterMs('soon'), undefined);
});

t.test('waitUntilActive polls until ACTIVE, and stops at FAILED', async (t) => {
  const connection = (status: string) => ({ id: 'ca_1', status, statusReason: status === 'FAILED' ? 'access_denied' : null });
  const { seen, baseUrl } = await loopback(t, (req, res, n) => {
    if (req.url?.endsWith('/ca_2')) return json(res, 200, connection('FAILED'));
    if (req.url?.endsWith('/ca_3')) return json(res, 200, connection('INITIATED'));
    json(res, 200, connection(n < 3 ? 'INITIATED' : 'ACTIVE'));
  });
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k' });
  t.match(await broker.connections.waitUntilActive('ca_1', { intervalMs: 1 }), { status: 'ACTIVE' });
  t.equal(seen.length, 3);
  await t.rejects(broker.connections.waitUntilActive('ca_2', { intervalMs: 1 }), {
    code: 'CONNECTION_NOT_ACTIVE',
    message: /FAILED: access_denied/,
  });
  await t.rejects(broker.connections.waitUntilActive('ca_3', { intervalMs: 1, timeoutMs: 0 }), { code: 'TIMEOUT' });
});

t.test('events.iterate follows the cursor across pages', async (t) => {
  const { seen, baseUrl } = await loopback(t, (req, res) => {
    const cursor = new URL(req.url ?? '', 'http://x').searchParams.get('cursor');
    if (!cursor) return json(res, 200, { items: [{ id: 'evt_2' }, { id: 'evt_1' }], nextCursor: 'c1' });
    json(res, 200, { items: [{ id: 'evt_0' }], nextCursor: null });
  });
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k' });
  const ids: string[] = [];
  for await (const event of broker.events.iterate({ type: ['connection.created'], limit: 2 })) ids.push(event.id);
  t.same(ids, ['evt_2', 'evt_1', 'evt_0']);
  t.same(
    seen.map((s) => s.url),
    ['/api/v1/events?type=connection.created&limit=2', '/api/v1/events?type=connection.created&limit=2&cursor=c1'],
  );
});
