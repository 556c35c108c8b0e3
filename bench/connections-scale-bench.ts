/**
 * Scale of data: does the broker slow down when the database holds many connections?
 * A broker process on a fresh database (own process, as in execution-bench.ts) executes
 * HUBSPOT_CONTACTS_GET against the HubSpot sandbox with 1,000 stored connections, then after a bulk
 * insert up to 1,000,000 (generate_series on PostgreSQL, a recursive CTE on SQLite, one statement
 * each), then at 1,000 and at 1,000,000 again, and prints the per-execution cost of each size (p50
 * at one connection; throughput and the broker's CPU per execution at 16) and their ratio (goal
 * <= 1.1). At the large size it times listConnections (native and compat) with each list filter and
 * deep pages. All seeded rows live in the bench's one project: the worst case for every list filter.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Child } from '../sandbox/support/processes.js';
import { connectHubspot, sandboxControl, startBenchBroker, startBenchSandbox } from './bench-processes.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';
import { load, type LoadFigures } from './execution-bench.js';

export interface ScaleBenchOptions {
  database: 'sqlite' | 'postgresql';
  /** Stored connections of the large step (default 1,000,000). */
  large?: number;
  durationSec?: number;
  log?: (line: string) => void;
}

/**
 * `seed` inserts rows `from..to` (ids `con_scale_<n>`), copying the real connection's project and
 * auth config; `trim` deletes the seeded rows numbered `from` and above. Both refresh the planner's
 * statistics.
 */
interface Seeder {
  seed(from: number, to: number): Promise<void>;
  trim(from: number): Promise<void>;
  close(): Promise<void>;
}

// Statuses 85% ACTIVE, 5% each EXPIRED/FAILED/REVOKED; 1% disabled; 100,000 distinct entities;
// one second apart in time, all before the real connection.
const SEED_COLUMNS =
  'id, project_id, auth_config_id, toolkit_slug, auth_method_id, auth_method_kind, entity_id, status, disabled, created_at, updated_at';
const seedValues = (n: string, at: string) =>
  `'con_scale_' || ${n}, c.project_id, c.auth_config_id, c.toolkit_slug, c.auth_method_id, c.auth_method_kind, ` +
  `'user-' || (${n} % 100000), case ${n} % 20 when 0 then 'EXPIRED' when 1 then 'FAILED' when 2 then 'REVOKED' else 'ACTIVE' end, ` +
  `${n} % 100 = 3, ${at}, ${at}`;

async function postgresSeeder(url: string, realId: string): Promise<Seeder> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async seed(from, to) {
      await client.query(
        `insert into connections (${SEED_COLUMNS}) select ${seedValues('g', "c.created_at - g * interval '1 second'")} ` +
          'from connections c, generate_series($1::int, $2::int) g where c.id = $3',
        [from, to, realId],
      );
      await client.query('vacuum analyze connections'); // visibility map: index-only scans
    },
    async trim(from) {
      await client.query(`delete from connections where id like 'con\\_scale\\_%' and substr(id, 11)::int >= $1`, [from]);
      // Rewritten, so the next seed builds indexes as the first did, not beside a million dead entries.
      await client.query('vacuum full analyze connections');
    },
    close: () => client.end(),
  };
}

