/**
 * The console's toolkit catalog: auth methods with their form fields, tools count, logo, the OAuth
 * callback URL; a toolkit's page (trigger types, tools paged with schemas and scopes); signed-in people only.
 */
import t from 'tap';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { CONSOLE, signUp } from '../../helpers/console.js';

t.test('every toolkit with what setting up a connection needs, and nothing of the provider plumbing', async (t) => {
  const { app } = await buildTestApp(t, { env: { CATALOG_PATHS: EXTRA_CATALOG } });
  t.equal((await app.inject({ url: `${CONSOLE}/toolkits` })).statusCode, 401, 'needs a session');
  const person = await signUp(app, 'ada@example.com');
  const res = await person.get('/toolkits');
  t.equal(res.statusCode, 200, res.body);
  const items = res.json().items as { slug: string; toolsCount: number }[];
  const native = (await app.services.catalogService.listToolkits({ limit: 200 })).items;
  t.same(
    items.map((k) => k.slug),
    native.map((k) => k.slug),
    'the whole catalog, in its order',
  );
  const bySlug = Object.fromEntries(res.json().items.map((k: { slug: string }) => [k.slug, k]));

  t.match(bySlug.hubspot, { name: String, toolsCount: native.find((k) => k.slug === 'hubspot')!.toolsCount, noAuth: false });
  t.ok(bySlug.hubspot.toolsCount > 10);
  t.match(bySlug.hubspot.authMethods, [{ id: 'hubspot_oauth2', kind: 'oauth2', credentialFields: null, defaultScopes: Array }]);
  t.ok(bySlug.hubspot.authMethods[0].defaultScopes.length > 0, 'OAuth default scopes');
  const acme = bySlug.acme.authMethods;
  t.match(acme, [
    { id: 'acme_api_key', name: 'Acme API key', kind: 'api_key', defaultScopes: [], credentialFields: { required: ['api_key'] } },
    { id: 'acme_basic', kind: 'basic', credentialFields: { properties: { username: { type: 'string' }, password: { type: 'string' } } } },
  ]);
  t.notMatch(res.body, /authorizeUrl|tokenUrl|baseUrl|allowedHosts|inject/, 'no endpoints or injection rules');
  t.equal(bySlug.hubspot.logo, 'https://www.hubspot.com/favicon.ico', "the catalog file's logo");
  t.notOk('logo' in bySlug.acme, 'absent when the file has none');
});

/** A catalog dir with one toolkit of `count` tools (as an OpenAPI import can make), named BULK_TOOL_0000…. */
function bulkCatalog(t: Parameters<typeof buildTestApp>[0], count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'bulk-catalog-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const toolkit = JSON.parse(readFileSync(join(EXTRA_CATALOG, 'acme', 'toolkit.json'), 'utf8')) as Record<string, unknown>;
  const tool = JSON.parse(readFileSync(join(EXTRA_CATALOG, 'acme', 'tools', 'ACME_GET_ME.json'), 'utf8')) as Record<string, unknown>;
  mkdirSync(join(dir, 'bulk', 'tools'), { recursive: true });
  writeFileSync(join(dir, 'bulk', 'toolkit.json'), JSON.stringify({ ...toolkit, slug: 'bulk', name: 'Bulk' }));
  for (let i = 0; i < count; i++) {
    const slug = `BULK_TOOL_${String(i).padStart(4, '0')}`;
    writeFileSync(join(dir, 'bulk', 'tools', `${slug}.json`), JSON.stringify({ ...tool, slug, name: `Bulk tool ${i}` }));
  }
  return dir;
}

