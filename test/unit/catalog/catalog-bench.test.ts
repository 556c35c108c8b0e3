import t from 'tap';
import { rmSync } from 'node:fs';
import { loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { buildQueries, generateCatalog, runQueries } from '../../../sandbox/support/synthetic-catalog.js';

// A scaled-down run of the catalog bench's workload (the same generator and query run): proves
// the synthetic catalog loads and that search beats the linear scan on relevance; timings are
// left to `npx tsx bench/catalog-bench.ts`.
t.test('catalog bench workload on a small synthetic catalog', async (t) => {
  const gen = generateCatalog(20, 10, 'per-toolkit');
  t.teardown(() => rmSync(gen.dir, { recursive: true, force: true }));
  const catalog = loadCatalog({ dirs: [gen.dir] });
  t.equal(catalog.toolkits().length, 20);
  t.equal(catalog.toolkits().flatMap((k) => catalog.toolsOf(k.slug)).length, 200);
  const queries = buildQueries(gen.targets, 60);
  const r = runQueries(catalog, queries);
  t.equal(r.searchTimes.length, 60, 'every query timed');
  t.equal(r.naiveTimes.length, 60);
  t.ok(r.searchTopHitRate >= 0.95, `fuzzy search finds the intended tool first (${r.searchTopHitRate})`);
  t.ok(r.searchTopHitRate > r.naiveTopHitRate, 'and beats a substring scan on typos and word order');
});
