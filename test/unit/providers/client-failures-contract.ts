/**
 * The provider client contract, part two: limits and broken connections (size caps, a trickling
 * body, a provider that dies mid-response or resets, TLS to a plain port). Run against both
 * clients by http-client.test.ts and oauth-http-client.test.ts. Not a test file itself.
 */
import type { Test } from 'tap';
import { gzipSync } from 'node:zlib';
import type { ProviderHttpClientOptions } from '../../../src/providers/http-contract.js';
import { ProviderNetworkError, ProviderTimeoutError } from '../../../src/providers/http-client.js';
import { SECRET, server, type ClientFactory, type WithTeardown } from './client-contract.js';

export function clientFailureContract(t: Test, name: string, factory: ClientFactory): void {
  function client(t: WithTeardown, opts: Partial<ProviderHttpClientOptions> = {}) {
    const c = factory({ timeoutMs: 5000, retryBaseDelayMs: 5, ...opts });
    t.teardown(() => c.close());
    return c;
  }

  t.test(`${name}: a body over maxResponseBytes is refused, plain or once decompressed`, async (t) => {
    const s = await server(t, (req, res) => {
      if (req.url === '/gz') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.end(gzipSync(Buffer.alloc(64 * 1024, 0x61))); // ~100 bytes on the wire, 64 KiB decoded
      } else res.end(Buffer.alloc(64 * 1024, 0x61));
    });
    const c = client(t, { maxResponseBytes: 16 * 1024 });
    for (const path of ['/plain', '/gz']) {
      const err = (await c
        .request({ method: 'GET', url: `${s.origin}${path}`, headers: {} })
        .catch((e: unknown) => e)) as ProviderNetworkError;
      t.ok(err instanceof ProviderNetworkError, path);
      t.equal(err.kind, 'response_too_large', path);
      t.equal(err.attempts, 1, 'not retried');
      t.match(err.message, 'exceeds the size limit');
    }
  });

  t.test(`${name}: a response header block over maxHeaderBytes is refused`, async (t) => {
    const s = await server(t, (_req, res) => {
      res.setHeader('x-big', 'a'.repeat(8 * 1024));
      res.end('ok');
    });
    const err = (await client(t, { maxHeaderBytes: 4 * 1024 })
      .request({ method: 'GET', url: `${s.origin}/h`, headers: {} })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(err instanceof ProviderNetworkError);
    t.equal(err.kind, 'headers_too_large');
  });

  t.test(`${name}: the attempt timeout covers a body that trickles`, async (t) => {
    const s = await server(t, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const err = await client(t, { timeoutMs: 300 })
      .request({ method: 'GET', url: `${s.origin}/slow`, headers: {} })
      .catch((e: unknown) => e);
    t.ok(err instanceof ProviderTimeoutError, 'ProviderTimeoutError while reading the body');
  });

  t.test(`${name}: a provider that dies mid-response, or resets, is a named network failure`, async (t) => {
    const s = await server(t, (req, res) => {
      if (req.url === '/mid') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"partial":');
        setTimeout(() => req.socket.destroy(), 20);
      } else req.socket.resetAndDestroy();
    });
    const c = client(t);
    const mid = (await c
      .request({ method: 'POST', url: `${s.origin}/mid`, headers: {}, body: {} })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(mid instanceof ProviderNetworkError, 'mid-response close');
    t.equal(mid.kind, 'socket_hang_up');
    const rst = (await c
      .request({ method: 'POST', url: `${s.origin}/rst`, headers: {}, body: {} })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(rst instanceof ProviderNetworkError, 'reset');
    t.match(rst.kind, /connection_reset|socket_hang_up/);
    t.match(rst.message, new URL(s.origin).host);
  });

  t.test(`${name}: TLS to a port that does not speak it is a TLS failure`, async (t) => {
    const s = await server(t, (_req, res) => res.end('plain'));
    const err = (await client(t, { guardPrivateAddresses: false })
      .request({ method: 'POST', url: `https://127.0.0.1:${s.port}/x?token=${SECRET}`, headers: {}, body: {} })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(err instanceof ProviderNetworkError);
    t.equal(err.kind, 'tls');
    t.match(err.message, `TLS handshake with 127.0.0.1:${s.port} failed`);
    t.notMatch(err.message, SECRET);
  });
}
