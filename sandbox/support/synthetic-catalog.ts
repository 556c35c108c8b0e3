/**
 * A synthetic catalog for the catalog benchmark and its scaled-down test: deterministic toolkits
 * and tools written to a temp dir, a realistic query mix with the tool each query means, and a
 * relevance run of the fuzzy search against a naive substring scan. Deterministic (seeded), so
 * every run sees the same catalog and queries.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '../../src/catalog/catalog.js';
import type { ToolFile, ToolkitFile } from '../../src/catalog/catalog-schema.js';

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
/** Business nouns for synthetic tools (also the synthetic OpenAPI document's first 30 resources). */
export const OBJECTS = [
  'invoice',
  'customer',
  'ticket',
  'project',
  'task',
  'order',
  'payment',
  'message',
  'channel',
  'contact',
  'deal',
  'file',
  'folder',
  'event',
  'calendar',
  'report',
  'campaign',
  'product',
  'subscription',
  'webhook',
  'user',
  'team',
  'comment',
  'issue',
  'release',
  'repository',
  'meeting',
  'note',
  'lead',
  'account',
];
const ACTIONS = ['create', 'get', 'list', 'update', 'delete', 'search', 'archive', 'export'];
const FILLER =
  'returns the record with all fields paginated cursor limit results filter sort optional required identifier workspace owner status created updated timestamp provider error rate limited'.split(
    ' ',
  );

export interface Generated {
  dir: string;
  targets: { slug: string; brand: string; object: string; action: string }[];
}

export function generateCatalog(toolkits: number, perToolkit: number, variety: 'per-toolkit' | 'per-tool'): Generated {
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
            ? {
                id: { type: 'string', description: `${object} id` },
                fields: { type: 'array', items: { type: 'string' }, maxItems: maximum, description: 'Fields.' },
              }
            : {
                limit: { type: 'integer', minimum: 1, maximum, default: 20, description: 'Page size.' },
                cursor: { type: 'string', description: 'Cursor.' },
              },
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
export function buildQueries(targets: Generated['targets'], n: number): { q: string; want?: string }[] {
  const rand = rng(7);
  const typo = (w: string) => {
    const i = 1 + Math.floor(rand() * (w.length - 2));
    return rand() < 0.5 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  const out: { q: string; want?: string }[] = [];
  for (let i = 0; out.length < n; i++) {
    const t = targets[Math.floor(rand() * targets.length)];
    switch (i % 6) {
      case 0:
        out.push({ q: t.slug, want: t.slug });
        break;
      case 1:
        out.push({ q: `${t.brand.toUpperCase()}_${t.object.toUpperCase()}_${t.action.slice(0, 3).toUpperCase()}`, want: t.slug });
        break;
      case 2:
        out.push({ q: `${t.brand}_${typo(t.object)}_${t.action}`, want: t.slug });
        break;
      case 3:
        out.push({ q: `${t.action} ${t.object} ${t.brand}`, want: t.slug });
        break;
      case 4:
        out.push({ q: `${t.object} ${typo(t.action.length > 3 ? t.action : 'create')} ${t.brand}` });
        break;
      default:
        out.push({ q: `${t.action} ${t.object}` });
        break;
    }
  }
  return out;
}

export interface QueryRun {
  /** Per-query latency of the catalog search and of the naive scan, in ms. */
  searchTimes: number[];
  naiveTimes: number[];
  /** Share of queries with an intended tool whose tool ranks first. */
  searchTopHitRate: number;
  naiveTopHitRate: number;
}

/** Runs every query through the catalog search and a naive linear substring scan (its best case: pre-lowered text). */
export function runQueries(catalog: Catalog, queries: { q: string; want?: string }[]): QueryRun {
  const tools = catalog.toolkits().flatMap((k) => catalog.toolsOf(k.slug));
  const haystacks = tools.map((x) => `${x.slug} ${x.name} ${x.description}`.toLowerCase());
  const naive = (q: string) => {
    const needle = q.toLowerCase();
    const hits: number[] = [];
    for (let i = 0; i < haystacks.length; i++) if (haystacks[i].includes(needle)) hits.push(i);
    return hits.slice(0, 50).map((i) => tools[i].slug);
  };
  // Warm-up, so the first timed queries do not pay for JIT compilation.
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
  return { searchTimes, naiveTimes, searchTopHitRate: hits / judged, naiveTopHitRate: naiveHits / judged };
}
