/**
 * Framework and transport errors answer in the plane's error body (issue 12): malformed URLs,
 * over-long path parameters, bodies too large or of another media type, and what Node's HTTP
 * parser refuses (raw HTTP over a real socket, where no route exists yet). spec.json declares them.
 */
import t from 'tap';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';

const COMPAT = '/compat/api/v3.1';

function isNativeBody(body: unknown, status: number): boolean {
  const b = body as Record<string, unknown>;
  return typeof b.defined === 'boolean' && typeof b.code === 'string' && b.status === status && typeof b.message === 'string';
}

function isCompatBody(body: unknown, status: number): boolean {
  const e = (body as { error?: Record<string, unknown> }).error;
  return !!e && e.status === status && typeof e.message === 'string' && typeof e.code === 'number';
}

/** Sends raw bytes and returns what the server wrote before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(bytes);
  });
}

t.test('framework and parser errors use the error body of their plane', async (t) => {
  const { app } = await buildTestApp(t, { env: { BODY_LIMIT_BYTES: '4096' } });
  const { key } = await createProjectWithKey(app);
  const headers = { 'x-api-key': key };

  for (const [prefix, check] of [
    ['/api/v1/connectors/connections', isNativeBody],
    [`${COMPAT}/connected_accounts`, isCompatBody],
  ] as const) {
    const badUrl = await app.inject({ method: 'GET', url: `${prefix}/%E0%A4%A`, headers });
    t.equal(badUrl.statusCode, 400, `${prefix}: malformed escape is 400`);
    t.ok(check(badUrl.json(), 400), `${prefix}: in the plane body: ${badUrl.body}`);
    const longParam = await app.inject({ method: 'GET', url: `${prefix}/${'a'.repeat(5000)}`, headers });
    t.equal(longParam.statusCode, 414, `${prefix}: a path parameter over the limit is 414`);
    t.ok(check(longParam.json(), 414), `${prefix}: in the plane body`);
    t.ok(longParam.body.length < 1024, `${prefix}: the URL is not echoed`);
  }

  const tooLarge = await app.inject({
    method: 'POST',
    url: '/api/v1/auth_configs',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ slug: 'hubspot', authMethodId: 'hubspot_oauth', name: 'x'.repeat(5000) }),
  });
  t.equal(tooLarge.statusCode, 413);
  t.ok(isNativeBody(tooLarge.json(), 413), tooLarge.body);
  const notJson = await app.inject({
    method: 'POST',
    url: '/api/v1/auth_configs',
    headers: { ...headers, 'content-type': 'application/xml' },
    payload: '<a/>',
  });
  t.equal(notJson.statusCode, 415);
  t.ok(isNativeBody(notJson.json(), 415), notJson.body);
  const longType = await app.inject({
    method: 'POST',
    url: `${COMPAT}/auth_configs`,
    headers: { ...headers, 'content-type': `text/${'x'.repeat(3000)}` },
    payload: 'hi',
  });
  t.equal(longType.statusCode, 415);
  t.ok(isCompatBody(longType.json(), 415), 'compat 415 in the compat body');
  t.ok(longType.body.length < 2048, 'the media type is quoted bounded');

  // spec.json declares the transport statuses on every operation (413/415 where a body is read).
  const spec = (await app.inject({ method: 'GET', url: '/api/v1/spec.json' })).json() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const declared = Object.keys(op.responses);
      const expected = ['400', '401', '403', '408', '414', '429', '431', '500', '503', ...(method === 'get' ? [] : ['413', '415'])];
      t.same(
        expected.filter((s) => !declared.includes(s)),
        [],
        `${method} ${path} declares the transport statuses`,
      );
    }
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const garbage = await rawExchange(port, 'NOT AN HTTP REQUEST\r\n\r\n');
  t.match(garbage, /^HTTP\/1\.1 400 /, 'the parser refusal is a 400');
  t.ok(isNativeBody(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)), 400), `native body: ${garbage}`);
  const bigHeaders = await rawExchange(port, `GET /api/v1/toolkits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
  t.match(bigHeaders, /^HTTP\/1\.1 431 /, 'headers over the limit are 431');
  t.ok(isNativeBody(JSON.parse(bigHeaders.slice(bigHeaders.indexOf('\r\n\r\n') + 4)), 431), `native body: ${bigHeaders}`);
  const compatHeaders = await rawExchange(port, `GET ${COMPAT}/toolkits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
  t.match(compatHeaders, /^HTTP\/1\.1 431 /, 'on the compat mount too');
  t.ok(isCompatBody(JSON.parse(compatHeaders.slice(compatHeaders.indexOf('\r\n\r\n') + 4)), 431), `in the compat body: ${compatHeaders}`);
  t.match(compatHeaders, /\r\nx-should-retry: false\r\n/i, 'telling the SDK not to retry');
  const afterNative = await rawExchange(
    port,
    `GET /api/v1/toolkits HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\nGET ${COMPAT}/toolkits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
  );
  t.match(afterNative, /HTTP\/1\.1 431 [^]*"error":\{/, 'the refused request of a kept-alive connection is the one that counts');
});

t.test('body errors before the handler on the compat mount use the compat body', async (t) => {
  const { app } = await buildTestApp(t, { env: { BODY_LIMIT_BYTES: '4096' } });
  const { key } = await createProjectWithKey(app);
  const post = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload });
  const tooLarge = await post(`${COMPAT}/auth_configs`, JSON.stringify({ toolkit: { slug: 'hubspot' }, name: 'x'.repeat(5000) }));
  t.equal(tooLarge.statusCode, 413);
  t.ok(isCompatBody(tooLarge.json(), 413), tooLarge.body);
  const badJson = await post(`${COMPAT}/auth_configs`, '{"toolkit": ');
  t.equal(badJson.statusCode, 400);
  t.ok(isCompatBody(badJson.json(), 400), badJson.body);
});
