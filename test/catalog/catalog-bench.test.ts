import t from 'tap';
import { runCatalogBench } from '../../bench/catalog-bench.js';

// A scaled-down run: proves the bench still works and that search beats the linear scan on
// relevance; absolute timings are left to `npx tsx bench/catalog-bench.ts`.
t.test('catalog bench runs on a small synthetic catalog', async (t) => {
  const r = await runCatalogBench({ toolkits: 20, toolsPerToolkit: 10, queries: 60, log: false });
  t.equal(r.toolkits, 20);
  t.equal(r.tools, 200);
  t.ok(r.loadMs > 0 && r.searchP50Ms >= 0 && r.searchP99Ms >= r.searchP50Ms);
  t.ok(r.searchTopHitRate >= 0.95, `fuzzy search finds the intended tool first (${r.searchTopHitRate})`);
  t.ok(r.searchTopHitRate > r.naiveTopHitRate, 'and beats a substring scan on typos and word order');
});
