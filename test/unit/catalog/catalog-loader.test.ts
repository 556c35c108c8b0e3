import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { BUILTIN_CATALOG_DIR, CatalogError, checkCatalogDirs, loadCatalog, type CatalogProblem } from '../../../src/catalog/catalog-loader.js';
import { copyJson } from '../../../src/catalog/catalog.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const fx = (name: string) => join(FIXTURES, name);

/** Loads and expects a CatalogError; returns it for inspection. */
function expectRefused(t: Test, dirs: string[]): CatalogError {
  let caught: unknown;
  try {
    loadCatalog({ dirs });
  } catch (err) {
    caught = err;
  }
  t.type(caught, CatalogError, 'throws CatalogError');
  return caught as CatalogError;
}

function hasProblem(problems: CatalogProblem[], file: string, field: string, message: RegExp): boolean {
  return problems.some((p) => p.file.endsWith(file) && p.field === field && message.test(p.message));
}

t.test('both real toolkits load with all their tools', async (t) => {
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  t.same(catalog.toolkits().map((k) => k.slug), ['bitly', 'hubspot']);
  t.equal(catalog.toolsOf('hubspot').length, 18);
  t.equal(catalog.toolsOf('bitly').length, 91);
  t.equal(catalog.toolCount, 109);
  t.equal(catalog.getTool('HUBSPOT_CONTACTS_CREATE')?.request.method, 'POST');
  t.equal(catalog.getToolEntry('BITLY_GET_SHORTLINK')?.toolkit.slug, 'bitly');
  t.equal(catalog.getTool('NOPE'), undefined);
  t.equal(catalog.getToolkit('nope'), undefined);
  t.same(catalog.toolsOf('nope'), []);
  const slugs = catalog.toolsOf('bitly').map((x) => x.slug);
  t.same(slugs, [...slugs].sort(), 'toolsOf is sorted by slug');
});

t.test('an extra catalog dir (CATALOG_PATHS) adds the API-key fixture toolkit', async (t) => {
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, fx('catalog-extra')] });
  t.equal(catalog.toolkits().length, 3);
  t.equal(catalog.getToolkit('acme')?.authMethods[0].kind, 'api_key');
  t.same(catalog.toolsOf('acme').map((x) => x.slug), ['ACME_CREATE_WIDGET', 'ACME_GET_ME']);
});

t.test('schema violations are refused with file and field, all problems collected', async (t) => {
  const err = expectRefused(t, [fx('catalog-bad-schema')]);
  const p = err.problems;
  t.ok(hasProblem(p, 'ACME_GET_ME.json', '/name', /required/), 'missing name');
  t.ok(hasProblem(p, 'ACME_GET_ME.json', '/request/method', /one of/), 'unknown method');
  t.ok(hasProblem(p, 'ACME_GET_ME.json', '/input/properties/id/required', /array/), 'required: true on a property');
  t.ok(hasProblem(p, 'ACME_LIST.json', '/request/body', /null for GET/), 'body on GET');
  t.ok(hasProblem(p, 'ACME_LIST.json', '/input/properties/unused', /not sent anywhere/), 'input sent nowhere');
  t.ok(p.length >= 5, 'every problem of both files is reported');
  t.match(err.message, /ACME_GET_ME\.json \/request\/method/, 'message names file and field');
  t.match(err.message, /ACME_LIST\.json \/request\/body/);
});

t.test('a tool slug without the toolkit prefix is refused', async (t) => {
  const err = expectRefused(t, [fx('catalog-bad-prefix')]);
  t.ok(hasProblem(err.problems, 'WIDGET_GET.json', '/slug', /prefix ACME_/));
  t.match(err.message, /WIDGET_GET\.json \/slug/);
});

t.test('a path placeholder without an input is refused', async (t) => {
  const err = expectRefused(t, [fx('catalog-bad-placeholder')]);
  t.ok(hasProblem(err.problems, 'ACME_GET_WIDGET.json', '/request/path', /\{widgetId\} is not an input property/));
  t.ok(hasProblem(err.problems, 'ACME_GET_WIDGET.json', '/request/path', /\{projectId\} must be listed in input.required/));
  t.ok(hasProblem(err.problems, 'ACME_GET_WIDGET.json', '/request/query/0', /"expand" is not an input property/));
});

t.test('bad JSON is refused with the file and a line number', async (t) => {
  const err = expectRefused(t, [fx('catalog-bad-json')]);
  t.ok(hasProblem(err.problems, 'catalog-bad-json/acme/tools/ACME_GET_ME.json', '', /not valid JSON.*line 4/));
});