t.test("a toolkit's page: its trigger types, the callback URL, and its tools page by page with schemas and scopes", async (t) => {
  const { app, config } = await buildTestApp(t, { env: { CATALOG_PATHS: EXTRA_CATALOG } });
  t.equal((await app.inject({ url: `${CONSOLE}/toolkits/hubspot` })).statusCode, 401, 'needs a session');
  t.equal((await app.inject({ url: `${CONSOLE}/toolkits/hubspot/tools` })).statusCode, 401, 'needs a session');
  const person = await signUp(app, 'ada@example.com');

  const hubspot = await person.get('/toolkits/hubspot');
  t.equal(hubspot.statusCode, 200, hubspot.body);
  const listed = (await person.get('/toolkits')).json().items.find((k: { slug: string }) => k.slug === 'hubspot');
  const { triggerTypes, ...asListed } = hubspot.json();
  t.same(asListed, listed, 'the toolkit as the list shows it');
  t.equal(
    hubspot.json().oauthCallbackUrl,
    `${config.publicBaseUrl}/api/v1/connectors/hubspot/callback`,
    "the broker's OAuth callback under PUBLIC_BASE_URL",
  );
  const nativeTriggers = app.services.catalogService.listTriggerTypes({ toolkit: 'hubspot', limit: 200 }).items;
  t.ok(nativeTriggers.length > 0, 'HubSpot has trigger types');
  t.same(
    triggerTypes.map((tt: { slug: string }) => tt.slug),
    nativeTriggers.map((tt) => tt.slug),
    'its trigger types, by slug',
  );
  t.match(triggerTypes[0], { name: String, description: String, type: /^(poll|webhook)$/, config: { type: 'object' } });
  t.equal(hubspot.json().triggersCount, nativeTriggers.length);
  t.equal((await person.get('/toolkits/acme')).json().oauthCallbackUrl, null, 'no OAuth method, no callback URL');

  // Every tool once over the pages, in the native list's order.
  const total = listed.toolsCount as number;
  const seen: string[] = [];
  for (let offset = 0; offset < total; offset += 5) {
    const page = await person.get(`/toolkits/hubspot/tools?limit=5&offset=${offset}`);
    t.equal(page.statusCode, 200, page.body);
    t.equal(page.json().total, total);
    seen.push(...page.json().items.map((tool: { slug: string }) => tool.slug));
  }
  t.same(
    seen,
    app.services.catalogService.listTools({ toolkit: 'hubspot', limit: 500 }).items.map((tool) => tool.slug),
    'every tool once, in order',
  );
  const create = (await person.get('/toolkits/hubspot/tools?search=create%20contact&limit=3')).json();
  t.equal(create.items[0].slug, 'HUBSPOT_CONTACTS_CREATE', 'search ranks as listTools does');
  const file = app.services.catalog.getTool('HUBSPOT_CONTACTS_CREATE')!;
  t.same(create.items[0].input, file.input, 'the input schema as the catalog file has it');
  t.same(create.items[0].scopes, file.scopes ?? null, "the tool's scopes");
  t.match(create.items[0], { name: String, description: String, version: String, deprecated: false, tags: Array });
  t.notMatch(JSON.stringify(create), /baseUrl|"request"|inject/, 'not the request template');
  const widget = (await person.get('/toolkits/acme/tools?search=ACME_CREATE_WIDGET')).json().items[0];
  t.match(widget, {
    slug: 'ACME_CREATE_WIDGET',
    scopes: null,
    input: { required: ['project', 'name'], properties: { color: { enum: ['red', 'green', 'blue'] } } },
  });

  const unknown = await person.get('/toolkits/nope');
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json().message, /Toolkit nope not found/);
  t.equal((await person.get('/toolkits/nope/tools')).statusCode, 404);
  for (const query of ['limit=0', 'limit=101', 'offset=-1', `search=${'x'.repeat(201)}`]) {
    const bad = await person.get(`/toolkits/hubspot/tools?${query}`);
    t.equal(bad.statusCode, 400, `${query.slice(0, 20)} is refused`);
    t.match(bad.json().message, /limit|offset|search/);
  }
});

t.test('a toolkit of 1,000 tools is listed a bounded page at a time', async (t) => {
  const { app } = await buildTestApp(t, { env: { CATALOG_PATHS: bulkCatalog(t, 1000) } });
  const person = await signUp(app, 'ada@example.com');
  t.equal((await person.get('/toolkits/bulk')).json().toolsCount, 1000);
  const first = await person.get('/toolkits/bulk/tools');
  t.equal(first.statusCode, 200);
  t.equal(first.json().total, 1000);
  t.equal(first.json().items.length, 25, 'the default page');
  t.equal(first.json().items[0].slug, 'BULK_TOOL_0000');
  const last = (await person.get('/toolkits/bulk/tools?limit=100&offset=900')).json();
  t.equal(last.items.length, 100, 'the largest page');
  t.equal(last.items.at(-1).slug, 'BULK_TOOL_0999');
  const found = (await person.get('/toolkits/bulk/tools?search=BULK_TOOL_0567')).json();
  t.equal(found.items[0].slug, 'BULK_TOOL_0567', 'search finds one among a thousand');
});
