/**
 * `npm run bench`: every benchmark, each measured against a baseline in the same run, figures
 * printed. Options: see USAGE.
 */
import { runCatalogBench } from './catalog-bench.js';
import { formatExecutionTable, formatGoals, runExecutionBench } from './execution-bench.js';
import { runSearchIntentBench } from './search-intents-bench.js';
import { runImportBench } from './import-bench.js';
import { formatMcpTable, runMcpBench } from './mcp-bench.js';
import { formatWebhookLine, runWebhookBench } from './webhook-bench.js';
import { formatTriggerBench, runTriggerBench } from './trigger-bench.js';

const USAGE = `Usage: npm run bench -- [options]

  --quick         shorter execution runs
  --no-postgres   execution benchmark on SQLite only
  --no-sqlite     execution benchmark on PostgreSQL only
  --no-catalog    skip the catalog start-up / search-latency benchmark
  --no-search     skip the search relevance step (hit@1 / hit@3 on the intents)
  --only-search   run only the search relevance step
  --no-import     skip the catalog import step (1,000-operation document: import, start-up, search)
  --only-import   run only the catalog import step
  --profile       CPU profile of the broker during the execution, trigger and webhook benchmarks (each database)
  --scale         also 1k vs 1M stored connections: execution cost and list latency
  --executions-scale  also the console's Executions list at 1M records, each filter vs the first page (PostgreSQL)
  --no-mcp        skip MCP tools/call vs REST executeTool (each database)
  --only-mcp      run only MCP tools/call vs REST executeTool (each database)
  --no-webhooks   skip webhook delivery vs a bare undici loop
  --only-webhooks run only webhook delivery (each database)
  --no-triggers   skip the trigger bench (10,000 poll instances' cost, change-to-event latency)
  --only-triggers run only the trigger bench (each database)
  --help          this text`;
const FLAGS = new Set([
  '--quick',
  '--no-postgres',
  '--no-sqlite',
  '--no-catalog',
  '--no-search',
  '--only-search',
  '--no-import',
  '--only-import',
  '--profile',
  '--scale',
  '--executions-scale',
  '--no-mcp',
  '--only-mcp',
  '--no-webhooks',
  '--only-webhooks',
  '--no-triggers',
  '--only-triggers',
  '--help',
]);

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const out = (line = '') => process.stdout.write(line + '\n');
const unknown = [...args].filter((a) => !FLAGS.has(a));
if (args.has('--help') || unknown.length > 0) {
  if (unknown.length > 0) process.stderr.write(`Unknown option${unknown.length > 1 ? 's' : ''}: ${unknown.join(' ')}\n`);
  (unknown.length > 0 ? process.stderr : process.stdout).write(USAGE + '\n');
  process.exit(unknown.length > 0 ? 1 : 0);
}

const databases = (['sqlite', 'postgresql'] as const).filter((d) => !args.has(d === 'sqlite' ? '--no-sqlite' : '--no-postgres'));

async function webhooks(): Promise<void> {
  out();
  out('== Webhook delivery: the worker vs a bare undici loop POSTing the same signed bodies, and state change to delivery');
  for (const database of databases)
    out(
      formatWebhookLine(
        await runWebhookBench({ database, events: quick ? 500 : 2000, latencySamples: quick ? 50 : 200, profile: args.has('--profile') }),
      ),
    );
}

async function triggers(): Promise<void> {
  out();
  out(
    '== Triggers: 10,000 poll instances per minute (CPU, database round trips) beside the idle broker, and provider change to delivered event',
  );
  for (const database of databases)
    formatTriggerBench(
      await runTriggerBench({ database, windowSec: quick ? 10 : 20, latencySamples: quick ? 10 : 30, profile: args.has('--profile') }),
      out,
    );
}

async function mcp(): Promise<void> {
  out();
  out('== MCP: tools/call vs the same executeTool over REST');
  for (const database of databases) out(formatMcpTable(await runMcpBench({ database, durationSec: quick ? 2 : 6 }), database));
}

if (args.has('--only-mcp')) {
  await mcp();
  process.exit(0);
}

if (args.has('--only-triggers')) {
  await triggers();
  process.exit(0);
}

if (args.has('--only-webhooks')) {
  await webhooks();
  process.exit(0);
}

if (args.has('--only-import') || (!args.has('--no-import') && !args.has('--only-search'))) {
  out('== Catalog import: a 1,000-operation OpenAPI document (sandbox/support/synthetic-openapi.ts)');
  await runImportBench(out);
  if (args.has('--only-import')) process.exit(0);
  out();
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

for (const database of databases) {
  out();
  out(`== Execution: executeTool through the broker vs a minimal forwarder vs direct (${database})`);
  const result = await runExecutionBench({ database, durationSec: quick ? 1 : 3, profile: args.has('--profile') });
  out(formatExecutionTable(database, result));
  out(`Goals (issue 15): ${formatGoals(result).join('; ')}`);
  if (result.profile) {
    out('Broker CPU profile, hottest functions by self time (share of busy samples):');
    for (const line of result.profile.selfTime) out(`  ${line}`);
    out('Broker CPU profile, our files and packages by inclusive share (a sample counts once per file on its stack):');
    for (const line of result.profile.inclusive) out(`  ${line}`);
  }
}
if (args.has('--scale'))
  for (const database of databases) await (await import('./connections-scale-bench.js')).runConnectionsScaleBench({ database, log: out });

if (args.has('--executions-scale')) {
  out();
  out("== Executions at scale: the console's Executions list at 1,000,000 records (postgresql)");
  await (await import('./executions-scale-bench.js')).runExecutionsScaleBench({ log: out });
}

if (!args.has('--no-mcp')) await mcp();

if (!args.has('--no-webhooks')) await webhooks();

if (!args.has('--no-triggers')) await triggers();