t.test('duplicate toolkit slug across dirs and duplicate tool slug are refused', async (t) => {
  const dupToolkit = expectRefused(t, [fx('catalog-extra'), fx('catalog-dup-toolkit')]);
  t.ok(hasProblem(dupToolkit.problems, 'catalog-dup-toolkit/acme/toolkit.json', '/slug', /duplicate toolkit slug "acme" \(also in .*catalog-extra/));
  const dupTool = expectRefused(t, [fx('catalog-dup-tool')]);
  t.ok(hasProblem(dupTool.problems, 'acme_x/tools/ACME_X_PING.json', '/slug', /duplicate tool slug "ACME_X_PING"/));
  const withBuiltin = expectRefused(t, [BUILTIN_CATALOG_DIR, BUILTIN_CATALOG_DIR]);
  t.ok(withBuiltin.problems.length >= 111, 'the same dir twice duplicates every toolkit and tool');
});

t.test('a missing catalog dir is a problem, not a crash', async (t) => {
  const err = expectRefused(t, [fx('does-not-exist')]);
  t.ok(hasProblem(err.problems, 'does-not-exist', '', /does not exist/));
});

t.test('the removed fields oauth2.tokensExpire and request.successStatus are refused in format 1.1 files, naming file and field', async (t) => {
  // The shipped HubSpot files with the two fields put back, declaring the format that removed them
  // (format 1.0 files only get a warning for now: format-version.test.ts).
  const read = (rel: string): unknown => JSON.parse(readFileSync(join(BUILTIN_CATALOG_DIR, 'hubspot', rel), 'utf8'));
  const tk = read('toolkit.json') as { formatVersion?: string; authMethods: { oauth2: Record<string, unknown> }[] };
  tk.formatVersion = '1.1';
  tk.authMethods[0].oauth2.tokensExpire = true;
  const tool = read('tools/HUBSPOT_CONTACTS_GET.json') as { request: Record<string, unknown> };
  tool.request.successStatus = 200;
  const dir = t.testdir({ hubspot: { 'toolkit.json': JSON.stringify(tk), tools: { 'HUBSPOT_CONTACTS_GET.json': JSON.stringify(tool) } } });
  const err = expectRefused(t, [dir]);
  t.same(
    err.problems.map((p) => [p.file.slice(dir.length + 1), p.field, p.message]),
    [
      ['hubspot/toolkit.json', '/authMethods/0/oauth2/tokensExpire', 'is not an allowed property'],
      ['hubspot/tools/HUBSPOT_CONTACTS_GET.json', '/request/successStatus', 'is not an allowed property'],
    ],
    'exactly one problem per removed field, nothing else',
  );
  t.match(err.message, /hubspot\/toolkit\.json \/authMethods\/0\/oauth2\/tokensExpire: is not an allowed property/);
  t.match(err.message, /HUBSPOT_CONTACTS_GET\.json \/request\/successStatus: is not an allowed property/);
});

t.test('toolkit cross-checks: folder name, inject fields, hosts, auth methods', async (t) => {
  const dir = t.testdir({});
  const tk = {
    slug: 'wrongname',
    name: 'X',
    version: 'v1',
    categories: [],
    baseUrl: 'https://api.example.com',
    allowedHosts: ['other.example.com'],
    noAuth: false,
    triggersCount: 0,
    authMethods: [
      {
        id: 'k',
        displayName: 'Key',
        kind: 'api_key',
        credentials: { type: 'object', properties: { key: { type: 'integer', description: 'x' } }, required: ['token'] },
        inject: [{ in: 'header', name: 'X-Key', value: '{api_key}' }],
      },
      { id: 'k', displayName: 'OAuth', kind: 'oauth2', oauth2: { authorizeUrl: 'https://a.example.com' }, inject: [] },
    ],
  };
  mkdirSync(join(dir, 'xkit'));
  writeFileSync(join(dir, 'xkit', 'toolkit.json'), JSON.stringify(tk));
  const r = checkCatalogDirs([dir]);
  t.equal(r.ok, false);
  t.equal(r.toolkits, 1);
  const f = 'xkit/toolkit.json';
  t.ok(hasProblem(r.problems, f, '/authMethods/1/oauth2/tokenUrl', /required/), 'oauth2 branch errors only');
  t.ok(hasProblem(r.problems, f, '/authMethods/1/inject', /fewer than 1/));
  // Schema errors stop the cross-checks for that file; fix the oauth2 method and look again.
  tk.authMethods.pop();
  writeFileSync(join(dir, 'xkit', 'toolkit.json'), JSON.stringify(tk));
  const r2 = checkCatalogDirs([dir]);
  t.ok(hasProblem(r2.problems, f, '/slug', /folder name "xkit"/));
  t.ok(hasProblem(r2.problems, f, '/allowedHosts', /api\.example\.com/));
  t.ok(hasProblem(r2.problems, f, '/authMethods/0/credentials/required/0', /"token"/));
  t.ok(hasProblem(r2.problems, f, '/authMethods/0/credentials/properties/key/type', /string/));
  t.ok(hasProblem(r2.problems, f, '/authMethods/0/inject/0/value', /\{api_key\} is not one of \{key\}/));
});

t.test('checkCatalogDirs reports counts and never throws', async (t) => {
  const good = checkCatalogDirs([BUILTIN_CATALOG_DIR, fx('catalog-extra')]);
  t.same(good, { ok: true, problems: [], warnings: [], toolkits: 3, tools: 111, triggers: 6 });
  const bad = checkCatalogDirs([fx('catalog-bad-schema')]);
  t.equal(bad.ok, false);
  t.ok(bad.problems.length >= 5);
});

t.test('validateInput applies defaults, names wrong arguments, never mutates', async (t) => {
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, fx('catalog-extra')] });
  const args = { project: 'p', name: 'w' };
  const ok = catalog.validateInput('ACME_CREATE_WIDGET', args);
  t.same(ok, { ok: true, value: { project: 'p', name: 'w', color: 'red' } }, 'default applied');
  t.same(args, { project: 'p', name: 'w' }, 'caller object untouched');
  const labels = ['a'];
  const withArray = { project: 'p', name: 'w', labels };
  const copied = catalog.validateInput('ACME_CREATE_WIDGET', withArray);
  t.ok(copied.ok && copied.value.labels !== labels && (copied.value.labels as string[])[0] === 'a', 'nested values copied');
  t.same(withArray, { project: 'p', name: 'w', labels: ['a'] });

  const bad = catalog.validateInput('ACME_CREATE_WIDGET', { name: 5, color: 'pink', labels: ['a', 'b', 'c', 'd', 'e', 'f'], extra: 1 });
  t.equal(bad.ok, false);
  const fields = bad.ok ? [] : bad.errors.map((e) => e.field).sort();
  t.same(fields, ['color', 'extra', 'labels', 'name', 'project']);

  const nested = catalog.validateInput('HUBSPOT_CONTACTS_SEARCH', { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'LIKE' }] }] });
  t.same(nested.ok ? [] : nested.errors.map((e) => e.field), ['filterGroups[0].filters[0].operator']);

  t.same(catalog.validateInput('HUBSPOT_DEALS_LIST', { limit: '10' }).ok, false, 'no type coercion');
  t.same(catalog.validateInput('HUBSPOT_DEALS_LIST', { limit: 101 }).ok, false, 'HubSpot list limit is 100');
  t.same(catalog.validateInput('ACME_GET_ME', [1]), { ok: false, errors: [{ field: '', message: 'arguments must be a JSON object' }] });
  t.same(catalog.validateInput('NOPE', {}).ok, false);
  const units = catalog.validateInput('BITLY_GET_CLICKS_FOR_SHORTLINK', { bitlink: 'bit.ly/x', unit: 'day' });
  t.same(units.ok && units.value.units, -1, 'required-with-default is filled in');
});

t.test('copyJson copies JSON values deeply, a __proto__ key as an own property', async (t) => {
  const parsed = JSON.parse('{"a":[1,{"b":null}],"s":"x","__proto__":{"polluted":true}}') as Record<string, unknown>;
  const copy = copyJson(parsed) as Record<string, unknown>;
  t.same(copy, parsed);
  t.not(copy.a, parsed.a);
  t.equal(Object.getPrototypeOf(copy), Object.prototype, 'the prototype is untouched');
  t.same(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, { polluted: true });
  t.equal(({} as Record<string, unknown>).polluted, undefined);
  t.equal(copyJson('s'), 's');
  t.equal(copyJson(null), null);
});

t.test('validateCredentials checks direct auth methods', async (t) => {
  const catalog = loadCatalog({ dirs: [fx('catalog-extra')] });
  t.same(catalog.validateCredentials('acme', 'acme_api_key', { api_key: 'k' }), { ok: true, value: { api_key: 'k' } });
  const bad = catalog.validateCredentials('acme', 'acme_basic', { username: 'u' });
  t.same(bad, { ok: false, errors: [{ field: 'password', message: 'is required' }] });
  t.equal(catalog.validateCredentials('acme', 'nope', {}).ok, false);
});
