import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import type { ToolFile, ToolkitFile } from '../../../src/catalog/catalog-schema.js';
import { BrokerError } from '../../../src/errors.js';
import { applyInjection, renderInjectValue, renderRequest, toolkitBaseUrl } from '../../../src/catalog/request-template.js';

const extra = fileURLToPath(new URL('../../fixtures/catalog-extra', import.meta.url));
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, extra] });
const entry = (slug: string) => {
  const e = catalog.getToolEntry(slug);
  if (!e) throw new Error(`no tool ${slug}`);
  return e;
};
/** Validates (defaults applied) and renders, as the executor does. */
const render = (slug: string, args: Record<string, unknown>) => {
  const v = catalog.validateInput(slug, args);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  const e = entry(slug);
  return renderRequest(e.toolkit, e.tool, v.value);
};

t.test('bitlink path params keep their slash, everything else in them is escaped', async (t) => {
  const r = render('BITLY_GET_SHORTLINK', { bitlink: 'bit.ly/abc' });
  t.same(r, { method: 'GET', url: 'https://api-ssl.bitly.com/v4/bitlinks/bit.ly/abc', headers: {} });
  const odd = render('BITLY_GET_CLICKS_FOR_CUSTOM_SHORTLINK', { custom_bitlink: 'my.link/a b?c#d%', unit: 'day' });
  t.equal(odd.url, 'https://api-ssl.bitly.com/v4/custom_bitlinks/my.link/a%20b%3Fc%23d%25/clicks?unit=day&units=-1');
  for (const bad of ['../user', 'bit.ly/../../user', '/bit.ly/x', 'bit.ly//x', 'bit.ly/%2e%2e']) {
    t.throws(() => render('BITLY_GET_SHORTLINK', { bitlink: bad }), BrokerError, `refuses ${bad}`);
  }
});

t.test('normal path params are fully escaped, dot segments refused', async (t) => {
  const r = render('HUBSPOT_CONTACTS_GET', { contactId: 'a/b c', idProperty: 'email' });
  t.equal(r.url, 'https://api.hubapi.com/crm/v3/objects/contacts/a%2Fb%20c?archived=false&idProperty=email');
  t.throws(() => render('HUBSPOT_CONTACTS_GET', { contactId: '..' }), /must not be/);
  const e = entry('HUBSPOT_CONTACTS_GET');
  t.throws(() => renderRequest(e.toolkit, e.tool, {}), /Missing path argument "contactId"/);
});

t.test('query: comma vs repeat arrays, booleans, undefined skipped', async (t) => {
  const comma = render('HUBSPOT_DEALS_LIST', { properties: ['dealname', 'amount'], after: undefined, archived: true });
  t.equal(comma.url, 'https://api.hubapi.com/crm/v3/objects/deals?limit=10&properties=dealname,amount&archived=true');
  const repeat = render('BITLY_GET_SHORTLINKS_BY_GROUP', { group_guid: 'Ba1', tags: ['a b', 'c,d'], archived: 'both' });
  t.match(repeat.url, /^https:\/\/api-ssl\.bitly\.com\/v4\/groups\/Ba1\/bitlinks\?size=50&archived=both&/);
  t.match(repeat.url, /&tags=a%20b&tags=c%2Cd$/, 'repeat format, each value escaped');
  const empty = render('HUBSPOT_DEALS_LIST', { properties: [] });
  t.notMatch(empty.url, /properties/, 'empty array omitted');
  const ref = render('BITLY_GET_CLICKS_FOR_SHORTLINK', { bitlink: 'bit.ly/x', unit: 'day', unit_reference: '2024-01-01T00:00:00+0000' });
  t.match(ref.url, /unit_reference=2024-01-01T00%3A00%3A00%2B0000/, 'colon and plus encoded');
});

