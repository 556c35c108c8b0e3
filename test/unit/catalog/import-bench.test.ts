/**
 * The import benchmark's workload (bench/import-bench.ts) without timings: the synthetic
 * 1,000-operation document imports whole into a folder that passes the loader's checks, and every
 * imported-toolkit search intent names one of its tools (so the bench scores real targets).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { importOpenApi } from '../../../src/catalog/import/import-toolkit.js';
import { loadImportedSearchIntents } from '../../../sandbox/support/search-intents.js';
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
});
