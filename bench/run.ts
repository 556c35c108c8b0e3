/**
 * `npm run bench`: every benchmark, each measured against a baseline in the same run, figures
 * printed. Options: --quick (shorter runs), --no-postgres, --profile (CPU profile of the broker
 * during the execution benchmark on SQLite).
 */
import { runCatalogBench } from './catalog-bench.js';
import { formatExecutionTable, runExecutionBench } from './execution-bench.js';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const out = (line = '') => process.stdout.write(line + '\n');

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
