import t from 'tap';
import { isPrivateAllowedHost, privateAllowedHosts, ProxyTargetError, resolveProxyTarget } from '../../../src/providers/proxy-target.js';

const HUBSPOT = { baseUrl: 'https://api.hubapi.com', allowedHosts: ['api.hubapi.com', 'api.hubspot.com'] };
const BITLY = { baseUrl: 'https://api-ssl.bitly.com/v4', allowedHosts: ['api-ssl.bitly.com'] };
const SANDBOX = { baseUrl: 'http://127.0.0.1:4010/hubspot', allowedHosts: ['127.0.0.1:4010', 'api.hubapi.com'] };
const SECRET = 'SECRET-api-key-42';

type Toolkit = { baseUrl: string; allowedHosts: string[] };

const resolve = (tk: Toolkit, endpoint: string) => resolveProxyTarget({ ...tk, endpoint }).toString();

t.test('allowed paths are joined under the base URL path', async (t) => {
  const cases: Array<[Toolkit, string, string]> = [
    [BITLY, '/user', 'https://api-ssl.bitly.com/v4/user'],
    [BITLY, 'user', 'https://api-ssl.bitly.com/v4/user'],
    [BITLY, '/groups/Ba1/bitlinks?size=10&page=2', 'https://api-ssl.bitly.com/v4/groups/Ba1/bitlinks?size=10&page=2'],
    [BITLY, '/bitlinks/bit.ly%2F12a4b6c', 'https://api-ssl.bitly.com/v4/bitlinks/bit.ly%2F12a4b6c'],
    [BITLY, '/bitlinks/bit.ly/12a4b6c/clicks', 'https://api-ssl.bitly.com/v4/bitlinks/bit.ly/12a4b6c/clicks'],
    [BITLY, '/a/../user', 'https://api-ssl.bitly.com/v4/user'],
    [BITLY, '/./user', 'https://api-ssl.bitly.com/v4/user'],
    [BITLY, '/user#fragment', 'https://api-ssl.bitly.com/v4/user'],
    [BITLY, '/', 'https://api-ssl.bitly.com/v4/'],
    [BITLY, '/search?q=a:b/c?d', 'https://api-ssl.bitly.com/v4/search?q=a:b/c?d'],
    [{ ...BITLY, baseUrl: 'https://api-ssl.bitly.com/v4/' }, '/user', 'https://api-ssl.bitly.com/v4/user'],
    [HUBSPOT, '/crm/v3/objects/contacts?limit=1', 'https://api.hubapi.com/crm/v3/objects/contacts?limit=1'],
    [HUBSPOT, 'crm/v3/objects/contacts/batch/read', 'https://api.hubapi.com/crm/v3/objects/contacts/batch/read'],
    [HUBSPOT, '/crm/v3/objects/contacts:search', 'https://api.hubapi.com/crm/v3/objects/contacts:search'],
    [HUBSPOT, '/files/ünï', 'https://api.hubapi.com/files/%C3%BCn%C3%AF'],
    [SANDBOX, '/crm/v3/objects', 'http://127.0.0.1:4010/hubspot/crm/v3/objects'],
  ];
  for (const [tk, endpoint, expected] of cases) t.equal(resolve(tk, endpoint), expected, endpoint);
});

t.test('allowed absolute URLs: the base host or an allowed host', async (t) => {
  const cases: Array<[Toolkit, string, string]> = [
    [BITLY, 'https://api-ssl.bitly.com/v4/user', 'https://api-ssl.bitly.com/v4/user'],
    [BITLY, 'https://api-ssl.bitly.com/v3/legacy', 'https://api-ssl.bitly.com/v3/legacy'],
    [HUBSPOT, 'https://api.hubspot.com/integrations/v1/me', 'https://api.hubspot.com/integrations/v1/me'],
    [HUBSPOT, 'HTTPS://API.HUBAPI.COM/crm/v3?x=1', 'https://api.hubapi.com/crm/v3?x=1'],
    [HUBSPOT, 'https://api.hubapi.com:443/crm/v3', 'https://api.hubapi.com/crm/v3'],
    [SANDBOX, 'http://127.0.0.1:4010/hubspot/x', 'http://127.0.0.1:4010/hubspot/x'],
    [SANDBOX, 'https://api.hubapi.com/x', 'https://api.hubapi.com/x'],
    [
      { baseUrl: 'https://api.example.com', allowedHosts: ['api.example.com', 'files.example.com:8443'] },
      'https://files.example.com:8443/f/1',
      'https://files.example.com:8443/f/1',
    ],
    [
      { baseUrl: 'https://api.example.com:8443/v1', allowedHosts: ['api.example.com:8443'] },
      'https://api.example.com:8443/v1/x',
      'https://api.example.com:8443/v1/x',
    ],
  ];
  for (const [tk, endpoint, expected] of cases) t.equal(resolve(tk, endpoint), expected, endpoint);
});

