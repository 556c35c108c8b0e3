/**
 * `npm run bench`: every benchmark, each measured against a baseline in the same run, figures
 * printed. Options: see USAGE.
 */
import { runCatalogBench } from './catalog-bench.js';
import { formatExecutionTable, runExecutionBench } from './execution-bench.js';
import { runSearchIntentBench } from './search-intents-bench.js';

const USAGE = `Usage: npm run bench -- [options]

  --quick         shorter execution runs
  --no-postgres   execution benchmark on SQLite only
  --no-catalog    skip the catalog start-up / search-latency benchmark
  --no-search     skip the search relevance step (hit@1 / hit@3 on the intents)
  --only-search   run only the search relevance step
  --profile       CPU profile of the broker during the execution benchmark on SQLite
  --help          this text`;
const FLAGS = new Set(['--quick', '--no-postgres', '--no-catalog', '--no-search', '--only-search', '--profile', '--help']);

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const out = (line = '') => process.stdout.write(line + '\n');
const unknown = [...args].filter((a) => !FLAGS.has(a));
if (args.has('--help') || unknown.length > 0) {
  if (unknown.length > 0) process.stderr.write(`Unknown option${unknown.length > 1 ? 's' : ''}: ${unknown.join(' ')}\n`);
  (unknown.length > 0 ? process.stderr : process.stdout).write(USAGE + '\n');
  process.exit(unknown.length > 0 ? 1 : 0);
}

if (!args.has('--no-search')) {
  out('== Search relevance: natural-language intents (sandbox/support/search-intents.json)');
  runSearchIntentBench(out);
  if (args.has('--only-search')) process.exit(0);
  out();
}

if (!args.has('--no-catalog')) {
  out('== Catalog: start-up and tool search on 1,000 toolkits / 20,000 tools');
  await runCatalogBench({ log: true });
}

const databases: ('sqlite' | 'postgresql')[] = args.has('--no-postgres') ? ['sqlite'] : ['sqlite', 'postgresql'];
for (const database of databases) {
  out();
  out(`== Execution: executeTool through the broker vs direct (${database})`);
  const profile = args.has('--profile') && database === 'sqlite';
  const { rows, profile: hot } = await runExecutionBench({ database, durationSec: quick ? 2 : 5, profile });
  out(formatExecutionTable(database, rows));
  const at64 = rows.find((r) => r.connections === 64);
  if (at64) {
    out(
      `Targets: added p50 < 1 ms -> ${at64.addedP50Ms.toFixed(2)} ms at 64 conns (${rows.map((r) => `${r.addedP50Ms.toFixed(2)}@${r.connections}`).join(', ')}); ` +
        `throughput >= 0.5x direct at 64 conns -> ${at64.throughputRatio.toFixed(2)}x`,
    );
  }
  if (hot.length > 0) {
    out('Broker CPU profile, hottest functions by self time:');
    for (const line of hot) out(`  ${line}`);
  }
}
