/**
 * executeTool through the broker, measured side by side in one run against two baselines at
 * several concurrency levels, autocannon on loopback:
 * - direct: the same provider request sent straight to the HubSpot sandbox (the ceiling);
 * - forwarder: the same request through a minimal HTTP-to-HTTP forwarder (bench/forwarder.ts:
 *   node:http + undici, no auth, no database), the floor any proxy in front of the sandbox pays;
 * - Fastify forwarder: the same forwarder with Fastify in front (one catch-all route), the floor
 *   of a proxy built on the broker's framework.
 * Besides req/s and latency, each server's CPU time per request (its process, all threads, from
 * /proc) over the measured run: what it costs, whatever the load generator and the other
 * processes on the same cores take. At each concurrency the four take turns for three rounds of
 * 3 s and every figure is the median of its rounds.
 * The sandbox, the forwarder and the broker each run in their own process; latencies are taken
 * from every response (autocannon's own histogram has 1 ms resolution, too coarse for a
 * sub-millisecond target). Also the broker's idle RSS with the sample catalog, and optionally a
 * CPU profile of the broker (cpu-profile.ts).
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child } from '../sandbox/support/processes.js';
import { connectHubspot, sandboxControl, startBenchBroker, startBenchSandbox } from './bench-processes.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';
import { summariseProfile, type ProfileSummary } from './cpu-profile.js';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Responses counted, all statuses. */
  total: number;
  /** CPU time of the server process per response (us), when its pid was given. */
  cpuUs?: number;
}

export interface ExecutionBenchRow {
  connections: number;
  direct: LoadFigures;
  forwarder: LoadFigures;
  fastifyForwarder: LoadFigures;
  broker: LoadFigures;
}

export interface ExecutionBenchResult {
  rows: ExecutionBenchRow[];
  /** Resident set of the broker process (MB) SETTLE_MS after start-up: connected, no load yet. */
  idleRssMb: number;
  /** After IDLE_MS without requests: what an idle instance keeps once V8's memory reducer has run. */
  settledRssMb: number;
  /** Seconds after the broker was up (connected, one execution made) when the idle RSS last fell by over 10 MB (V8's memory reducer); none if it did not. */
  rssFellAtSec: number | undefined;
  /** ...and right after the load (MB). */
  loadedRssMb: number;
  /**
   * Share of the machine's CPU time stolen by the hypervisor during the measured loads (NaN off
   * Linux). On a shared host it varies by the hour; above a few percent, runs do not compare.
   */
  stealShare: number;
  profile: ProfileSummary | undefined;
}

export interface ExecutionBenchOptions {
  database: 'sqlite' | 'postgresql';
  connections?: number[];
  durationSec?: number;
  profile?: boolean;
  log?: (line: string) => void;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** User + system CPU seconds a process has used (Linux /proc, clock ticks of 1/100 s); NaN where unavailable. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The machine's CPU time so far, in clock ticks: all of it, and what the hypervisor gave other guests (steal). */
function machineTicks(): { total: number; steal: number } {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? NaN };
  } catch {
    return { total: NaN, steal: NaN };
  }
}

