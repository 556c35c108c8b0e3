/**
 * `broker catalog import` (src/catalog/import/): the fixture documents of test/fixtures/openapi-import
 * (OpenAPI 3.0, 3.1 and Swagger 2.0, one case per mapping rule of docs/guides/catalog.md) import
 * into folders that pass the loader's checks, each rule shows in the written files, every
 * generated tool builds requests its document accepts, and a re-import keeps hand edits.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { dereference } from '@readme/openapi-parser';
import { loadCatalog } from '../../../src/catalog/catalog-loader.js';
import type { ToolFile, ToolkitFile } from '../../../src/catalog/catalog-schema.js';
import { renderRequest } from '../../../src/catalog/request-template.js';
import { importOpenApi, OVERRIDES_FILE } from '../../../src/catalog/import/import-toolkit.js';
import { OpenApiRequestChecker, sampleArguments } from '../../../sandbox/support/openapi-request-check.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/openapi-import/', import.meta.url));
const fixture = (name: string) => join(FIXTURES, name);
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Imports and returns the loaded catalog plus readers of the written files. */
async function imported(file: string, toolkit: string) {
  const out = scratch();
  const report = await importOpenApi({ file: fixture(file), outDir: out, toolkit });
  const catalog = loadCatalog({ dirs: [out] });
  const tool = (suffix: string) => readJson<ToolFile>(join(out, toolkit, 'tools', `${toolkit.toUpperCase()}_${suffix}.json`));
  const toolkitFile = readJson<ToolkitFile>(join(out, toolkit, 'toolkit.json'));
  return { out, report, catalog, tool, toolkitFile };
}

/** Every tool's required-only and full sample arguments render a request the document accepts. */
async function assertAccepted(t: Test, file: string, catalog: ReturnType<typeof loadCatalog>, slug: string) {
  const doc = (await dereference(fixture(file), { dereference: { circular: 'ignore' } })) as unknown as Record<string, unknown>;
  const toolkit = catalog.getToolkit(slug)!;
  const checker = new OpenApiRequestChecker(doc, toolkit.baseUrl);
  for (const tool of catalog.toolsOf(slug)) {
    for (const full of [false, true]) {
      const args = catalog.validateInput(tool.slug, sampleArguments(tool.input, full));
      t.ok(args.ok, `${tool.slug} accepts its own ${full ? 'full' : 'required-only'} sample arguments`);
      if (!args.ok) continue;
      const { problems } = checker.check(renderRequest(toolkit, tool, args.value));
      t.same(problems, [], `${tool.slug} (${full ? 'full' : 'required-only'}): the document accepts the request`);
    }
  }
}