t.test('refused targets', async (t) => {
  const cases: Array<[Toolkit, string, RegExp]> = [
    // other hosts
    [HUBSPOT, 'https://evil.com/x', /host "evil.com" is not one of this toolkit's allowed hosts/],
    [HUBSPOT, 'https://api.hubapi.com.evil.com/x', /not one of this toolkit's allowed hosts/],
    [HUBSPOT, 'https://evilapi.hubapi.com/x', /not one of this toolkit's allowed hosts/],
    [HUBSPOT, 'https://аpi.hubapi.com/x', /not one of this toolkit's allowed hosts/], // Cyrillic a
    [HUBSPOT, 'https://api.hubapi.com./x', /not one of this toolkit's allowed hosts/],
    // userinfo tricks
    [HUBSPOT, 'https://api.hubapi.com@evil.com/', /credentials/],
    [HUBSPOT, 'https://user:pass@api.hubapi.com/x', /credentials/],
    [HUBSPOT, 'https://api.hubapi.com:443@evil.com/', /credentials/],
    [HUBSPOT, 'https://api.hubapi.com%2F@evil.com/', /credentials/],
    // encoded host tricks
    [HUBSPOT, 'https://%61pi.hubapi.com/x', /percent-encoded/],
    [HUBSPOT, 'https://api.hubapi.com%2eevil.com/x', /percent-encoded/],
    [{ ...HUBSPOT, allowedHosts: [...HUBSPOT.allowedHosts, '127.0.0.1'] }, 'https://0x7f.1/x', /private or loopback/],
    [{ ...HUBSPOT, allowedHosts: [...HUBSPOT.allowedHosts, '127.0.0.1'] }, 'https://2130706433/x', /private or loopback/],
    // schemes
    [HUBSPOT, 'ftp://api.hubapi.com/x', /scheme "ftp:" is not allowed/],
    [HUBSPOT, 'file:///etc/passwd', /scheme "file:"/],
    [HUBSPOT, 'javascript:alert(1)', /scheme "javascript:"/],
    [HUBSPOT, 'data:text/plain,hi', /scheme "data:"/],
    [HUBSPOT, 'objects:batch', /scheme/],
    [HUBSPOT, 'https:evil.com/x', /scheme:\/\/host\/path/],
    [HUBSPOT, 'https:/evil.com/x', /scheme:\/\/host\/path/],
    [HUBSPOT, 'https:///evil.com/x', /no host/],
    // protocol-relative, backslashes
    [HUBSPOT, '//evil.com/x', /protocol-relative/],
    [HUBSPOT, '///evil.com/x', /protocol-relative/],
    [HUBSPOT, '/\\evil.com/x', /backslash/],
    [HUBSPOT, '\\\\evil.com\\x', /backslash/],
    [HUBSPOT, 'https:\\\\evil.com', /backslash/],
    [HUBSPOT, 'https://api.hubapi.com\\@evil.com/', /backslash/],
    // whitespace and control characters (the URL parser would silently strip some)
    [HUBSPOT, '/crm\n/v3', /whitespace or control/],
    [HUBSPOT, 'https://api.hub\tapi.com/x', /whitespace or control/],
    [HUBSPOT, ' /crm', /whitespace or control/],
    [HUBSPOT, '/crm/\u0000', /whitespace or control/],
    [HUBSPOT, '/crm/\u200b', /whitespace or control/],
    [HUBSPOT, '', /empty/],
    // traversal out of the base path
    [BITLY, '/../../x', /climbs above the toolkit base path "\/v4"/],
    [BITLY, '/../v3/user', /climbs above/],
    [BITLY, '../v3/user', /climbs above/],
    [BITLY, '/a/../../v3', /climbs above/],
    [BITLY, '/%2e%2e/v3/user', /climbs above/],
    [BITLY, '/.%2E/v3/user', /climbs above/],
    [BITLY, '/%2E./v3/user', /climbs above/],
    [HUBSPOT, '/../etc/passwd', /climbs above the toolkit base path "\/"/],
    [BITLY, '/a/..%2f..%2fv3', /encoded "..\/"/],
    [BITLY, '/a/..%2F..%2Fv3', /encoded "..\/"/],
    [BITLY, '/a%5c..%5cx', /encoded backslash/],
    [BITLY, '/%252e%252e/x', /double-encoded/],
    [BITLY, '/x%zz', /invalid percent-encoding/],
    [BITLY, 'https://api-ssl.bitly.com/v4/../v3/x', /dot segments/],
    [BITLY, 'https://api-ssl.bitly.com/v4/%2e%2e/v3/x', /dot segments/],
    [BITLY, 'https://api-ssl.bitly.com/v4/a/..%2f..%2fx', /encoded "..\/"/],
    // ports and schemes relative to the base URL
    [HUBSPOT, 'https://api.hubapi.com:8443/x', /port 8443 is not allowed for host "api.hubapi.com"/],
    [HUBSPOT, 'https://api.hubapi.com:80/x', /port 80 is not allowed/],
    [SANDBOX, 'http://127.0.0.1:9999/x', /port 9999 is not allowed/],
    [HUBSPOT, 'http://api.hubapi.com/x', /plain http is not allowed/],
    // private / loopback literals other than the base URL host
    [
      { baseUrl: 'https://api.example.com', allowedHosts: ['api.example.com', '10.0.0.5'] },
      'https://10.0.0.5/x',
      /"10.0.0.5" is a private or loopback address/,
    ],
    [
      { baseUrl: 'https://api.example.com', allowedHosts: ['api.example.com', '169.254.169.254'] },
      'https://169.254.169.254/latest/meta-data',
      /private or loopback/,
    ],
    [{ baseUrl: 'https://api.example.com', allowedHosts: ['api.example.com', 'localhost'] }, 'https://localhost/x', /private or loopback/],
    [SANDBOX, 'http://127.0.0.2:4010/x', /not one of this toolkit's allowed hosts/],
  ];
  for (const [tk, endpoint, pattern] of cases) {
    const err = t.throws(() => resolveProxyTarget({ ...tk, endpoint }), ProxyTargetError, JSON.stringify(endpoint)) as Error;
    t.match(err?.message, pattern, `message for ${JSON.stringify(endpoint)}`);
  }
});

t.test('refusal messages never echo a query string or token', async (t) => {
  for (const endpoint of [
    `https://evil.com/x?api_key=${SECRET}`,
    `https://user:${SECRET}@api.hubapi.com/x`,
    `/../x?token=${SECRET}`,
    `ftp://evil.com/?k=${SECRET}`,
  ]) {
    const err = t.throws(() => resolveProxyTarget({ ...HUBSPOT, endpoint })) as Error;
    t.ok(err instanceof ProxyTargetError);
    t.notMatch(err.message, SECRET, endpoint);
    t.equal((err as ProxyTargetError).status, 400);
  }
});

t.test('a broken base URL is reported as such', async (t) => {
  t.throws(() => resolveProxyTarget({ endpoint: '/x', baseUrl: 'not a url', allowedHosts: [] }), /base URL is not a valid URL/);
  t.throws(() => resolveProxyTarget({ endpoint: '/x', baseUrl: 'ftp://x.com', allowedHosts: [] }), /must be http or https/);
});

t.test('isPrivateAllowedHost / privateAllowedHosts', async (t) => {
  t.equal(isPrivateAllowedHost('http://127.0.0.1:4010/hubspot', '127.0.0.1'), true);
  t.equal(isPrivateAllowedHost('http://127.0.0.1:4010/hubspot', '127.0.0.1:4010'), true);
  t.equal(isPrivateAllowedHost('http://LocalHost:4010', 'localhost'), true);
  t.equal(isPrivateAllowedHost('http://[::1]:4010', '[::1]:4010'), true);
  t.equal(isPrivateAllowedHost('http://[::1]:4010', '::1'), true);
  t.equal(isPrivateAllowedHost('http://127.0.0.1:4010', '10.0.0.1'), false);
  t.equal(isPrivateAllowedHost('https://api.hubapi.com', 'localhost'), false);
  t.same(
    [...privateAllowedHosts(['http://127.0.0.1:4010', 'http://localhost:4020/x', 'https://api.hubapi.com'])],
    ['127.0.0.1', 'localhost', 'api.hubapi.com'],
  );
});
