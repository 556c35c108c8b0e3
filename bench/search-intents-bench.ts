/**
 * Search relevance on people's requests: the intents of sandbox/support/search-intents.json run
 * against the built-in catalog, reported as hit@1 / hit@3 with the intents missed in the top 3.
 * Run: `npm run bench -- --only-search`, or import `runSearchIntentBench` (bench/run.ts).
 */
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../src/catalog/catalog-loader.js';
import { scoreSearchIntents, type SearchIntentScore } from '../sandbox/support/search-intents.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function runSearchIntentBench(log: (line: string) => void): SearchIntentScore {
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
  const score = scoreSearchIntents(catalog);
  log(`${score.intents} intents over ${catalog.toolCount} tools: hit@1 ${pct(score.hit1)}, hit@3 ${pct(score.hit3)} (goal: hit@3 >= 95%)`);
  for (const m of score.misses) log(`  missed: "${m.query}" -> ${m.tool}; top 3: ${m.top.join(', ') || 'none'}`);
  return score;
}
