/**
 * The provider client contract (src/providers/http-contract.ts) as one suite, run against both
 * implementations: the undici hot-path client and the got OAuth client (http-client.test.ts,
 * oauth-http-client.test.ts). Not a test file itself. Real loopback servers, no mocks.
 */
import type { Test } from 'tap';
import { gzipSync } from 'node:zlib';
import type { ProviderHttpClient, ProviderHttpClientOptions } from '../../../src/providers/http-contract.js';
import { ProviderNetworkError, ProviderTimeoutError } from '../../../src/providers/http-client.js';
import { ProxyTargetError } from '../../../src/providers/proxy-target.js';
import { decodeProviderBody } from '../../../src/providers/response-body.js';
import { startLoopbackServer } from './loopback-server.js';

export const SECRET = 'sk-live-SECRET-123';

/** The bit of a tap test these helpers use. */
export interface WithTeardown {
  teardown(fn: () => unknown): void;
}

export type ClientFactory = (opts: ProviderHttpClientOptions) => ProviderHttpClient;

export async function server(t: WithTeardown, handler: Parameters<typeof startLoopbackServer>[0]) {
  const s = await startLoopbackServer(handler);
  t.teardown(() => s.close());
  return s;
}

export function clientContract(t: Test, name: string, factory: ClientFactory): void {
  /** A fresh client with fast backoff; closed at the end of the calling test. */
  function client(t: WithTeardown, opts: Partial<ProviderHttpClientOptions> = {}) {
    const c = factory({ timeoutMs: 5000, retryBaseDelayMs: 5, ...opts });
    t.teardown(() => c.close());
    return c;
  }

  t.test(`${name}: GET is retried on 429 honouring Retry-After (seconds)`, async (t) => {
    const s = await server(t, (_req, res, i) => {
      if (i === 0) {
        res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        res.end('{"message":"slow down"}');
      } else res.end('ok');
    });
    const res = await client(t).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
    t.equal(res.status, 200);
    t.equal(res.attempts, 2);
    t.equal(s.requests.length, 2);
    const waited = s.requests[1]!.at - s.requests[0]!.at;
    t.ok(waited >= 1000 * 0.9, `waited ${waited} ms >= ~1000 ms`);
    t.ok(res.durationMs >= 900, 'durationMs covers the whole call');
  });

  t.test(`${name}: GET is retried honouring Retry-After as an HTTP date`, async (t) => {
    let retryAt = 0;
    const s = await server(t, (_req, res, i) => {
      if (i === 0) {
        retryAt = Date.now() + 2000;
        res.writeHead(503, { 'retry-after': new Date(retryAt).toUTCString() });
        res.end();
      } else res.end('ok');
    });
    const res = await client(t).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
    t.equal(res.status, 200);
    t.equal(res.attempts, 2);
    // The date has second precision: the wait is between 1 and 2 seconds.
    const waited = s.requests[1]!.at - s.requests[0]!.at;
    t.ok(waited >= 1000 * 0.9, `waited ${waited} ms`);
  });

  for (const status of [429, 502, 503, 504]) {
    t.test(`${name}: GET is retried on ${status} with backoff`, async (t) => {
      const s = await server(t, (_req, res, i) => {
        res.statusCode = i < 2 ? status : 200;
        res.end(i < 2 ? 'busy' : 'done');
      });
      const res = await client(t).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
      t.equal(res.status, 200);
      t.equal(res.attempts, 3);
      t.equal(res.body.toString(), 'done');
    });
  }

  t.test(`${name}: HEAD and OPTIONS are retried too`, async (t) => {
    const s = await server(t, (_req, res, i) => {
      res.statusCode = i % 2 === 0 ? 503 : 204;
      res.end();
    });
    const c = client(t);
    t.equal((await c.request({ method: 'HEAD', url: `${s.origin}/x`, headers: {} })).attempts, 2);
    t.equal((await c.request({ method: 'options', url: `${s.origin}/x`, headers: {} })).attempts, 2);
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    t.test(`${name}: ${method} is not retried by default`, async (t) => {
      const s = await server(t, (_req, res) => {
        res.statusCode = 503;
        res.end();
      });
      const res = await client(t).request({ method, url: `${s.origin}/x`, headers: {}, body: { a: 1 } });
      t.equal(res.status, 503);
      t.equal(res.attempts, 1);
      t.equal(s.requests.length, 1);
    });
  }

  t.test(`${name}: a non-idempotent call opts in with retry: true; a GET opts out with retry: false`, async (t) => {
    const s = await server(t, (_req, res, i) => {
      res.statusCode = i % 2 === 0 ? 502 : 201;
      res.end();
    });
    const c = client(t);
    const post = await c.request({ method: 'POST', url: `${s.origin}/x`, headers: {}, body: { a: 1 }, retry: true });
    t.equal(post.status, 201);
    t.equal(post.attempts, 2);
    t.same(JSON.parse(s.requests[1]!.body.toString()), { a: 1 }, 'the body is sent again');
    const get = await c.request({ method: 'GET', url: `${s.origin}/x`, headers: {}, retry: false });
    t.equal(get.status, 502);
    t.equal(get.attempts, 1);
  });

  for (const status of [500, 400, 401, 404]) {
    t.test(`${name}: no retry on ${status}`, async (t) => {
      const s = await server(t, (_req, res) => {
        res.statusCode = status;
        res.end('{"error":"x"}');
      });
      const res = await client(t).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
      t.equal(res.status, status);
      t.equal(res.attempts, 1);
      t.equal(s.requests.length, 1);
    });
  }

  t.test(`${name}: retries stop at maxRetries and the last response is returned`, async (t) => {
    const s = await server(t, (_req, res) => {
      res.statusCode = 503;
      res.end('down');
    });
    const res = await client(t).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
    t.equal(res.status, 503);
    t.equal(res.attempts, 3, 'default maxRetries is 2');
    t.equal(s.requests.length, 3);
    const one = await client(t, { maxRetries: 0 }).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
    t.equal(one.attempts, 1);
  });

  t.test(`${name}: Retry-After beyond maxRetryAfterMs: no retry, the 429 is returned`, async (t) => {
    const s = await server(t, (_req, res) => {
      res.writeHead(429, { 'retry-after': '30', 'content-type': 'application/json' });
      res.end('{"message":"rate limited"}');
    });
    const res = await client(t, { maxRetryAfterMs: 1000 }).request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
    t.equal(res.status, 429);
    t.equal(res.attempts, 1);
    t.equal(res.headers['retry-after'], '30');
    // Measured against the 30 s it was told to wait, not a guess at machine speed.
    t.ok(res.durationMs < 30_000, `did not wait for the Retry-After (${res.durationMs} ms)`);
  });

  t.test(`${name}: a provider that never answers: ProviderTimeoutError, no secret in the message`, async (t) => {
    const s = await server(t, () => {
      /* never answer */
    });
    const c = client(t, { timeoutMs: 300 });
    const err = (await c
      .request({ method: 'GET', url: `${s.origin}/v3/things?hapikey=${SECRET}`, headers: { authorization: `Bearer ${SECRET}` } })
      .catch((e: unknown) => e)) as ProviderTimeoutError;
    t.ok(err instanceof ProviderTimeoutError, 'ProviderTimeoutError');
    t.equal(err.status, 408);
    t.equal(err.code, 'TIMEOUT');
    t.notMatch(err.message, SECRET);
    t.notMatch(err.message, 'hapikey');
    t.match(err.message, `GET ${s.origin}/v3/things`);
    t.equal(s.requests.length, 1, 'a timed-out attempt is not retried');
    t.equal(err.timeoutMs, 300, 'the configured timeout ended the call');
    const perCall = (await c
      .request({ method: 'POST', url: `${s.origin}/y`, headers: {}, body: {}, timeoutMs: 100 })
      .catch((e: unknown) => e)) as ProviderTimeoutError;
    t.ok(perCall instanceof ProviderTimeoutError);
    t.equal(perCall.timeoutMs, 100, 'per-call timeout overrides the default');
  });

  t.test(`${name}: connection refused: ProviderNetworkError naming code and host, without query string or headers`, async (t) => {
    const s = await startLoopbackServer(() => {});
    const origin = s.origin;
    await s.close(); // nothing listens on that port any more
    const c = client(t);
    const url = `${origin}/v4/user?api_key=${SECRET}`;
    const err = (await c
      .request({ method: 'GET', url, headers: { 'x-api-key': SECRET } })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(err instanceof ProviderNetworkError, 'ProviderNetworkError');
    t.equal(err.kind, 'connection_refused');
    t.equal(err.networkCode, 'ECONNREFUSED');
    t.equal(err.attempts, 3, 'a GET retries connection refused');
    t.equal(err.status, 500);
    t.match(err.message, `connection refused by ${new URL(origin).host}`);
    t.match(err.message, `GET ${origin}/v4/user`);
    t.same(err.data, { networkError: 'connection_refused', host: new URL(origin).host });
    t.notMatch(err.message, SECRET);
    t.notMatch(err.message, 'api_key');
    t.notMatch(JSON.stringify(err), SECRET, 'nothing secret in the serialised error either');
    t.equal(err.cause, undefined, 'no library error (with its options and headers) attached');
    const post = (await c.request({ method: 'POST', url, headers: {}, body: {} }).catch((e: unknown) => e)) as ProviderNetworkError;
    t.equal(post.attempts, 1, 'POST is not retried');
  });

  t.test(`${name}: socket closed before answering: retried for GET, not for POST`, async (t) => {
    const s = await server(t, (req, res, i) => {
      if (i % 2 === 0) req.socket.destroy();
      else res.end('ok');
    });
    const c = client(t);
    const get = await c.request({ method: 'GET', url: `${s.origin}/x`, headers: {} });
    t.equal(get.status, 200);
    t.equal(get.attempts, 2);
    const err = (await c
      .request({ method: 'POST', url: `${s.origin}/x`, headers: {}, body: {} })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(err instanceof ProviderNetworkError);
    t.equal(err.kind, 'socket_hang_up');
    t.match(err.message, `${new URL(s.origin).host} closed the connection before the response was complete`);
    t.equal(err.attempts, 1);
  });

  t.test(`${name}: redirects are returned, never followed`, async (t) => {
    const s = await server(t, (_req, res) => {
      res.writeHead(302, { location: 'http://evil.example/steal' });
      res.end();
    });
    for (const method of ['GET', 'POST']) {
      const res = await client(t).request({ method, url: `${s.origin}/x`, headers: {}, followRedirects: false });
      t.equal(res.status, 302);
      t.equal(res.headers.location, 'http://evil.example/steal');
    }
    t.equal(s.requests.length, 2, 'one request per call');
  });

  t.test(`${name}: keep-alive: sequential requests reuse pooled sockets`, async (t) => {
    const s = await server(t, (_req, res) => res.end('ok'));
    const c = client(t);
    for (let i = 0; i < 5; i++) await c.request({ method: 'GET', url: `${s.origin}/x${i}`, headers: {} });
    await c.request({ method: 'POST', url: `${s.origin}/p`, headers: {}, body: { a: 1 } });
    t.equal(s.requests.length, 6);
    // got reuses one socket; undici's pool may open a second one because a response resolves
    // before its connection is marked free again. Either way: pooled, not one socket per call.
    t.ok(s.sockets.size <= 2, `the server saw ${s.sockets.size} socket(s) for 6 calls`);
  });

  t.test(`${name}: body encodings: json, form, raw`, async (t) => {
    const s = await server(t, (_req, res) => res.end());
    const c = client(t);
    const url = `${s.origin}/b`;
    await c.request({ method: 'POST', url, headers: {}, body: { name: 'Ada', tags: ['a'] } });
    await c.request({
      method: 'POST',
      url,
      headers: {},
      body: { grant_type: 'refresh_token', n: 2, scope: ['a', 'b'] },
      bodyEncoding: 'form',
    });
    await c.request({ method: 'PUT', url, headers: { 'Content-Type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x00, 0xff]) });
    await c.request({ method: 'POST', url, headers: { 'content-type': 'text/csv' }, body: 'a,b\n1,2\n' });
    await c.request({ method: 'POST', url, headers: { 'content-type': 'application/vnd.api+json' }, body: [1, 2], bodyEncoding: 'json' });
    await c.request({ method: 'DELETE', url, headers: {} });
    const [json, form, raw, text, custom, none] = s.requests;
    t.equal(json!.headers['content-type'], 'application/json');
    t.same(JSON.parse(json!.body.toString()), { name: 'Ada', tags: ['a'] });
    t.equal(form!.headers['content-type'], 'application/x-www-form-urlencoded');
    t.equal(form!.body.toString(), 'grant_type=refresh_token&n=2&scope=a&scope=b');
    t.equal(raw!.headers['content-type'], 'image/png');
    t.same([...raw!.body], [0x89, 0x50, 0x00, 0xff]);
    t.equal(raw!.headers['content-length'], '4');
    t.equal(text!.body.toString(), 'a,b\n1,2\n');
    t.equal(custom!.headers['content-type'], 'application/vnd.api+json', "the caller's content-type is kept");
    t.equal(custom!.body.toString(), '[1,2]');
    t.equal(none!.body.length, 0);
    t.equal(none!.headers['content-type'], undefined);
    await t.rejects(c.request({ method: 'POST', url, headers: {}, body: { a: 1 }, bodyEncoding: 'raw' }), TypeError);
  });

  t.test(`${name}: response: lower-case headers, multi-values joined, gzip decoded, binary body intact`, async (t) => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const s = await server(t, (req, res) => {
      if (req.url === '/gz') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync('{"ok":true}'));
        return;
      }
      res.setHeader('Content-Type', 'image/png');
      res.setHeader('X-Multi', ['a', 'b']);
      res.setHeader('Set-Cookie', ['s=1', 't=2']);
      res.end(png);
    });
    const c = client(t);
    const res = await c.request({ method: 'GET', url: `${s.origin}/img`, headers: {} });
    t.equal(res.contentType, 'image/png');
    t.equal(res.headers['x-multi'], 'a, b');
    t.equal(res.headers['set-cookie'], 's=1, t=2');
    t.ok(res.body.equals(png));
    t.same(decodeProviderBody(res).binary, { mediaType: 'image/png', base64: png.toString('base64') });
    const gz = await c.request({ method: 'GET', url: `${s.origin}/gz`, headers: {} });
    t.same(decodeProviderBody(gz).data, { ok: true });
  });

  t.test(`${name}: address guard: a hostname resolving to loopback is refused unless allowed`, async (t) => {
    const s = await server(t, (_req, res) => res.end('ok'));
    const url = `http://localhost:${s.port}/x`;
    const refused = await client(t)
      .request({ method: 'GET', url, headers: {} })
      .catch((e: unknown) => e);
    t.ok(refused instanceof ProxyTargetError, 'ProxyTargetError');
    t.match((refused as Error).message, /private or loopback/);
    t.equal(s.requests.length, 0, 'nothing reached the server');
    const allowed = await client(t, { allowPrivateHosts: new Set(['localhost']) }).request({ method: 'GET', url, headers: {} });
    t.equal(allowed.status, 200);
    const predicate = await client(t, { allowPrivateHosts: (h) => h === 'localhost' }).request({ method: 'GET', url, headers: {} });
    t.equal(predicate.status, 200);
    const off = await client(t, { guardPrivateAddresses: false }).request({ method: 'GET', url, headers: {} });
    t.equal(off.status, 200);
  });

  t.test(`${name}: only http(s) URLs are accepted; an unknown host is a network error`, async (t) => {
    const c = client(t);
    for (const url of ['not a url', 'unix:/var/run/docker.sock:/x', 'file:///etc/passwd']) {
      const err = await c.request({ method: 'GET', url, headers: {} }).catch((e: unknown) => e);
      t.ok(err instanceof ProxyTargetError, url);
    }
    const err = (await c
      .request({ method: 'GET', url: `http://no-such-host.invalid/x?key=${SECRET}`, headers: {}, retry: false })
      .catch((e: unknown) => e)) as ProviderNetworkError;
    t.ok(err instanceof ProviderNetworkError);
    t.equal(err.kind, 'dns');
    t.match(err.message, 'DNS lookup of no-such-host.invalid failed');
    t.notMatch(err.message, SECRET);
  });
}