t.test('OpenAPI 3.0: every mapping rule', async (t) => {
  const { report, catalog, tool, toolkitFile } = await imported('pets-3.0.yaml', 'pets');
  t.ok(report.check.ok, 'the written folder passes catalog check');
  t.same(report.check.problems, []);
  t.equal(report.written.length, 6);

  t.equal(toolkitFile.formatVersion, '1.1', 'written in the current format version');
  t.equal(toolkitFile.baseUrl, 'https://eu.petclinic.example/api/v2', 'server variables filled with their defaults');
  t.same(toolkitFile.allowedHosts, ['eu.petclinic.example']);
  t.equal(toolkitFile.description, 'Pets, owners and visits.', 'no HTML');
  t.equal(toolkitFile.version, 'v2.1.0');
  t.same(toolkitFile.categories, [{ slug: 'pets', name: 'Pets' }, { slug: 'owners', name: 'Owners' }], 'tags become categories');

  // Security schemes -> auth methods.
  const byId = Object.fromEntries(toolkitFile.authMethods.map((m) => [m.id, m]));
  t.same(Object.keys(byId), ['oauth', 'apikeyheader', 'apikeyquery', 'apikeycookie', 'basicauth', 'bearerauth']);
  const oauth = byId.oauth!;
  t.equal(oauth.kind, 'oauth2');
  if (oauth.kind === 'oauth2') {
    t.equal(oauth.oauth2.authorizeUrl, 'https://auth.petclinic.example/authorize');
    t.equal(oauth.oauth2.tokenUrl, 'https://auth.petclinic.example/token');
    t.same(oauth.inject, [{ in: 'header', name: 'Authorization', value: 'Bearer {access_token}' }]);
  }
  t.same(byId.apikeyheader!.inject, [{ in: 'header', name: 'X-Api-Key', value: '{api_key}' }]);
  t.same(byId.apikeyquery!.inject, [{ in: 'query', name: 'api_key', value: '{api_key}' }]);
  t.same(byId.apikeycookie!.inject, [{ in: 'header', name: 'Cookie', value: 'sid={api_key}' }]);
  t.same(byId.basicauth!.inject, [{ in: 'header', name: 'Authorization', value: 'Basic {base64:username:password}' }]);
  t.same(byId.bearerauth!.inject, [{ in: 'header', name: 'Authorization', value: 'Bearer {token}' }]);
  t.match(report.authSkipped, { digestAuth: /digest/, oidc: /openIdConnect/ }, 'unsupported schemes reported');

  // Skipped operations, each with its reason.
  t.match(report.skipped, [
    { operation: /OPTIONS \/pets\/\{petId\}/, reason: /method OPTIONS/ },
    { operation: /uploadPhoto/, reason: /multipart\/form-data/ },
    { operation: /putRaw/, reason: /application\/octet-stream/ },
  ]);

  // Parameters: $ref'd, array query with explode, header, cookie left out; slug from operationId.
  const list = tool('LIST_PETS');
  t.equal(list.name, 'List pets');
  t.equal(list.description, 'List pets. Lists pets. Read more & filter by status.', 'summary + description, HTML and links reduced to text');
  t.same(list.request.query, ['limit', 'status', 'since']);
  t.same(
    list.input.properties.since,
    { description: 'Changed since (a date-time, or bounds).', type: 'string', format: 'date-time' },
    'a query value that may be an object keeps its scalar alternative (the template sends objects as JSON)',
  );
  t.equal(list.request.arrayFormat, 'repeat', 'explode: true arrays repeat the key');
  t.same(list.request.headers, { 'X-Request-Id': 'X-Request-Id' });
  t.same(list.input.properties.limit, { description: 'Page size.', type: 'integer', minimum: 1, maximum: 100, default: 20 }, 'default and bounds kept');
  t.same(list.input.properties['X-Request-Id']!.format, 'uuid', 'format kept');
  t.same(list.input.properties.status!.items, { type: 'string', enum: ['available', 'sold'] }, 'enum kept');
  t.notOk('session' in list.input.properties, 'optional cookie parameter left out');
  t.same(list.scopes, ['pets.read'], "the document's OAuth scopes apply when the operation declares none");
  t.same(list.tags, ['Pets']);

  // Body: allOf merged, readOnly dropped, nullable, exclusive bounds, oneOf as anyOf, recursion bounded.
  const create = tool('CREATE_PET');
  t.same(create.scopes, ['pets.write'], 'per-operation scopes');
  t.same(create.request.body, { fields: ['kind', 'nickname', 'born', 'weight', 'owner', 'parent', 'oddFormat', 'name'] });
  t.same([...(create.input.required ?? [])].sort(), ['kind', 'name'], 'allOf required united');
  t.notOk('id' in create.input.properties, 'readOnly field left out of the request');
  t.same(create.input.properties.nickname!.type, ['string', 'null'], 'nullable becomes a null type');
  t.same(create.input.properties.weight!.exclusiveMinimum, 0, '3.0 boolean exclusiveMinimum becomes a number');
  t.notOk('minimum' in create.input.properties.weight!);
  t.same(create.input.properties.born!.examples, ['2020-01-02'], 'example kept as examples');
  t.equal(create.input.properties.owner!.anyOf?.length, 2, 'oneOf kept as anyOf');
  t.notOk('format' in create.input.properties.oddFormat!, 'a format the validator does not know is dropped');
  let depth = 0;
  for (let node: Record<string, unknown> | undefined = create.input.properties.parent as Record<string, unknown>; node; depth++) {
    const children = (node.properties as Record<string, Record<string, unknown>> | undefined)?.children;
    node = children?.items as Record<string, unknown> | undefined;
  }
  t.ok(depth > 1 && depth < 8, `a recursive schema is cut at a bounded depth (${depth} levels)`);

  // Path-level parameters, deprecated operations, security: [] (no scopes), form bodies.
  const get = tool('GET_PET');
  t.same(get.input.required, ['petId']);
  t.same(get.input.properties.petId, { description: "The pet's id.", type: 'integer', minimum: 1, format: 'int64' });
  t.notOk('scopes' in get ? get.scopes?.length : false, 'API-key/basic alternatives carry no OAuth scopes');
  const del = tool('DELETE_PET');
  t.equal(del.deprecated, true, 'deprecated operation marked');
  t.same(del.scopes, [], 'security: [] means no scopes');
  const login = tool('POST_OWNERS_OWNER_ID_LOGIN');
  t.equal(login.name, 'Log an owner in', 'no operationId: slug from method and path, name from the summary');
  t.equal(login.request.bodyEncoding, 'form', 'form-urlencoded body');
  t.same(login.request.body, { fields: ['password', 'remember'] });
  t.same(login.input.required, ['ownerId', 'password']);
  t.match(report.notes, [{ note: /cookie parameter "session"/ }, { note: /deepObject/ }]);

  await assertAccepted(t, 'pets-3.0.yaml', catalog, 'pets');
});

