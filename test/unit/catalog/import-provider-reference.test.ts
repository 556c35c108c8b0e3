/**
 * The HubSpot and Bitly documents of test/fixtures/provider-reference imported as a new user would:
 * every generated tool whose operation matches a hand-written one (tool-map.json) has its method,
 * path and path parameters, and builds requests, required-only and full, that the document
 * accepts (sandbox/support/openapi-request-check.ts). The fixture keeps each operation's
 * operationId only (see its README), so parameter and body checks run on the mapping fixtures
 * (openapi-import.test.ts) and by hand on the full documents (docs/internals/performance.md).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { dereference } from '@readme/openapi-parser';
import { loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { pathPlaceholders, renderRequest } from '../../../src/catalog/request-template.js';
import { importOpenApi } from '../../../src/catalog/import/import-toolkit.js';
import { OpenApiRequestChecker, sampleArguments } from '../../../sandbox/support/openapi-request-check.js';

const REF_DIR = fileURLToPath(new URL('../../fixtures/provider-reference/', import.meta.url));
interface RefEntry {
  slug: string;
  method: string;
  path: string;
  pathParams: { name: string }[];
  specFile?: string;
}
const entries = JSON.parse(readFileSync(join(REF_DIR, 'tool-map.json'), 'utf8')) as RefEntry[];
const specFiles = [...new Set(entries.flatMap((e) => (e.specFile ? [e.specFile] : [])))].sort();
// HubSpot's saved deals document names the object by type id (0-3); the map says "deals".
const specPath = (e: RefEntry) => e.path.replace(/^\/crm\/v3\/objects\/deals(?=\/|$)/, '/crm/v3/objects/0-3');
const shape = (path: string) => path.replace(/\{[^{}]+\}/g, '{}');

t.test('the fixture names the four provider documents', async (t) => {
  t.same(specFiles, ['bitly-v4-2023-09.openapi.json', 'hubspot-crm-companies-v3.openapi.json', 'hubspot-crm-contacts-v3.openapi.json', 'hubspot-crm-deals-v3.openapi.json']);
});

for (const file of specFiles) {
  t.test(file, async (t) => {
    const out = mkdtempSync(join(tmpdir(), 'import-ref-'));
    t.teardown(() => rmSync(out, { recursive: true, force: true }));
    const slug = file.split('-openapi')[0]!.replace(/\.openapi\.json$/, '').replace(/[^a-z0-9]+/g, '_');
    const report = await importOpenApi({ file: join(REF_DIR, file), outDir: out, toolkit: slug });
    t.ok(report.check.ok, 'passes catalog check');
    t.same(report.skipped, [], 'no operation skipped');
    const catalog = loadCatalog({ dirs: [out] });
    const toolkit = catalog.getToolkit(slug)!;
    const doc = (await dereference(join(REF_DIR, file))) as unknown as Record<string, unknown>;
    t.equal(toolkit.baseUrl, (doc.servers as { url: string }[])[0]!.url, "the document's server URL is the base URL");
    const checker = new OpenApiRequestChecker(doc, toolkit.baseUrl);
    const tools = catalog.toolsOf(slug);
    let matched = 0;
    for (const e of entries.filter((x) => x.specFile === file)) {
      const path = specPath(e);
      const tool = tools.find((x) => x.request.method === e.method && shape(x.request.path) === shape(path));
      if (!tool) {
        t.fail(`no generated tool for ${e.slug} (${e.method} ${path})`);
        continue;
      }
      matched++;
      t.equal(pathPlaceholders(tool.request.path).length, e.pathParams.length, `${e.slug}: ${tool.slug} has the path parameters`);
      for (const full of [false, true]) {
        const args = catalog.validateInput(tool.slug, sampleArguments(tool.input, full));
        if (!args.ok) {
          t.fail(`${tool.slug} refuses its own sample arguments`);
          continue;
        }
        const checked = checker.check(renderRequest(toolkit, tool, args.value));
        t.same(checked.problems, [], `${e.slug} -> ${tool.slug} (${full ? 'full' : 'required-only'}): accepted`);
        t.same(checked.operation, { method: e.method, path }, 'the same operation as the hand-written tool');
      }
    }
    t.ok(matched > 0, `${matched} hand-written tools matched`);
  });
}
