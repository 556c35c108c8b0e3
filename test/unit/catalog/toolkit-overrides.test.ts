import t from 'tap';
import { BUILTIN_CATALOG_DIR, CatalogError, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import type { OAuth2AuthMethodDef } from '../../../src/catalog/catalog-schema.js';
import { renderRequest } from '../../../src/catalog/request-template.js';
import { parseToolkitOverrides } from '../../../src/catalog/toolkit-overrides.js';

const oauth = (slug: string, overrides: Parameters<typeof loadCatalog>[0]['overrides']) => {
  const tk = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR], overrides }).getToolkit(slug);
  return { tk, m: tk?.authMethods[0] as OAuth2AuthMethodDef };
};

t.test('parse: empty means none; bad JSON and bad shapes give clear messages', async (t) => {
  t.same(parseToolkitOverrides(undefined), {});
  t.same(parseToolkitOverrides('  '), {});
  t.same(parseToolkitOverrides('{"hubspot": {"baseUrl": "http://127.0.0.1:4010"}}'), { hubspot: { baseUrl: 'http://127.0.0.1:4010' } });
  t.throws(() => parseToolkitOverrides('{"hubspot": '), /TOOLKIT_OVERRIDES is not valid JSON/);
  t.throws(() => parseToolkitOverrides('[]'), /TOOLKIT_OVERRIDES must be a JSON object keyed by toolkit slug/);
  t.throws(() => parseToolkitOverrides('{"hubspot": {"baseUrl": "ftp://x"}}'), /toolkit "hubspot", field "baseUrl" must match/);
  t.throws(() => parseToolkitOverrides('{"hubspot": {"baseUrl": "http://x", "baseURL": "http://y"}}'), /toolkit "hubspot", field "baseURL" is not an allowed property/);
  t.throws(() => parseToolkitOverrides('{"bitly": {"oauth2": {"tokenUrl": 3}}}'), /toolkit "bitly", field "oauth2.tokenUrl" must be string/);
  t.throws(() => parseToolkitOverrides('{"bitly": {"allowedHosts": []}}'), /toolkit "bitly", field "allowedHosts" must NOT have fewer than 1 items/);
  t.throws(() => parseToolkitOverrides('{"bitly": "http://x"}'), /toolkit "bitly" must be object/);
  let message = '';
  try {
    parseToolkitOverrides('{"hubspot": {"baseUrl": 1, "oauth2": {"x": 1}}}');
  } catch (err) {
    message = (err as Error).message;
  }
  t.match(message, /baseUrl/, 'every problem reported');
  t.match(message, /oauth2\.x/);
});

t.test('overrides apply to baseUrl, allowedHosts and oauth2 endpoints', async (t) => {
  const { tk, m } = oauth('hubspot', {
    hubspot: {
      baseUrl: 'http://127.0.0.1:4010',
      oauth2: {
        authorizeUrl: 'http://127.0.0.1:4010/oauth/authorize',
        tokenUrl: 'http://127.0.0.1:4010/oauth/v1/token',
        revocationUrl: 'http://127.0.0.1:4010/oauth/v1/refresh-tokens/{token}',
      },
    },
  });
  t.equal(tk?.baseUrl, 'http://127.0.0.1:4010');
  t.same(tk?.allowedHosts, ['api.hubapi.com', '127.0.0.1:4010'], 'baseUrl host joins the allow-list');
  t.equal(m.oauth2.authorizeUrl, 'http://127.0.0.1:4010/oauth/authorize');
  t.equal(m.oauth2.tokenUrl, 'http://127.0.0.1:4010/oauth/v1/token');
  t.equal(m.oauth2.revocation?.url, 'http://127.0.0.1:4010/oauth/v1/refresh-tokens/{token}');

  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR], overrides: { bitly: { baseUrl: 'http://127.0.0.1:4020/v4', allowedHosts: ['127.0.0.1:4020'] } } });
  const e = catalog.getToolEntry('BITLY_GET_SHORTLINK');
  t.same(e?.toolkit.allowedHosts, ['127.0.0.1:4020'], 'allowedHosts replaced');
  t.equal(e && renderRequest(e.toolkit, e.tool, { bitlink: 'bit.ly/a' }).url, 'http://127.0.0.1:4020/v4/bitlinks/bit.ly/a', 'tools use the overridden toolkit');

  const plain = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  t.equal(plain.getToolkit('hubspot')?.baseUrl, 'https://api.hubapi.com', 'a later load without overrides is unaffected');
});

t.test('override problems are refused with the toolkit and field named', async (t) => {
  const refused = (overrides: Parameters<typeof loadCatalog>[0]['overrides']) => {
    try {
      loadCatalog({ dirs: [BUILTIN_CATALOG_DIR], overrides });
    } catch (err) {
      if (err instanceof CatalogError) return err;
    }
    throw new Error('expected CatalogError');
  };
  const unknown = refused({ hubspto: { baseUrl: 'http://x' } });
  t.same(unknown.problems[0], { file: 'TOOLKIT_OVERRIDES', field: '/hubspto', message: 'names no loaded toolkit "hubspto" (loaded: bitly, hubspot)' });
  t.match(unknown.message, /TOOLKIT_OVERRIDES \/hubspto/);
  const noRevocation = refused({ bitly: { oauth2: { revocationUrl: 'http://x/revoke' } } });
  t.match(noRevocation.problems[0], { field: '/bitly/oauth2/revocationUrl', message: /no revocation endpoint/ });
  const noToken = refused({ hubspot: { oauth2: { revocationUrl: 'http://x/revoke' } } });
  t.match(noToken.problems[0], { field: '/hubspot/oauth2/revocationUrl', message: /\{token\}/ });
  const hosts = refused({ hubspot: { allowedHosts: ['other.example.com'] } });
  t.match(hosts.problems[0], { field: '/hubspot/allowedHosts', message: /api\.hubapi\.com/ });
});