function sqliteSeeder(file: string, realId: string): Seeder {
  const db = new Database(file);
  db.pragma('busy_timeout = 60000');
  const { kind } = db.prepare<[string], { kind: string }>('select typeof(created_at) as kind from connections where id = ?').get(realId)!;
  // MikroORM stores SQLite datetimes as epoch milliseconds (integer); keep the same representation.
  const at = kind === 'integer' ? 'c.created_at - g.n * 1000' : "strftime('%Y-%m-%dT%H:%M:%fZ', c.created_at, '-' || g.n || ' seconds')";
  const insert = db.prepare(
    `with recursive g(n) as (select ? union all select n + 1 from g where n < ?) ` +
      `insert into connections (${SEED_COLUMNS}) select ${seedValues('g.n', at)} from g, connections c where c.id = ?`,
  );
  // Fold the WAL (hundreds of MB after a seed) back into the database file, as SQLite's own
  // checkpoints would over time: otherwise the broker's next writes pay for it inside a measurement.
  const settle = () => {
    db.exec('analyze connections');
    db.pragma('wal_checkpoint(TRUNCATE)');
  };
  const trim = db.prepare(`delete from connections where id like 'con\\_scale\\_%' escape '\\' and cast(substr(id, 11) as integer) >= ?`);
  return {
    async seed(from, to) {
      insert.run(from, to, realId);
      settle();
    },
    async trim(from) {
      trim.run(from);
      db.exec('vacuum'); // rewritten, so the next seed starts from the same file as the first
      settle();
    },
    close: async () => void db.close(),
  };
}

/** One size's turn: p50 at one connection, and throughput and the broker's CPU per execution at 16. */
interface ExecutionCost {
  stored: number;
  single: LoadFigures;
  parallel: LoadFigures;
}

const mean = (xs: number[]) => xs.reduce((t, x) => t + x, 0) / xs.length;

async function timed(url: string, headers: Record<string, string>, runs: number): Promise<{ p50: number; max: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < runs + 1; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    status = res.status;
    if (i > 0) times.push(performance.now() - start); // the first is a warm-up
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]!, status };
}

