/**
 * Catalog import at scale (issue 31): `broker catalog import` of a 1,000-operation OpenAPI document
 * (sandbox/support/synthetic-openapi.ts), start-up (loadCatalog) of the sample catalog with and
 * without the 1,000 imported tools, and search relevance (hit@1 / hit@3) of the sample intents and
 * the imported toolkit's intents with both loaded, beside the sample-only figures.
 * Run: `npm run bench -- --only-import`, or `runImportBench` (bench/run.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../src/catalog/catalog-loader.js';
import { importOpenApi } from '../src/catalog/import/import-toolkit.js';
import { loadImportedSearchIntents, loadSearchIntents, scoreSearchIntents } from '../sandbox/support/search-intents.js';
import { SYNTHETIC_TOOLKIT, syntheticOpenApi } from '../sandbox/support/synthetic-openapi.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timeLoad(dirs: string[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    loadCatalog({ dirs });
    times.push(performance.now() - t0);
  }
  return median(times);
}

export async function runImportBench(log: (line: string) => void, opts: { runs?: number } = {}) {
  const runs = opts.runs ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  try {
    const file = join(dir, 'ops-platform.openapi.json');
    writeFileSync(file, JSON.stringify(syntheticOpenApi()));
    const out = join(dir, 'catalog');
    // Warm-up: the parser's and the loader's first use compile their own schemas.
    await importOpenApi({ file, outDir: join(dir, 'warm'), toolkit: SYNTHETIC_TOOLKIT, operations: ['listInvoices'] });
    const t0 = performance.now();
    const report = await importOpenApi({ file, outDir: out, toolkit: SYNTHETIC_TOOLKIT });
    const importMs = performance.now() - t0;
    log(
      `import    ${report.operations} operations -> ${report.written.length} tools in ${(importMs / 1000).toFixed(2)} s (parse, map, write, catalog check); check ${report.check.ok ? 'OK' : 'FAILED'}`,
    );

    loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
    const baseMs = timeLoad([BUILTIN_CATALOG_DIR], runs);
    const withMs = timeLoad([BUILTIN_CATALOG_DIR, out], runs);
    const big = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, out] });
    const sample = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
    log(
      `start-up  loadCatalog, median of ${runs}: samples (${sample.toolCount} tools) ${baseMs.toFixed(0)} ms (${((baseMs * 1000) / sample.toolCount).toFixed(0)} us/tool); ` +
        `samples + imported (${big.toolCount} tools) ${withMs.toFixed(0)} ms (${(((withMs - baseMs) * 1000) / (big.toolCount - sample.toolCount)).toFixed(0)} us per imported tool)`,
    );

    const intents = loadSearchIntents();
    const imported = loadImportedSearchIntents();
    const alone = scoreSearchIntents(sample, intents);
    const samplesBig = scoreSearchIntents(big, intents);
    const importedBig = scoreSearchIntents(big, imported);
    const all = scoreSearchIntents(big, [...intents, ...imported]);
    log(`search    sample intents (${alone.intents}) on the samples alone: hit@1 ${pct(alone.hit1)}, hit@3 ${pct(alone.hit3)} (baseline)`);
    log(
      `          sample intents with the imported toolkit loaded (${big.toolCount} tools): hit@1 ${pct(samplesBig.hit1)}, hit@3 ${pct(samplesBig.hit3)}`,
    );
    log(`          imported-toolkit intents (${importedBig.intents}): hit@1 ${pct(importedBig.hit1)}, hit@3 ${pct(importedBig.hit3)}`);
    log(`          all ${all.intents} intents: hit@1 ${pct(all.hit1)}, hit@3 ${pct(all.hit3)} (goal: hit@3 >= 95%)`);
    for (const m of all.misses) log(`  missed: "${m.query}" -> ${m.tool}; top 3: ${m.top.join(', ') || 'none'}`);
    return { importMs, tools: report.written.length, baseMs, withMs, alone, samplesBig, importedBig, all };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
