/**
 * The sample toolkits against the provider reference (test/fixtures/provider-reference, extracted
 * from the shared reference; see its README): every tool's method, path and parameter names agree
 * with tool-map.json, and where an entry names a saved OpenAPI file, that file has the path with
 * that method. A missing fixture fails the test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { nonBodyInputs, pathPlaceholders } from '../../../src/catalog/request-template.js';

interface RefParam {
  name: string;
  type: string;
  required: boolean;
  enum?: unknown[];
  default?: unknown;
}
interface RefEntry {
  slug: string;
  toolkit: string;
  method: string;
  baseUrl: string;
  path: string;
  pathParams: RefParam[];
  queryParams: RefParam[];
  headerParams: RefParam[];
  bodyParams: RefParam[];
  scopes: string[];
  successStatus: number;
  specFile?: string;
}
interface OpenApiDoc {
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

const REF_DIR = fileURLToPath(new URL('../../fixtures/provider-reference/', import.meta.url));
const MAP_FILE = join(REF_DIR, 'tool-map.json');
// The shared reference the fixture is extracted from sits beside the checkout (../shared from the
// repository root); a checkout without it still runs everything else.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHARED_MAP_FILE = join(ROOT, '..', 'shared', 'reference', 'providers', 'tool-map.json');

const entries = JSON.parse(readFileSync(MAP_FILE, 'utf8')) as RefEntry[];
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
const sorted = (xs: Iterable<string>) => [...xs].sort();

t.test('the catalog holds exactly the tools of the map', async (t) => {
  t.equal(entries.length, 109);
  t.same(sorted(entries.map((e) => e.slug)), sorted(catalog.toolkits().flatMap((k) => catalog.toolsOf(k.slug).map((x) => x.slug))));
});

t.test(
  "the fixture's tool-map.json is still the shared reference's",
  { skip: existsSync(SHARED_MAP_FILE) ? false : `no shared provider reference beside the checkout (${SHARED_MAP_FILE})` },
  async (t) => {
    const same = readFileSync(MAP_FILE, 'utf8') === readFileSync(SHARED_MAP_FILE, 'utf8');
    t.ok(same, 'byte for byte; refresh with node test/fixtures/provider-reference/extract.mjs');
  },
);

for (const e of entries) {
  t.test(e.slug, async (t) => {
    const entry = catalog.getToolEntry(e.slug);
    if (!entry) {
      t.fail(`${e.slug} is missing from the catalog`);
      return;
    }
    const { tool, toolkit } = entry;
    const req = tool.request;
    t.equal(toolkit.slug, e.toolkit.toLowerCase(), 'toolkit');
    t.equal(toolkit.baseUrl, e.baseUrl, 'base URL');
    t.equal(req.method, e.method, 'method');
    t.equal(req.path, e.path, 'path');
    t.same(sorted(pathPlaceholders(req.path)), sorted(e.pathParams.map((p) => p.name)), 'path parameter names');
    t.same(sorted(req.query ?? []), sorted(e.queryParams.map((p) => p.name)), 'query parameter names');
    t.same(sorted(Object.keys(req.headers ?? {})), sorted(e.headerParams.map((p) => p.name)), 'header names');
    const body = req.body ?? null;
    const bodyFields =
      body === null ? [] : body === 'all' ? Object.keys(tool.input.properties).filter((k) => !nonBodyInputs(req).has(k)) : body.fields;
    t.same(sorted(bodyFields), sorted(e.bodyParams.map((p) => p.name)), 'body field names');
    t.same(tool.scopes, e.scopes, 'scopes');

    // Each provider parameter is an input with the same required flag, enum and default.
    const headerInput = (name: string) => req.headers?.[name] ?? name;
    const params = [...e.pathParams, ...e.queryParams, ...e.bodyParams, ...e.headerParams.map((p) => ({ ...p, name: headerInput(p.name) }))];
    const required = tool.input.required ?? [];
    // One input may feed two places (Bitly echoes group_guid in a body): required if any place requires it.
    const mustRequire = (name: string) => params.some((p) => p.name === name && p.required);
    for (const p of params) {
      const prop = tool.input.properties[p.name];
      if (!prop) {
        t.fail(`input ${p.name} missing`);
        continue;
      }
      t.equal(required.includes(p.name), mustRequire(p.name), `${p.name} required flag`);
      if (p.enum) t.same(prop.type === 'array' ? prop.items?.enum : prop.enum, p.enum, `${p.name} enum`);
      if (p.default !== undefined) t.same(prop.default, p.default, `${p.name} default`);
    }
    const raw = e.pathParams.map((p) => p.name).filter((n) => n === 'bitlink' || n === 'custom_bitlink');
    t.same(sorted(req.rawPathParams ?? []), sorted(raw), 'bitlink path params keep their slash');

    if (e.specFile) {
      const specPath = join(REF_DIR, e.specFile);
      const doc = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiDoc;
      // HubSpot's saved deals spec names the object by type id (0-3); the map uses the equivalent "deals".
      const path = e.path.replace(/^\/crm\/v3\/objects\/deals(?=\/|$)/, '/crm/v3/objects/0-3');
      const item = doc.paths[path];
      t.ok(item, `${e.specFile} has path ${path}`);
      t.ok(item?.[e.method.toLowerCase()], `${e.specFile} has ${e.method} ${path}`);
      t.same(sorted(pathPlaceholders(path)), sorted(pathPlaceholders(req.path)), 'spec path parameter names');
      // Spec paths are relative to the server URL (Bitly's server URL ends in /v4).
      t.equal(doc.servers?.[0]?.url, toolkit.baseUrl, 'spec server URL is the toolkit base URL');
    }
  });
}