t.test('OpenAPI 3.1: type arrays, const, duplicate operationIds, non-object bodies', async (t) => {
  const { report, catalog, tool } = await imported('pets-3.1.json', 'clinic31');
  t.ok(report.check.ok);
  t.match(report.validationProblems, [/create_visit/], 'validation problems reported, import goes on');
  t.same(report.written.sort(), ['CLINIC31_ADD_NOTE', 'CLINIC31_CREATE_VISIT', 'CLINIC31_CREATE_VISIT_2']);
  // GET comes before POST in a path item: the POST gets the deduplicated slug.
  const create = tool('CREATE_VISIT_2');
  t.same(create.input.properties.note!.type, ['string', 'null']);
  t.same(create.input.properties.kind!.const, 'checkup');
  t.same(create.input.properties.slot!.anyOf, [{ type: 'string', format: 'date-time' }, { type: 'null' }]);
  const list = tool('CREATE_VISIT');
  t.equal(list.request.arrayFormat, undefined, 'explode: false arrays are comma-separated (the default)');
  const note = tool('ADD_NOTE');
  t.equal(note.request.body, 'all', 'a free-form object body sends every argument');
  t.equal(note.input.additionalProperties, true);
  t.match(report.skipped, [{ operation: /batchVisits/, reason: /array, not an object/ }]);
  await assertAccepted(t, 'pets-3.1.json', catalog, 'clinic31');
});

t.test('Swagger 2.0: body and formData parameters, collectionFormat, securityDefinitions', async (t) => {
  const { report, catalog, tool, toolkitFile } = await imported('pets-2.0.yaml', 'registry');
  t.ok(report.check.ok);
  t.equal(toolkitFile.baseUrl, 'https://registry.petclinic.example/v1', 'host + basePath');
  t.same(
    toolkitFile.authMethods.map((m) => `${m.id}:${m.kind}`),
    ['basic:basic', 'key:api_key', 'oauth:oauth2'],
  );
  t.match(report.authSkipped, { implicit: /implicit/ });
  const search = tool('SEARCH_CHIPS');
  t.equal(search.request.arrayFormat, 'repeat', 'collectionFormat multi');
  t.same(search.input.properties.owner!.type, ['string', 'null'], 'x-nullable');
  t.same(search.scopes, [], 'basic auth: no OAuth scopes');
  const register = tool('REGISTER_CHIP');
  t.same(register.scopes, ['registry']);
  t.same(register.input.required, ['code']);
  t.equal(register.input.properties.code!.pattern, '^[0-9]{15}$');
  const transfer = tool('TRANSFER_CHIP');
  t.equal(transfer.request.bodyEncoding, 'form');
  t.same(transfer.input.required, ['code', 'to']);
  t.match(report.skipped, [{ operation: /uploadScan/, reason: /multipart/ }]);
  await assertAccepted(t, 'pets-2.0.yaml', catalog, 'registry');
});

t.test('filters: tags, methods, operations; dry run writes nothing', async (t) => {
  const out = scratch();
  const tags = await importOpenApi({ file: fixture('pets-3.0.yaml'), outDir: out, toolkit: 'pets', includeTags: ['Owners'], dryRun: true });
  t.same(tags.written.sort(), ['PETS_OWNER_TREE', 'PETS_POST_OWNERS_OWNER_ID_LOGIN']);
  t.ok(tags.check.ok);
  t.notOk(existsSync(join(out, 'pets')), 'a dry run leaves the catalog directory alone');
  const methods = await importOpenApi({ file: fixture('pets-3.0.yaml'), outDir: out, toolkit: 'pets', methods: ['delete'], excludeTags: ['Owners'], dryRun: true });
  t.same(methods.written, ['PETS_DELETE_PET']);
  const ops = await importOpenApi({ file: fixture('pets-3.0.yaml'), outDir: out, toolkit: 'pets', operations: ['getPet', 'PETS_LIST_PETS', 'post /owners/{ownerId}/login'], dryRun: true });
  t.same(ops.written.sort(), ['PETS_GET_PET', 'PETS_LIST_PETS', 'PETS_POST_OWNERS_OWNER_ID_LOGIN']);
  t.equal(ops.filtered, 6);
});

