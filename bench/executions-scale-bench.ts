/**
 * Executions at scale (issue 32): the console's Executions list with 1,000,000 records in one
 * project, on PostgreSQL. Seeds the rows with one generate_series statement (as the broker writes
 * them: ordered ids, 30 days of calls, 1,000 end users, 50 tools of 5 toolkits, 90% succeeded, 6%
 * failed, 3% refused, 1% error), then times the repository's list query (the console route's, 51
 * rows) for the unfiltered first page (the baseline) and for each filter, a combination, a time
 * range, a page far down by cursor, and a filter that matches nothing: p50 and max of 20 runs each.
 */
import pg from 'pg';
import { openOrm, migrate } from '../src/db/orm.js';
import { createDb } from '../src/db/fork-per-call.js';
import { createExecutionRepository, type ExecutionFilter } from '../src/db/repositories/execution-repository.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';

const PROJECT = 'prj_bench_executions_scale_000000000';
const DAY_MS = 86_400_000;
const RUNS = 20;

export async function runExecutionsScaleBench(opts: { rows?: number; log?: (line: string) => void } = {}): Promise<void> {
  const log = opts.log ?? ((l: string) => process.stdout.write(l + '\n'));
  const rows = opts.rows ?? 1_000_000;
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  const database = { kind: 'postgresql' as const, url: scratch.url, poolMax: 4, acquireTimeoutMs: 10_000, statementTimeoutMs: 600_000 };
  const orm = await openOrm(database);
  try {
    await migrate(orm);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const end = Date.now();
    const span = 30 * DAY_MS;
    const started = performance.now();
    // Calls evenly over 30 days, oldest first; ids ordered as newOrderedId makes them.
    await client.query(
      `insert into tool_executions (id, project_id, connection_id, entity_id, kind, tool_slug, toolkit_slug, status, successful, outcome,
         duration_ms, error_code, error_message, request_id, created_at)
       select 'ex_' || lpad(to_hex(($2::bigint - $3::bigint + g * ($3::bigint / $1::bigint))), 12, '0') || lpad(to_hex(g % 65536), 4, '0') || substr(md5(g::text), 1, 20),
              $4, 'ca_' || (g % 1000), 'user-' || (g % 1000), case when g % 10 = 0 then 'proxy' else 'tool' end,
              case when g % 10 = 0 then null else 'TOOLKIT' || (g % 5) || '_TOOL_' || (g % 50) end, 'toolkit' || (g % 5),
              case when g % 100 < 90 then 200 when g % 100 < 96 then 404 else 0 end, g % 100 < 90,
              case when g % 100 < 90 then 'succeeded' when g % 100 < 96 then 'failed' when g % 100 < 99 then 'refused' else 'error' end,
              g % 700, case when g % 100 >= 96 then 'BAD_REQUEST' end, case when g % 100 >= 96 then 'refused for a reason' end,
              md5((g * 7)::text), to_timestamp(($2::bigint - $3::bigint + g * ($3::bigint / $1::bigint)) / 1000.0)
         from generate_series(1, $1::int) g`,
      [rows, end, span, PROJECT],
    );
    await client.query('vacuum analyze tool_executions');
    log(`seeded ${rows.toLocaleString('en')} records in ${((performance.now() - started) / 1000).toFixed(1)} s (five indexes)`);
    // A cursor 10,000 rows down: the position of the 10,000th newest row.
    const deep = (await client.query(`select id, created_at from tool_executions order by created_at desc, id desc offset 10000 limit 1`))
      .rows[0] as { id: string; created_at: Date };
    await client.end();

    const repo = createExecutionRepository(createDb(orm, database));
    const list = (q: ExecutionFilter & { before?: { createdAt: Date; id: string } }) => repo.listForProject(PROJECT, { ...q, limit: 51 });
    const cases: [string, ExecutionFilter & { before?: { createdAt: Date; id: string } }][] = [
      ['unfiltered first page (baseline)', {}],
      ['end user (1 in 1,000)', { entityId: 'user-417' }],
      ['tool (1 in 50)', { toolSlug: 'TOOLKIT2_TOOL_17' }],
      ['toolkit (1 in 5)', { toolkitSlug: 'toolkit3' }],
      ['outcome refused (3%)', { outcome: 'refused' }],
      ['outcome error (1%)', { outcome: 'error' }],
      ['end user + outcome failed', { entityId: 'user-417', outcome: 'failed' }],
      ['one day, 10 days ago', { from: new Date(end - 11 * DAY_MS), to: new Date(end - 10 * DAY_MS) }],
      ['toolkit + one day', { toolkitSlug: 'toolkit3', from: new Date(end - 11 * DAY_MS), to: new Date(end - 10 * DAY_MS) }],
      ['page 10,000 rows down (cursor)', { before: { createdAt: deep.created_at, id: deep.id } }],
      ['end user with no calls', { entityId: 'nobody' }],
    ];
    let baseline = 0;
    for (const [name, q] of cases) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        count = (await list(q)).length;
        if (i > 0) times.push(performance.now() - t0); // the first is a warm-up
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)]!;
      if (baseline === 0) baseline = p50;
      log(
        `  ${name.padEnd(34)} p50 ${p50.toFixed(2).padStart(7)} ms  max ${times[times.length - 1]!.toFixed(2).padStart(7)} ms  ` +
          `${(p50 / baseline).toFixed(2)}x baseline  (${count} rows)`,
      );
    }
  } finally {
    await orm.close(true);
    await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runExecutionsScaleBench();
