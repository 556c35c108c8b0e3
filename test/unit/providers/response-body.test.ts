import t from 'tap';
import { decodeProviderBody, MAX_RESPONSE_NESTING, passableResponseHeaders } from '../../../src/providers/response-body.js';

const res = (contentType: string | null, body: Buffer | string) => ({
  contentType,
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

t.test('JSON bodies are parsed; invalid JSON falls back to text', async (t) => {
  t.same(decodeProviderBody(res('application/json', '{"a":[1,2]}')), { data: { a: [1, 2] } });
  t.same(decodeProviderBody(res('application/json; charset=utf-8', '"x"')).data, 'x');
  t.same(decodeProviderBody(res('application/problem+json', '{"title":"Bad"}')).data, { title: 'Bad' });
  t.same(decodeProviderBody(res('application/vnd.api+json', '[1]')).data, [1]);
  t.same(decodeProviderBody(res('Application/JSON', '\ufeff{"bom":true}')).data, { bom: true });
  t.equal(decodeProviderBody(res('application/json', '<html>oops</html>')).data, '<html>oops</html>');
  t.equal(decodeProviderBody(res('application/json', '')).data, null);
});

t.test('text types come back as strings', async (t) => {
  t.equal(decodeProviderBody(res('text/plain', 'hello')).data, 'hello');
  t.equal(decodeProviderBody(res('text/csv; charset=utf-8', 'a,b\n1,2\n')).data, 'a,b\n1,2\n');
  t.equal(decodeProviderBody(res('application/csv', 'a,b')).data, 'a,b');
  t.equal(decodeProviderBody(res('text/html', '<p>é</p>')).data, '<p>é</p>');
  t.equal(decodeProviderBody(res('image/svg+xml', '<svg/>')).data, '<svg/>');
  t.equal(decodeProviderBody(res('application/xml', '<a/>')).data, '<a/>');
  t.equal(decodeProviderBody(res('application/atom+xml', '<feed/>')).data, '<feed/>');
  t.equal(decodeProviderBody(res('text/plain; charset=iso-8859-1', Buffer.from([0x63, 0x61, 0x66, 0xe9]))).data, 'café');
  t.equal(decodeProviderBody(res('text/plain; charset=bogus', 'ok')).data, 'ok', 'unknown charset -> UTF-8');
  t.equal(decodeProviderBody(res('text/plain', '')).data, null, 'empty -> null');
});

t.test('binary types come back as { mediaType, base64 }', async (t) => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
  const decoded = decodeProviderBody(res('image/png', png));
  t.same(decoded.binary, { mediaType: 'image/png', base64: png.toString('base64') });
  t.same(decoded.data, decoded.binary, 'data carries the same object, ready to sit inside JSON');
  t.ok(Buffer.from(decoded.binary!.base64, 'base64').equals(png), 'round-trips');
  t.same(decodeProviderBody(res('application/pdf', '%PDF-1.4')).binary?.mediaType, 'application/pdf');
  t.same(decodeProviderBody(res('application/octet-stream; x=1', 'abc')).binary, { mediaType: 'application/octet-stream', base64: 'YWJj' });
  t.equal(decodeProviderBody(res('image/png', Buffer.alloc(0))).data, null);
});

t.test('no content-type: clean UTF-8 is JSON-or-text, anything else binary', async (t) => {
  t.same(decodeProviderBody(res(null, '{"a":1}')).data, { a: 1 });
  t.equal(decodeProviderBody(res(null, 'plain words')).data, 'plain words');
  t.same(decodeProviderBody(res(null, Buffer.from([0xff, 0x00, 0x01]))).binary, { mediaType: 'application/octet-stream', base64: '/wAB' });
  t.equal(decodeProviderBody(res(null, Buffer.alloc(0))).data, null);
});

t.test('passableResponseHeaders drops hop-by-hop, cookies, auth and credential-looking headers', async (t) => {
  const out = passableResponseHeaders({
    'Content-Type': 'application/json',
    'x-hubspot-ratelimit-remaining': '99',
    'retry-after': '3',
    location: 'https://api.hubapi.com/next',
    vary: ['Accept', 'Origin'],
    etag: '"abc"',
    connection: 'keep-alive, X-Hop',
    'x-hop': 'dropped because Connection names it',
    'keep-alive': 'timeout=5',
    'proxy-connection': 'x',
    'proxy-authenticate': 'Basic',
    te: 'trailers',
    trailer: 'x',
    'transfer-encoding': 'chunked',
    upgrade: 'h2c',
    'set-cookie': ['sid=1; HttpOnly', 'b=2'],
    'www-authenticate': 'Bearer error="invalid_token"',
    authorization: 'Bearer leaked',
    'content-length': '42',
    'content-encoding': 'gzip',
    'x-hubspot-access-token': 'leaked',
    'x-refresh-token': 'leaked',
    'x-client-secret': 'leaked',
    'x-api-key': 'leaked',
    'X-Api_Key': 'leaked',
    'x-session-id': 'leaked',
    undefinedValue: undefined,
  });
  t.same(out, {
    'content-type': 'application/json',
    'x-hubspot-ratelimit-remaining': '99',
    'retry-after': '3',
    location: 'https://api.hubapi.com/next',
    vary: 'Accept, Origin',
    etag: '"abc"',
  });
  t.notMatch(JSON.stringify(out), 'leaked');
});

t.test('JSON nested deeper than MAX_RESPONSE_NESTING comes back as text, without recursing', async (t) => {
  const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
  const json = (text: string) => ({ body: Buffer.from(text), contentType: 'application/json' });
  const deep = nested(200_000);
  t.equal(decodeProviderBody(json(deep)).data, deep, '200k levels: the text');
  t.equal(typeof decodeProviderBody(json(nested(MAX_RESPONSE_NESTING + 1))).data, 'string', 'one past the limit: text');
  t.ok(Array.isArray(decodeProviderBody(json(nested(MAX_RESPONSE_NESTING))).data), 'at the limit: parsed');
  const bracketsInStrings = JSON.stringify({ s: '['.repeat(5000), t: '\\"[[' });
  t.same(decodeProviderBody(json(bracketsInStrings)).data, JSON.parse(bracketsInStrings), 'brackets inside strings do not count');
  t.doesNotThrow(() => JSON.stringify(decodeProviderBody(json(deep)).data), 'the result serialises');
  const mixed = '{"a":['.repeat(MAX_RESPONSE_NESTING / 2) + '{}' + ']}'.repeat(MAX_RESPONSE_NESTING / 2);
  t.equal(typeof decodeProviderBody(json(mixed)).data, 'string', 'objects and arrays count together: one past the limit, text');
  const wide = JSON.stringify(Array.from({ length: 3 * MAX_RESPONSE_NESTING }, (_, i) => ({ id: i, tags: [i] })));
  t.same(decodeProviderBody(json(wide)).data, JSON.parse(wide), 'many brackets, little depth: parsed');
});
