/**
 * Catalog benchmark: start-up (load + validate + compile + index) and tool-search latency on a
 * synthetic catalog of 1,000 toolkits / 20,000 tools, against baselines measured in the same run:
 * loading the 2 real toolkits (109 tools), and a naive linear substring scan over the same tools.
 * Run: `npx tsx bench/catalog-bench.ts`; or import `runCatalogBench` (bench/run.ts).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../src/catalog/catalog-loader.js';
import { ToolSearchIndex } from '../src/catalog/tool-search.js';
import { buildQueries, generateCatalog, runQueries } from '../sandbox/support/synthetic-catalog.js';

export interface CatalogBenchOptions {
  toolkits?: number;
  toolsPerToolkit?: number;
  queries?: number;
  /**
   * 'per-toolkit' (default): a toolkit's tools share a few argument shapes, as real toolkits do
   * (Bitly: 91 tools, far fewer shapes). 'per-tool': every tool has its own shape, the worst case
   * for start-up since each distinct shape is one Ajv compile.
   */
  schemaVariety?: 'per-toolkit' | 'per-tool';
  log?: boolean;
}

export interface CatalogBenchResult {
  schemaVariety: 'per-toolkit' | 'per-tool';
  toolkits: number;
  tools: number;
  loadMs: number;
  loadUsPerTool: number;
  baselineLoadMs: number;
  baselineLoadUsPerTool: number;
  indexBuildMs: number;
  queries: number;
  searchP50Ms: number;
  searchP99Ms: number;
  searchMaxMs: number;
  naiveP50Ms: number;
  naiveP99Ms: number;
  /** naive p50 / search p50: how many times faster the index is than a linear scan. */
  speedupP50: number;
  /** Share of typo / reordered / exact / prefix queries whose intended tool ranks first. */
  searchTopHitRate: number;
  naiveTopHitRate: number;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export async function runCatalogBench(opts: CatalogBenchOptions = {}): Promise<CatalogBenchResult> {
  const toolkits = opts.toolkits ?? 1000;
  const perToolkit = opts.toolsPerToolkit ?? 20;
  const log = opts.log ?? true;

  const variety = opts.schemaVariety ?? 'per-toolkit';
  // Baseline: the real catalog, loaded once to warm up (module JIT, meta-schema compile) and then timed.
  loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  let t0 = performance.now();
  loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  const baselineLoadMs = performance.now() - t0;

  const gen = generateCatalog(toolkits, perToolkit, variety);
  try {
    t0 = performance.now();
    const catalog = loadCatalog({ dirs: [gen.dir] });
    const loadMs = performance.now() - t0;
    const tools = catalog.toolkits().flatMap((k) => catalog.toolsOf(k.slug));
    const docs = tools.map((x) => ({ slug: x.slug, name: x.name, description: x.description, toolkit: '' }));
    t0 = performance.now();
    new ToolSearchIndex(docs);
    const indexBuildMs = performance.now() - t0;

    const queries = buildQueries(gen.targets, opts.queries ?? 600);
    // Search against a naive baseline: one case-insensitive substring test per tool.
    const { searchTimes, naiveTimes, searchTopHitRate, naiveTopHitRate } = runQueries(catalog, queries);
    const result: CatalogBenchResult = {
      schemaVariety: variety,
      toolkits: catalog.toolkits().length,
      tools: tools.length,
      loadMs: round(loadMs, 1),
      loadUsPerTool: round((loadMs * 1000) / tools.length, 1),
      baselineLoadMs: round(baselineLoadMs, 1),
      baselineLoadUsPerTool: round((baselineLoadMs * 1000) / 109, 1),
      indexBuildMs: round(indexBuildMs, 1),
      queries: queries.length,
      searchP50Ms: round(percentile(searchTimes, 50)),
      searchP99Ms: round(percentile(searchTimes, 99)),
      searchMaxMs: round(Math.max(...searchTimes)),
      naiveP50Ms: round(percentile(naiveTimes, 50)),
      naiveP99Ms: round(percentile(naiveTimes, 99)),
      speedupP50: round(percentile(naiveTimes, 50) / percentile(searchTimes, 50), 1),
      searchTopHitRate: round(searchTopHitRate, 3),
      naiveTopHitRate: round(naiveTopHitRate, 3),
    };
    if (log) {
      console.log(
        `catalog bench: ${result.toolkits} toolkits, ${result.tools} tools, argument shapes ${variety}, ${result.queries} queries`,
      );
      console.log(
        `  load      ${result.loadMs} ms (${result.loadUsPerTool} us/tool); real 2-toolkit catalog (109 tools): ${result.baselineLoadMs} ms (${result.baselineLoadUsPerTool} us/tool)`,
      );
      console.log(`  index     ${result.indexBuildMs} ms to build the search index alone`);
      console.log(
        `  search    p50 ${result.searchP50Ms} ms, p99 ${result.searchP99Ms} ms, max ${result.searchMaxMs} ms; right tool first in ${(result.searchTopHitRate * 100).toFixed(1)}% of targeted queries`,
      );
      console.log(
        `  naive     p50 ${result.naiveP50Ms} ms, p99 ${result.naiveP99Ms} ms; right tool first in ${(result.naiveTopHitRate * 100).toFixed(1)}%`,
      );
      console.log(`  ratio     index is ${result.speedupP50}x faster than the linear scan at p50`);
    }
    return result;
  } finally {
    rmSync(gen.dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runCatalogBench({ schemaVariety: process.argv.includes('--per-tool-schemas') ? 'per-tool' : 'per-toolkit' });
}