t.test('body: listed fields, wrapIn, "all", omitted undefined; headers mapped', async (t) => {
  const create = render('HUBSPOT_CONTACTS_CREATE', { properties: { email: 'a@b.c' } });
  t.same(create, {
    method: 'POST',
    url: 'https://api.hubapi.com/crm/v3/objects/contacts',
    headers: { 'content-type': 'application/json' },
    body: { properties: { email: 'a@b.c' } },
  });
  const widget = render('ACME_CREATE_WIDGET', { project: 'core/tools', name: 'w', dryRun: false, labels: ['x', 'y'], requestId: 'r1' });
  t.same(widget, {
    method: 'POST',
    url: 'http://127.0.0.1:1/projects/core/tools/widgets?dryRun=false&labels=x&labels=y',
    headers: { 'X-Request-Id': 'r1', 'content-type': 'application/json' },
    body: { widget: { name: 'w', color: 'red' } },
  });
  const img = render('BITLY_GET_QRCODE_IMAGE_PUBLIC', { qrcode_id: 'Q1', accept: 'image/png' });
  t.same(img.headers, { Accept: 'image/png' });
  t.equal(img.body, undefined, 'GET has no body');
  const noAccept = render('BITLY_GET_QRCODE_IMAGE_PUBLIC', { qrcode_id: 'Q1' });
  t.same(noAccept.headers, {}, 'no accept argument, no header');
  const empty = render('HUBSPOT_COMPANIES_SEARCH', {});
  t.same(empty.body, {}, 'search with no arguments sends an empty object');
  const echo = render('BITLY_UPDATE_GROUP_PREFERENCES', { group_guid: 'G1', domain_preference: 'bit.ly' });
  t.same(echo.body, { domain_preference: 'bit.ly', group_guid: 'G1' }, 'an input can feed path and body');

  const allTool: ToolFile = {
    slug: 'ACME_PUT',
    name: 'Put',
    description: 'x',
    tags: [],
    version: 'v1',
    input: { type: 'object', properties: {}, additionalProperties: true },
    request: { method: 'PUT', path: '/things/{id}', query: ['q'], headers: { 'X-H': 'h' }, body: 'all' },
  };
  const tk = entry('ACME_GET_ME').toolkit;
  t.same(renderRequest(tk, allTool, { id: 1, q: 2, h: 'v', a: 'x', b: undefined, c: [1] }).body, { a: 'x', c: [1] });
});

t.test('base URL: trailing slash trimmed, overrides honoured', async (t) => {
  const tk: ToolkitFile = { ...entry('ACME_GET_ME').toolkit, baseUrl: 'https://x.example.com/api/' };
  t.equal(toolkitBaseUrl(tk), 'https://x.example.com/api');
  t.equal(toolkitBaseUrl(tk, { acme: { baseUrl: 'http://127.0.0.1:9/v4' } }), 'http://127.0.0.1:9/v4');
  t.equal(toolkitBaseUrl(tk, { other: { baseUrl: 'http://127.0.0.1:9' } }), 'https://x.example.com/api');
});

t.test('inject templates and injection', async (t) => {
  t.equal(renderInjectValue('Bearer {access_token}', { access_token: 'tok' }), 'Bearer tok');
  t.equal(renderInjectValue('Basic {base64:username:password}', { username: 'ada', password: 'p:w' }), `Basic ${Buffer.from('ada:p:w').toString('base64')}`);
  t.throws(() => renderInjectValue('{api_key}', {}), /api_key/);
  const req = { method: 'GET' as const, url: 'https://h.example.com/x?a=1,2&key=agent', headers: { 'x-api-key': 'spoof' } };
  const out = applyInjection(
    req,
    [
      { in: 'header', name: 'X-Api-Key', value: '{api_key}' },
      { in: 'query', name: 'key', value: '{api_key}' },
    ],
    { api_key: 's e' },
  );
  t.same(out.headers, { 'X-Api-Key': 's e' }, 'argument header of the same name replaced');
  t.equal(out.url, 'https://h.example.com/x?a=1,2&key=s%20e', 'query credential replaces agent value, rest untouched');
  t.same(req.headers, { 'x-api-key': 'spoof' }, 'input request not mutated');
});