/** One autocannon run; `serverPid` adds that process's CPU time per response. */
export async function load(opts: autocannon.Options, serverPid?: number): Promise<LoadFigures> {
  const times: number[] = [];
  const cpuBefore = cpuSeconds(serverPid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  const sorted = Float64Array.from(times).sort();
  const figures: LoadFigures = {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
  if (serverPid !== undefined) figures.cpuUs = ((cpuSeconds(serverPid) - cpuBefore) / Math.max(1, figures.total)) * 1e6;
  return figures;
}

/** Idle time between the broker's start-up and the load: the idle RSS is read there, and the profile starts after it. */
const SETTLE_MS = 3000;
/**
 * How long the broker then stays idle before the settled RSS is read. Start-up leaves garbage in
 * the old generation and a full-size young generation (`npm start`'s --max-semi-space-size=16);
 * V8's memory reducer gives them back once the process allocates little. It checks 8 s
 * after the last full GC and every 8 s after that, and judges the allocation rate from V8's last
 * ten allocation samples, which start-up fills with its own burst: with --trace-gc-verbose it said
 * "high alloc" eight times in a row with no request at all, and ran only after a minute or more
 * (docs/internals/performance.md#bench-method): a 60 s reading caught it before or after, by
 * chance. 120 s reads the idle footprint, not that timer;
 * the bench also prints when the RSS fell.
 */
const IDLE_MS = 120_000;

/** Rounds per connection count (see the loop in runExecutionBench). */
const ROUNDS = 3;

/** The median of each figure over rounds (counts summed). */
function medianFigures(runs: LoadFigures[]): LoadFigures {
  const mid = (pick: (f: LoadFigures) => number | undefined) => {
    const xs = runs.map((f) => pick(f) ?? NaN).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)]!;
  };
  const sum = (pick: (f: LoadFigures) => number) => runs.reduce((t, f) => t + pick(f), 0);
  return {
    rps: mid((f) => f.rps),
    p50: mid((f) => f.p50),
    p99: mid((f) => f.p99),
    cpuUs: mid((f) => f.cpuUs),
    errors: sum((f) => f.errors),
    non2xx: sum((f) => f.non2xx),
    total: sum((f) => f.total),
  };
}

/** Load on the broker between the idle RSS readings and the first measured run (not measured). */
const WARM_UP_SEC = 3;

