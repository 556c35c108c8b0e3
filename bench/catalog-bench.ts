/**
 * Catalog benchmark: start-up (load + validate + compile + index) and tool-search latency on a
 * synthetic catalog of 1,000 toolkits / 20,000 tools, against baselines measured in the same run:
 * loading the 2 real toolkits (109 tools), and a naive linear substring scan over the same tools.
 * Run: `npx tsx bench/catalog-bench.ts`; or import `runCatalogBench` (bench/run.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../src/catalog/catalog-loader.js';
import type { ToolFile, ToolkitFile } from '../src/catalog/catalog-schema.js';
import { ToolSearchIndex } from '../src/catalog/tool-search.js';

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

/** Deterministic PRNG (mulberry32) so every run benchmarks the same catalog and queries. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'ven', 'tri', 'mo', 'zen', 'qua', 'rex', 'sol', 'dar', 'pi', 'nu', 'bel', 'cor', 'fy', 'ga'];
const OBJECTS = ['invoice', 'customer', 'ticket', 'project', 'task', 'order', 'payment', 'message', 'channel', 'contact', 'deal', 'file', 'folder', 'event', 'calendar', 'report', 'campaign', 'product', 'subscription', 'webhook', 'user', 'team', 'comment', 'issue', 'release', 'repository', 'meeting', 'note', 'lead', 'account'];
const ACTIONS = ['create', 'get', 'list', 'update', 'delete', 'search', 'archive', 'export'];
const FILLER = 'returns the record with all fields paginated cursor limit results filter sort optional required identifier workspace owner status created updated timestamp provider error rate limited'.split(' ');

interface Generated {
  dir: string;
  targets: { slug: string; brand: string; object: string; action: string }[];
}

function generateCatalog(toolkits: number, perToolkit: number, variety: 'per-toolkit' | 'per-tool'): Generated {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const targets: Generated['targets'] = [];
  for (let k = 0; k < toolkits; k++) {
    const brand = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}${k}`;
    const tkDir = join(dir, brand);
    mkdirSync(join(tkDir, 'tools'), { recursive: true });
    const toolkit: ToolkitFile = {
      slug: brand,
      name: brand[0].toUpperCase() + brand.slice(1),
      description: `Synthetic toolkit ${k}`,
      version: 'v1.0.0',
      categories: [{ slug: pick(['crm', 'devtools', 'marketing', 'finance']), name: 'Category' }],
      baseUrl: `https://api.${brand}.example.com`,
      allowedHosts: [`api.${brand}.example.com`],
      noAuth: false,
      triggersCount: 0,
      authMethods: [
        {
          id: `${brand}_key`,
          displayName: 'API key',
          kind: 'api_key',
          credentials: { type: 'object', properties: { api_key: { type: 'string', description: 'Key.' } }, required: ['api_key'] },
          inject: [{ in: 'header', name: 'X-Api-Key', value: '{api_key}' }],
        },
      ],
    };
    writeFileSync(join(tkDir, 'toolkit.json'), JSON.stringify(toolkit));
    const used = new Set<string>();
    while (used.size < perToolkit) {
      const object = pick(OBJECTS);
      const action = pick(ACTIONS);
      const slug = `${brand.toUpperCase()}_${object.toUpperCase()}_${action.toUpperCase()}`;
      if (used.has(slug)) continue;
      used.add(slug);
      const words = Array.from({ length: 12 }, () => pick(FILLER)).join(' ');
      const withId = action === 'get' || action === 'update' || action === 'delete' || action === 'archive';
      const maximum = 100 + (variety === 'per-tool' ? targets.length : k);
      const tool: ToolFile = {
        slug,
        name: `${action[0].toUpperCase()}${action.slice(1)} ${object}`,
        description: `${action} a ${object} in ${toolkit.name}: ${words}.`,
        tags: [object],
        version: 'v1.0.0',
        scopes: [`${object}.${action === 'get' || action === 'list' || action === 'search' ? 'read' : 'write'}`],
        input: {
          type: 'object',
          properties: withId
            ? { id: { type: 'string', description: `${object} id` }, fields: { type: 'array', items: { type: 'string' }, maxItems: maximum, description: 'Fields.' } }
            : { limit: { type: 'integer', minimum: 1, maximum, default: 20, description: 'Page size.' }, cursor: { type: 'string', description: 'Cursor.' } },
          required: withId ? ['id'] : [],
          additionalProperties: false,
        },
        request: withId
          ? { method: action === 'get' ? 'GET' : action === 'delete' ? 'DELETE' : 'PATCH', path: `/${object}s/{id}`, query: ['fields'] }
          : { method: 'GET', path: `/${object}s`, query: ['limit', 'cursor'] },
      };
      writeFileSync(join(tkDir, 'tools', `${slug}.json`), JSON.stringify(tool));
      targets.push({ slug, brand, object, action });
    }
  }
  return { dir, targets };
}

/** Realistic query mix with the tool each query means (undefined: broad, no single right answer). */
function buildQueries(targets: Generated['targets'], n: number): { q: string; want?: string }[] {
  const rand = rng(7);
  const typo = (w: string) => {
    const i = 1 + Math.floor(rand() * (w.length - 2));
    return rand() < 0.5 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  const out: { q: string; want?: string }[] = [];
  for (let i = 0; out.length < n; i++) {
    const t = targets[Math.floor(rand() * targets.length)];
    switch (i % 6) {
      case 0: out.push({ q: t.slug, want: t.slug }); break;
      case 1: out.push({ q: `${t.brand.toUpperCase()}_${t.object.toUpperCase()}_${t.action.slice(0, 3).toUpperCase()}`, want: t.slug }); break;
      case 2: out.push({ q: `${t.brand}_${typo(t.object)}_${t.action}`, want: t.slug }); break;
      case 3: out.push({ q: `${t.action} ${t.object} ${t.brand}`, want: t.slug }); break;
      case 4: out.push({ q: `${t.object} ${typo(t.action.length > 3 ? t.action : 'create')} ${t.brand}` }); break;
      default: out.push({ q: `${t.action} ${t.object}` }); break;
    }
  }
  return out;
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
    // Naive baseline: one case-insensitive substring test per tool, on pre-lowered text (its best case).
    const haystacks = tools.map((x) => `${x.slug} ${x.name} ${x.description}`.toLowerCase());
    const naive = (q: string) => {
      const needle = q.toLowerCase();
      const hits: number[] = [];
      for (let i = 0; i < haystacks.length; i++) if (haystacks[i].includes(needle)) hits.push(i);
      return hits.slice(0, 50).map((i) => tools[i].slug);
    };
    for (const { q } of queries.slice(0, 50)) {
      catalog.searchTools({ search: q, limit: 50 });
      naive(q);
    }
    const searchTimes: number[] = [];
    const naiveTimes: number[] = [];
    let hits = 0;
    let naiveHits = 0;
    let judged = 0;
    for (const { q, want } of queries) {
      let s = performance.now();
      const r = catalog.searchTools({ search: q, limit: 50 });
      searchTimes.push(performance.now() - s);
      s = performance.now();
      const n = naive(q);
      naiveTimes.push(performance.now() - s);
      if (want) {
        judged++;
        if (r.items[0]?.slug === want) hits++;
        if (n[0] === want) naiveHits++;
      }
    }
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
      searchTopHitRate: round(hits / judged, 3),
      naiveTopHitRate: round(naiveHits / judged, 3),
    };
    if (log) {
      console.log(`catalog bench: ${result.toolkits} toolkits, ${result.tools} tools, argument shapes ${variety}, ${result.queries} queries`);
      console.log(`  load      ${result.loadMs} ms (${result.loadUsPerTool} us/tool); real 2-toolkit catalog (109 tools): ${result.baselineLoadMs} ms (${result.baselineLoadUsPerTool} us/tool)`);
      console.log(`  index     ${result.indexBuildMs} ms to build the search index alone`);
      console.log(`  search    p50 ${result.searchP50Ms} ms, p99 ${result.searchP99Ms} ms, max ${result.searchMaxMs} ms; right tool first in ${(result.searchTopHitRate * 100).toFixed(1)}% of targeted queries`);
      console.log(`  naive     p50 ${result.naiveP50Ms} ms, p99 ${result.naiveP99Ms} ms; right tool first in ${(result.naiveTopHitRate * 100).toFixed(1)}%`);
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