export async function runConnectionsScaleBench(opts: ScaleBenchOptions): Promise<void> {
  const log = opts.log ?? ((l: string) => process.stdout.write(l + '\n'));
  const large = opts.large ?? 1_000_000;
  const duration = opts.durationSec ?? 5;
  const dir = mkdtempSync(join(tmpdir(), 'broker-scale-'));
  const children: Child[] = [];
  let dropDb: (() => Promise<void>) | undefined;
  let seeder: Seeder | undefined;
  try {
    const sb = await startBenchSandbox();
    children.push(sb.child);
    const hubspot = sb.hubspot;
    const [contactId] = await sandboxControl<string[]>(hubspot, 'seed', ['contacts', 1]);

    const sqliteFile = join(dir, 'broker.sqlite');
    let databaseUrl = `sqlite:${sqliteFile}`;
    if (opts.database === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
      databaseUrl = scratch.url;
      dropDb = scratch.drop;
    }
    const broker = await startBenchBroker({ hubspot, dataDir: dir, databaseUrl });
    children.push(broker.child);
    const { base, key } = broker;
    const connectionId = await connectHubspot(base, key);
    const rows = opts.database === 'postgresql' ? await postgresSeeder(databaseUrl, connectionId) : sqliteSeeder(sqliteFile, connectionId);
    seeder = rows;

    const execute: autocannon.Options = {
      url: `${base}/api/v1/tools/HUBSPOT_CONTACTS_GET/execute`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ connectedAccountId: connectionId, arguments: { contactId } }),
    };
    const measure = async (stored: number): Promise<ExecutionCost> => {
      await load({ ...execute, connections: 1, duration: 1 }); // warm-up
      const single = await load({ ...execute, connections: 1, duration });
      const parallel = await load({ ...execute, connections: 16, duration }, broker.child.proc.pid);
      log(
        `  ${opts.database} ${stored.toLocaleString('en')} connections: c=1 p50 ${single.p50.toFixed(2)} ms (${single.rps.toFixed(0)} req/s), ` +
          `c=16 ${parallel.rps.toFixed(0)} req/s p99 ${parallel.p99.toFixed(2)} ms, broker CPU ${(parallel.cpuUs ?? NaN).toFixed(0)} us per execution` +
          `${single.non2xx + parallel.non2xx > 0 ? ` (non-2xx: ${single.non2xx + parallel.non2xx})` : ''}`,
      );
      return { stored, single, parallel };
    };
    const grow = async () => {
      const started = performance.now();
      await rows.seed(1_000, large - 1);
      log(
        `  seeded ${large.toLocaleString('en')} connections in ${((performance.now() - started) / 1000).toFixed(1)} s (bulk insert + analyze)`,
      );
    };

    await rows.seed(1, 999);
    // Warm the broker (JIT, pools, cache) first, or the first step pays for it and flatters the ratio.
    await load({ ...execute, connections: 16, duration: duration * 2 });
    // Small, large, small, large in the same process: one size after the other put the JIT's late
    // warm-up and the machine's drift into the ratio (docs/internals/performance.md#bench-method); the two visits of
    // each size average them out. Trimming deletes the seeded rows above 1,000 again.
    const small: ExecutionCost[] = [];
    const big: ExecutionCost[] = [];
    small.push(await measure(1_000));
    await grow();
    big.push(await measure(large));
    await rows.trim(1_000);
    small.push(await measure(1_000));
    await grow();
    big.push(await measure(large));
    const ratio = (pick: (c: ExecutionCost) => number) => mean(big.map(pick)) / mean(small.map(pick));
    log(
      `  per-execution cost ${large.toLocaleString('en')} / 1,000 (means of two visits each): p50 at c=1 ${ratio((c) => c.single.p50).toFixed(2)}x, ` +
        `time per request at c=16 ${(1 / ratio((c) => c.parallel.rps)).toFixed(2)}x, broker CPU per execution ${ratio((c) => c.parallel.cpuUs ?? NaN).toFixed(2)}x (goal <= 1.1)`,
    );

    const headers = { 'x-api-key': key };
    const authConfigId = ((await (await fetch(`${base}/api/v1/auth_configs`, { headers })).json()) as { items: { id: string }[] }).items[0]!
      .id;
    const cursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
    const lists: [string, string][] = [
      ['native, no filter, first page', '/api/v1/connectors/connections?limit=20'],
      ['native, entityId', '/api/v1/connectors/connections?entityId=user-4242&limit=20'],
      ['native, authConfigId', `/api/v1/connectors/connections?authConfigId=${authConfigId}&limit=20`],
      ['native, toolkit', '/api/v1/connectors/connections?toolkit=hubspot&limit=20'],
      ['native, status=EXPIRED', '/api/v1/connectors/connections?status=EXPIRED&limit=20'],
      ['native, offset 500,000', '/api/v1/connectors/connections?limit=20&offset=500000'],
      [`native, offset ${(large - 20).toLocaleString('en')} (last page)`, `/api/v1/connectors/connections?limit=20&offset=${large - 20}`],
      ['native, status=ACTIVE, offset 500,000', '/api/v1/connectors/connections?status=ACTIVE&limit=20&offset=500000'],
      ['compat, no filter, first page', '/compat/api/v3.1/connected_accounts?limit=20'],
      ['compat, user_ids', '/compat/api/v3.1/connected_accounts?user_ids=user-4242,user-77&limit=20'],
      ['compat, statuses=ACTIVE, updated_at order', '/compat/api/v3.1/connected_accounts?statuses=ACTIVE&order_by=updated_at&limit=20'],
      ['compat, cursor at 500,000', `/compat/api/v3.1/connected_accounts?limit=20&cursor=${cursor(500_000)}`],
    ];
    log(`  listConnections at ${large.toLocaleString('en')} connections (20 per page; p50 / max of 10 sequential requests):`);
    for (const [name, path] of lists) {
      const r = await timed(`${base}${path}`, headers, 10);
      log(
        `    ${name.padEnd(44)} ${r.p50.toFixed(1).padStart(7)} ms ${r.max.toFixed(1).padStart(7)} ms${r.status === 200 ? '' : `  (HTTP ${r.status})`}`,
      );
    }
  } finally {
    await seeder?.close();
    for (const c of children.reverse()) await c.stop();
    await dropDb?.();
    rmSync(dir, { recursive: true, force: true });
  }
}