t.test('re-import keeps hand edits and reports added, changed and removed operations', async (t) => {
  const out = scratch();
  const src = join(out, 'doc.yaml');
  cpSync(fixture('pets-3.0.yaml'), src);
  const first = await importOpenApi({ file: src, outDir: out, toolkit: 'pets' });
  t.equal(first.added.length, 6);
  const dir = join(out, 'pets');
  const toolFile = (slug: string) => join(dir, 'tools', `${slug}.json`);

  // The author edits one description, trims the toolkit's name, and deletes one tool.
  const list = readJson<ToolFile>(toolFile('PETS_LIST_PETS'));
  list.description = 'List the clinic pets, newest first.';
  list.input.properties.limit!.description = 'How many pets per page (1-100).';
  writeFileSync(toolFile('PETS_LIST_PETS'), JSON.stringify(list, null, 2));
  const tk = readJson<ToolkitFile>(join(dir, 'toolkit.json'));
  writeFileSync(join(dir, 'toolkit.json'), JSON.stringify({ ...tk, name: 'Pets' }, null, 2));
  unlinkSync(toolFile('PETS_OWNER_TREE'));

  // The provider publishes a new version: one operation gone, one added, one changed.
  const next = readFileSync(src, 'utf8')
    .replace(/ {2}\/pets\/\{petId\}\/raw:[\s\S]*?(?= {2}\/owners)/, '')
    .replace("      summary: Get a pet\n", "      summary: Get one pet\n")
    .replace('  /owners/{ownerId}/tree:', "  /vets:\n    get:\n      operationId: listVets\n      responses: { '200': { description: ok } }\n  /owners/{ownerId}/tree:")
    .replace(/ {4}delete:\n[\s\S]*?security: \[\]\n/, '');
  writeFileSync(src, next);
  const second = await importOpenApi({ file: src, outDir: out, toolkit: 'pets' });
  t.ok(second.check.ok, 'still passes catalog check');
  t.same(second.added, ['PETS_LIST_VETS']);
  t.same(second.changed, ['PETS_GET_PET']);
  t.same(second.removed, ['PETS_DELETE_PET']);
  t.notOk(existsSync(toolFile('PETS_DELETE_PET')), 'a removed operation loses its generated file');
  t.equal(readJson<ToolFile>(toolFile('PETS_GET_PET')).name, 'Get one pet', 'generated fields follow the document');

  const kept = readJson<ToolFile>(toolFile('PETS_LIST_PETS'));
  t.equal(kept.description, 'List the clinic pets, newest first.', 'hand-edited description kept');
  t.equal(kept.input.properties.limit!.description, 'How many pets per page (1-100).', 'nested hand edit kept');
  t.equal(kept.input.properties.limit!.maximum, 100, 'the rest still generated');
  t.equal(readJson<ToolkitFile>(join(dir, 'toolkit.json')).name, 'Pets', 'toolkit edit kept');
  t.notOk(existsSync(toolFile('PETS_OWNER_TREE')), 'a tool the author deleted stays deleted');
  t.same(second.excluded, ['PETS_OWNER_TREE']);
  t.same(second.overridden.sort(), ['PETS_LIST_PETS', 'toolkit']);

  const overrides = readJson<{ toolkit: unknown; tools: Record<string, unknown> }>(join(dir, OVERRIDES_FILE));
  t.same(overrides.toolkit, { name: 'Pets' }, 'edits are kept as JSON merge patches');
  t.same(overrides.tools.PETS_OWNER_TREE, null);
  t.same(overrides.tools.PETS_LIST_PETS, {
    description: 'List the clinic pets, newest first.',
    input: { properties: { limit: { description: 'How many pets per page (1-100).' } } },
  });

  // A third import of the same document changes nothing.
  const third = await importOpenApi({ file: src, outDir: out, toolkit: 'pets' });
  t.same([third.added, third.changed, third.removed], [[], [], []]);
  t.equal(readJson<ToolFile>(toolFile('PETS_LIST_PETS')).description, 'List the clinic pets, newest first.');
});

t.test('a document that is not OpenAPI, or has no absolute server URL, is refused with a message', async (t) => {
  const out = scratch();
  const bad = join(out, 'bad.json');
  writeFileSync(bad, '{"hello": 1}');
  await t.rejects(importOpenApi({ file: bad, outDir: out }), /could not be read as OpenAPI/);
  const relative = join(out, 'relative.json');
  writeFileSync(relative, JSON.stringify({ openapi: '3.0.0', info: { title: 'x', version: '1' }, servers: [{ url: '/api' }], paths: {} }));
  await t.rejects(importOpenApi({ file: relative, outDir: out }), /--base-url/);
  const ok = await importOpenApi({ file: relative, outDir: out, baseUrl: 'https://api.example.com/api' });
  t.equal(ok.toolkit, 'x');
  t.ok(ok.check.ok, 'no operations and no auth: a noAuth toolkit');
});