/** VmRSS of a process in MB (Linux /proc); NaN where unavailable. */
function rssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export async function runExecutionBench(opts: ExecutionBenchOptions): Promise<ExecutionBenchResult> {
  const log = opts.log ?? ((l: string) => process.stdout.write(l + '\n'));
  const connections = opts.connections ?? [1, 16, 64];
  const duration = opts.durationSec ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'broker-bench-'));
  const children: Child[] = [];
  let dropDb: (() => Promise<void>) | undefined;
  try {
    // The standalone sandboxes, with the managed HubSpot app registered; one seeded contact and a
    // token for the direct baseline come from its control API.
    const sb = await startBenchSandbox();
    children.push(sb.child);
    const hubspot = sb.hubspot;
    const control = <T>(action: string, args: unknown[]) => sandboxControl<T>(hubspot, action, args);
    const [contactId] = await control<string[]>('seed', ['contacts', 1]);
    const token = (await control<{ access_token: string }>('issueToken', [{ expiresInSeconds: 3600 }])).access_token;
    const forwarder = await startChild(['bench/forwarder.ts'], { FORWARD_TO: hubspot.apiBaseUrl }, /forwarder listening on (\S+)/);
    children.push(forwarder.child);
    const forwarderOrigin = forwarder.match[1]!;
    const fastifyForwarder = await startChild(
      ['bench/forwarder.ts'],
      { FORWARD_TO: hubspot.apiBaseUrl, FORWARDER_FRONT: 'fastify' },
      /forwarder listening on (\S+)/,
    );
    children.push(fastifyForwarder.child);
    let databaseUrl = `sqlite:${join(dir, 'broker.sqlite')}`;
    if (opts.database === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
      databaseUrl = scratch.url;
      dropDb = scratch.drop;
    }
    const profileDir = join(dir, 'profile');
    const broker = await startBenchBroker({
      hubspot,
      dataDir: dir,
      databaseUrl,
      nodeArgs: opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    children.push(broker.child);
    const { base, key } = broker;
    const connectionId = await connectHubspot(base, key);

    const direct: autocannon.Options = {
      url: `${hubspot.apiBaseUrl}/crm/v3/objects/contacts/${contactId}`,
      headers: { authorization: `Bearer ${token}` },
    };
    const providerPath = new URL(direct.url).pathname;
    const viaForwarder: autocannon.Options = { ...direct, url: `${forwarderOrigin}${providerPath}` };
    const viaFastifyForwarder: autocannon.Options = { ...direct, url: `${fastifyForwarder.match[1]!}${providerPath}` };
    const viaBroker: autocannon.Options = {
      url: `${base}/api/v1/tools/HUBSPOT_CONTACTS_GET/execute`,
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ connectedAccountId: connectionId, arguments: { contactId } }),
    };
    const check = (await (
      await fetch(viaBroker.url, { method: 'POST', headers: viaBroker.headers as Record<string, string>, body: viaBroker.body as string })
    ).json()) as { successful: boolean; status: number };
    if (!check.successful) throw new Error(`executeTool is not working in the bench setup: ${JSON.stringify(check)}`);

    // Settle, then the idle footprint: started, catalog loaded, one connection made, no load yet.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleRssMb = rssMb(broker.child.proc.pid);
    // Read every second: when the reducer gave memory back (the last fall of over 10 MB).
    let settledRssMb = idleRssMb;
    let fellAtSec: number | undefined;
    for (let at = SETTLE_MS + 1000; at <= IDLE_MS; at += 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = rssMb(broker.child.proc.pid);
      if (now < settledRssMb - 10) fellAtSec = at / 1000;
      settledRssMb = now;
    }

    // The idle spell let V8 drop compiled code and shrink the heap (that is what the settled RSS
    // shows): warm the broker up again, as steady traffic would keep it, before measuring it.
    await load({ ...viaBroker, connections: 16, duration: WARM_UP_SEC });

    const rows: ExecutionBenchRow[] = [];
    const ticksBefore = machineTicks();
    const measure = async (target: autocannon.Options, c: number, pid?: number) => {
      await load({ ...target, connections: c, duration: 1 }); // warm-up
      return load({ ...target, connections: c, duration }, pid);
    };
    for (const c of connections) {
      // The four take turns for ROUNDS rounds and each figure is the median of its rounds: on two
      // shared cores one window of the same server varies widely (docs/internals/performance.md#bench-method).
      const turns: [LoadFigures[], LoadFigures[], LoadFigures[], LoadFigures[]] = [[], [], [], []];
      for (let round = 0; round < ROUNDS; round++) {
        turns[0].push(await measure(direct, c, sb.child.proc.pid));
        turns[1].push(await measure(viaForwarder, c, forwarder.child.proc.pid));
        turns[2].push(await measure(viaFastifyForwarder, c, fastifyForwarder.child.proc.pid));
        turns[3].push(await measure(viaBroker, c, broker.child.proc.pid));
      }
      const [d, f, ff, b] = turns.map(medianFigures) as [LoadFigures, LoadFigures, LoadFigures, LoadFigures];
      rows.push({ connections: c, direct: d, forwarder: f, fastifyForwarder: ff, broker: b });
      log(
        `  ${opts.database} c=${c}: direct ${d.rps.toFixed(0)} req/s p50 ${d.p50.toFixed(2)} ms | forwarder ${f.rps.toFixed(0)} req/s p50 ${f.p50.toFixed(2)} ms | ` +
          `Fastify forwarder ${ff.rps.toFixed(0)} req/s p50 ${ff.p50.toFixed(2)} ms | broker ${b.rps.toFixed(0)} req/s p50 ${b.p50.toFixed(2)} ms ` +
          `(medians of ${ROUNDS} rounds; broker req/s by round: ${turns[3].map((t) => t.rps.toFixed(0)).join(', ')})`,
      );
    }
    const ticksAfter = machineTicks();
    const stealShare = (ticksAfter.steal - ticksBefore.steal) / (ticksAfter.total - ticksBefore.total);
    const loadedRssMb = rssMb(broker.child.proc.pid);
    await broker.child.stop();
    const profile = opts.profile ? summariseProfile(profileDir, IDLE_MS, Number(process.env.BENCH_PROFILE_TOP ?? 14)) : undefined;
    return { rows, idleRssMb, settledRssMb, rssFellAtSec: fellAtSec, loadedRssMb, stealShare, profile };
  } finally {
    for (const c of children.reverse()) await c.stop();
    await dropDb?.();
    if (process.env.BENCH_KEEP_PROFILE) process.stdout.write(`profile kept in ${dir}/profile\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

const num = (n: number, width: number, digits = 2) => n.toFixed(digits).padStart(width);

export function formatExecutionTable(database: string, result: ExecutionBenchResult): string {
  const lines = [
    `executeTool (HUBSPOT_CONTACTS_GET) on ${database}: direct call, node:http forwarder, Fastify forwarder, broker (req/s, latency in ms)`,
    'conns |  direct req/s   p50   p99 | fwd req/s   p50   p99 | Fastify fwd req/s   p50   p99 | broker req/s   p50   p99 | broker/fwd /Fastify fwd /direct | added p50/p99 vs direct | vs forwarder',
  ];
  for (const { connections: c, direct: d, forwarder: f, fastifyForwarder: ff, broker: b } of result.rows) {
    const errors = [d, f, ff, b].map((x) => x.errors + x.non2xx);
    lines.push(
      `${String(c).padStart(5)} | ${num(d.rps, 12, 0)} ${num(d.p50, 5)} ${num(d.p99, 5)} | ${num(f.rps, 9, 0)} ${num(f.p50, 5)} ${num(f.p99, 5)} | ` +
        `${num(ff.rps, 17, 0)} ${num(ff.p50, 5)} ${num(ff.p99, 5)} | ` +
        `${num(b.rps, 12, 0)} ${num(b.p50, 5)} ${num(b.p99, 5)} | ${num(b.rps / f.rps, 10)} ${num(b.rps / ff.rps, 12)} ${num(b.rps / d.rps, 7)} | ` +
        `${num(b.p50 - d.p50, 11)} / ${num(b.p99 - d.p99, 5)}     | ${num(b.p50 - f.p50, 5)} / ${num(b.p99 - f.p99, 5)}` +
        (errors.some((e) => e > 0)
          ? `  (errors: direct ${errors[0]}, forwarder ${errors[1]}, Fastify forwarder ${errors[2]}, broker ${errors[3]})`
          : ''),
    );
  }
  lines.push('CPU time per request (us, the server process, all threads): what each hop costs on these cores');
  lines.push('conns | sandbox (direct) | forwarder | Fastify forwarder | broker');
  for (const { connections: c, direct: d, forwarder: f, fastifyForwarder: ff, broker: b } of result.rows) {
    const us = (x: LoadFigures, width: number) => num(x.cpuUs ?? NaN, width, 0);
    lines.push(`${String(c).padStart(5)} | ${us(d, 16)} | ${us(f, 9)} | ${us(ff, 17)} | ${us(b, 6)}`);
  }
  lines.push(
    `broker RSS (sample catalog, one connection): ${result.idleRssMb.toFixed(0)} MB ${SETTLE_MS / 1000} s after start-up, ` +
      `${result.settledRssMb.toFixed(0)} MB after ${IDLE_MS / 1000} s idle (${result.rssFellAtSec === undefined ? 'it did not fall meanwhile' : `V8's memory reducer gave memory back ${result.rssFellAtSec} s after the broker was up`}), ` +
      `${result.loadedRssMb.toFixed(0)} MB after the load`,
  );
  lines.push(
    `CPU steal during the measured loads: ${(100 * result.stealShare).toFixed(0)}% of the machine's time ` +
      '(other guests of a shared host; above a few percent, ratios from different runs do not compare)',
  );
  return lines.join('\n');
}

/** The issue-15 goals, each with the measured value and whether it is met. */
export function formatGoals(result: ExecutionBenchResult): string[] {
  const at = (c: number) => result.rows.find((r) => r.connections === c);
  const goals: string[] = [];
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const r64 = at(64);
  if (r64) {
    const ratio = r64.broker.rps / r64.forwarder.rps;
    goals.push(`throughput >= 0.5x forwarder at 64 conns: ${ratio.toFixed(2)}x (${verdict(ratio >= 0.5)})`);
  }
  const r1 = at(1);
  if (r1) {
    const p50 = r1.broker.p50 - r1.direct.p50;
    const p99 = r1.broker.p99 - r1.direct.p99;
    goals.push(`added p50 <= 0.3 ms at 1 conn (vs direct): ${p50.toFixed(2)} ms (${verdict(p50 <= 0.3)})`);
    goals.push(`added p99 <= 2 ms at 1 conn (vs direct): ${p99.toFixed(2)} ms (${verdict(p99 <= 2)})`);
  }
  goals.push(
    `idle RSS < 150 MB (after ${IDLE_MS / 1000} s idle): ${result.settledRssMb.toFixed(0)} MB (${verdict(result.settledRssMb < 150)})`,
  );
  return goals;
}
