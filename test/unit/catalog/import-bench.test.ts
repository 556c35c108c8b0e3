/**
 * The import benchmark's workload (bench/import-bench.ts) without timings: the synthetic
 * 1,000-operation document imports whole into a folder that passes the loader's checks, every
 * imported-toolkit search intent names one of its tools (so the bench scores real targets), and
 * search keeps hit@3 >= 95% on all intents with the imported toolkit beside the samples.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { importOpenApi } from '../../../src/catalog/import/import-toolkit.js';
import { loadImportedSearchIntents, loadSearchIntents, scoreSearchIntents } from '../../../sandbox/support/search-intents.js';
import { SYNTHETIC_TOOLKIT, syntheticOpenApi } from '../../../sandbox/support/synthetic-openapi.js';

t.test('the 1,000-operation document imports whole and the intents name its tools', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'ops.json');
  writeFileSync(file, JSON.stringify(syntheticOpenApi()));
  const report = await importOpenApi({ file, outDir: join(dir, 'catalog'), toolkit: SYNTHETIC_TOOLKIT });
  t.equal(report.operations, 1000);
  t.equal(report.written.length, 1000);
  t.same(report.skipped, []);
  t.ok(report.check.ok, 'passes catalog check');
  const catalog = loadCatalog({ dirs: [join(dir, 'catalog')] });
  const intents = loadImportedSearchIntents();
  t.ok(intents.length >= 20, `${intents.length} intents`);
  t.same(intents.filter((i) => !catalog.getTool(i.tool)), [], 'every intent names an imported tool');

  // Ten times the tools, many sharing the samples' nouns (contact, deal, webhook, link).
  const big = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, join(dir, 'catalog')] });
  const top = (search: string) => big.searchTools({ search, limit: 3 }).items.map((x) => x.slug);
  t.equal(top('move a contact to the recycle bin')[0], 'HUBSPOT_CONTACTS_ARCHIVE', 'every word answered beats OPS_MOVE_CONTACT naming two');
  t.equal(top('list the webhooks of my organization')[0], 'BITLY_GET_WEBHOOKS', 'over OPS_LIST_WEBHOOKS, which has no organization');
  const score = scoreSearchIntents(big, [...loadSearchIntents(), ...intents]);
  t.ok(score.hit3 >= 0.95, `hit@3 ${score.hit3.toFixed(3)} (hit@1 ${score.hit1.toFixed(3)}) on ${big.toolCount} tools; missed: ${score.misses.map((m) => m.query).join(' | ')}`);
});
