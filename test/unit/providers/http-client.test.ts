/**
 * The undici hot-path client (src/providers/http-client.ts): the shared client contract, plus
 * what only this client does itself (decompression, Retry-After parsing helper).
 */
import t from 'tap';
import { brotliCompressSync, deflateRawSync, deflateSync } from 'node:zlib';
import { createProviderHttpClient, parseRetryAfter } from '../../../src/providers/http-client.js';
import { clientFailureContract } from './client-failures-contract.js';
import { clientContract, server } from './client-contract.js';

clientContract(t, 'undici', createProviderHttpClient);
clientFailureContract(t, 'undici', createProviderHttpClient);

t.test('parseRetryAfter: seconds, HTTP date, garbage', async (t) => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  t.equal(parseRetryAfter('3', now), 3000);
  t.equal(parseRetryAfter(' 0 ', now), 0);
  t.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now), 5000);
  t.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0, 'a past date means now');
  t.equal(parseRetryAfter('soon', now), undefined);
  t.equal(parseRetryAfter(undefined, now), undefined);
});

t.test('deflate (zlib and raw) and brotli bodies are decoded; accept-encoding is sent', async (t) => {
  const json = Buffer.from('{"ok":true}');
  const s = await server(t, (req, res) => {
    const [encoding, body] =
      req.url === '/br'
        ? ['br', brotliCompressSync(json)]
        : req.url === '/raw'
          ? ['deflate', deflateRawSync(json)]
          : ['deflate', deflateSync(json)];
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
    res.end(body);
  });
  const c = createProviderHttpClient({ timeoutMs: 5000 });
  t.teardown(() => c.close());
  for (const path of ['/br', '/raw', '/zlib']) {
    const res = await c.request({ method: 'GET', url: `${s.origin}${path}`, headers: {} });
    t.same(JSON.parse(res.body.toString()), { ok: true }, path);
  }
  t.equal(s.requests[0]!.headers['accept-encoding'], 'gzip, deflate, br');
  t.equal(s.requests[0]!.headers['user-agent'], 'connector-broker');
});

t.test('a request the HTTP client refuses (connection-level header) is a 400, not a crash', async (t) => {
  const s = await server(t, (_req, res) => res.end('ok'));
  const c = createProviderHttpClient({ timeoutMs: 5000 });
  t.teardown(() => c.close());
  const err = (await c.request({ method: 'GET', url: `${s.origin}/x`, headers: { upgrade: 'websocket' } }).catch((e: unknown) => e)) as {
    status?: number;
  };
  t.equal(err.status, 400);
  t.equal(s.requests.length, 0);
});

t.test('a body nested too deeply to encode is a 400, not a stack overflow', async (t) => {
  const c = createProviderHttpClient({ timeoutMs: 5000 });
  t.teardown(() => c.close());
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const err = (await c.request({ method: 'POST', url: 'http://127.0.0.1:1/x', headers: {}, body: deep }).catch((e: unknown) => e)) as {
    status?: number;
    message?: string;
  };
  t.equal(err.status, 400);
  t.match(err.message, 'nests too deeply');
});
