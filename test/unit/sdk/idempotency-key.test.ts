/**
 * The SDK's Idempotency-Key against a loopback server this test starts: the five acting operations
 * send one key per logical call (a quoted UUID, or the caller's own, escaped), every retry of the
 * call (429, 503, a lost connection, 409 IDEMPOTENCY_KEY_IN_USE) sends the same one, other
 * operations send none, and a malformed key of the caller's is refused before anything is sent.
 * Retries use Retry-After: 0, so no clock is measured.
 */
import t from 'tap';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectorBroker } from '../../../sdk/typescript/src/index.js';
import type { TestContext } from '../../helpers/app.js';

interface Seen {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
}
type Answer = (req: IncomingMessage, res: ServerResponse, n: number) => void;

async function loopback(t: TestContext, answer: Answer) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      answer(req, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const error = (status: number, code: string) => ({ defined: false, code, status, message: code });
const QUOTED_UUID = /^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/;

t.test('each acting operation sends a new key per call; other operations send none', async (t) => {
  const { seen, baseUrl } = await loopback(t, (_req, res) => json(res, 200, {}));
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k' });
  await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', { entityId: 'u' });
  await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', { entityId: 'u' });
  await broker.connections.proxy({ connectionId: 'ca_1', endpoint: '/x', method: 'POST' });
  await broker.connections.initiate('hubspot', { entityId: 'u' });
  await broker.connections.connect('acme', { entityId: 'u', credentials: { api_key: 'x' } });
  await broker.authConfigs.create({ slug: 'bitly', authMethodId: 'bitly_oauth2' });
  const keys = seen.map((s) => s.idempotencyKey);
  for (const key of keys) t.match(key, QUOTED_UUID, 'a random UUID as a Structured Fields string');
  t.equal(new Set(keys).size, 6, 'one key per logical call');

  await broker.connections.refresh('ca_1');
  await broker.tools.list();
  t.same(
    seen.slice(6).map((s) => s.idempotencyKey),
    [undefined, undefined],
    'refresh and reads carry no key',
  );
});

t.test("retries of one call send its key again: 429, 503, a lost connection, the key's first attempt still running", async (t) => {
  const answers: ((res: ServerResponse) => void)[] = [
    (res) => json(res, 429, error(429, 'TOO_MANY_REQUESTS'), { 'retry-after': '0' }),
    (res) => json(res, 503, error(503, 'SERVICE_UNAVAILABLE'), { 'retry-after': '0' }),
    (res) => void res.socket?.destroy(),
    (res) => json(res, 409, error(409, 'IDEMPOTENCY_KEY_IN_USE'), { 'retry-after': '0' }),
    (res) => json(res, 200, { status: 201, successful: true, data: { id: '1' } }),
  ];
  const { seen, baseUrl } = await loopback(t, (_req, res, n) => answers[n - 1]!(res));
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k', maxRetries: 5, maxRetryDelayMs: 1 });
  const result = await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', { entityId: 'u' });
  t.same(result, { status: 201, successful: true, data: { id: '1' } });
  t.equal(seen.length, 5);
  t.equal(new Set(seen.map((s) => s.idempotencyKey)).size, 1, 'the same key on every attempt');
  t.match(seen[0]!.idempotencyKey, QUOTED_UUID);
});

t.test("the caller's own key is sent quoted and escaped; a malformed one is refused before sending", async (t) => {
  const { seen, baseUrl } = await loopback(t, (_req, res) => json(res, 200, {}));
  const broker = new ConnectorBroker({ baseUrl, apiKey: 'k' });
  await broker.tools.execute('X', { entityId: 'u' }, { idempotencyKey: 'order-42' });
  await broker.connections.proxy({ connectionId: 'ca_1', endpoint: '/x', method: 'GET' }, { idempotencyKey: 'say "hi" \\o/' });
  t.same(
    seen.map((s) => s.idempotencyKey),
    ['"order-42"', '"say \\"hi\\" \\\\o/"'],
  );
  for (const bad of ['', 'k'.repeat(256), 'clé', 'tab\there']) {
    await t.rejects(broker.tools.execute('X', { entityId: 'u' }, { idempotencyKey: bad }), TypeError);
  }
  t.equal(seen.length, 2, 'nothing sent for a malformed key');
  // A 409 without a key of ours in flight (another conflict) is an answer, not retried.
  const conflict = await loopback(t, (_req, res) => json(res, 409, error(409, 'CONFLICT')));
  const other = new ConnectorBroker({ baseUrl: conflict.baseUrl, apiKey: 'k', maxRetries: 3 });
  await t.rejects(other.tools.execute('X', { entityId: 'u' }), { code: 'CONFLICT', status: 409 });
  t.equal(conflict.seen.length, 1);
});
