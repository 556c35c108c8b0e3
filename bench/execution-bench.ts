/**
 * executeTool through the broker vs the same request sent straight to the sandbox, at several
 * concurrency levels, with autocannon on loopback. The sandbox and the broker each run in their
 * own process; latencies are taken from every response (autocannon's own histogram has 1 ms
 * resolution, too coarse for a sub-millisecond target). Optionally records a CPU profile of
 * the broker and prints its hottest functions.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANAGED_CLIENTS, sandboxBrokerEnv, type SandboxEndpoints } from '../sandbox/broker-env.js';
import { freePort, startChild, type Child } from '../sandbox/support/processes.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface ExecutionBenchRow {
  connections: number;
  direct: LoadFigures;
  broker: LoadFigures;
  addedP50Ms: number;
  throughputRatio: number;
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

async function load(opts: autocannon.Options): Promise<LoadFigures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  const sorted = Float64Array.from(times).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Plays the user's browser through the sandbox consent and the broker callback. */
async function connectHubspot(base: string, key: string): Promise<string> {
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  await fetch(`${base}/api/v1/auth_configs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true }),
  });
  const init = (await (
    await fetch(`${base}/api/v1/connectors/hubspot/initiate`, { method: 'POST', headers, body: JSON.stringify({ entityId: 'bench' }) })
  ).json()) as { connectionId: string; redirectUrl: string };
  const consent = await fetch(`${init.redirectUrl}&approve=yes`, { redirect: 'manual' });
  const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
  if (callback.status >= 400) throw new Error(`OAuth callback failed: HTTP ${callback.status}`);
  return init.connectionId;
}

function hottest(profileDir: string, top = 12): string[] {
  type Profile = { nodes: { id: number; hitCount: number; callFrame: { functionName: string; url: string; lineNumber: number } }[] };
  // tsx's loader thread writes a profile too: keep the busiest one (the main thread).
  const busy = (p: Profile) => p.nodes.reduce((s, n) => s + (n.callFrame.functionName === '(idle)' ? 0 : n.hitCount), 0);
  const profiles = readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as Profile);
  const profile = profiles.sort((a, b) => busy(b) - busy(a))[0];
  if (!profile) return ['(no profile written)'];
  const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);
  const bySite = new Map<string, number>();
  for (const n of profile.nodes) {
    const where = n.callFrame.url
      .replace(/^file:\/\//, '')
      .replace(/.*node_modules\//, '')
      .replace(process.cwd() + '/', '');
    const name = `${n.callFrame.functionName || '(anonymous)'} ${where ? `${where}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
    bySite.set(name, (bySite.get(name) ?? 0) + n.hitCount);
  }
  return [...bySite.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)}%  ${name}`);
}

export async function runExecutionBench(opts: ExecutionBenchOptions): Promise<{ rows: ExecutionBenchRow[]; profile: string[] }> {
  const log = opts.log ?? ((l: string) => process.stdout.write(l + '\n'));
  const connections = opts.connections ?? [1, 16, 64];
  const duration = opts.durationSec ?? 5;
  const dir = mkdtempSync(join(tmpdir(), 'broker-bench-'));
  const children: Child[] = [];
  let dropDb: (() => Promise<void>) | undefined;
  try {
    // The standalone sandboxes, with the managed HubSpot app registered; one seeded contact and a
    // token for the direct baseline come from its control API.
    const sb = await startChild(
      ['sandbox/standalone.ts'],
      {
        HUBSPOT_SANDBOX_CLIENT_ID: MANAGED_CLIENTS.hubspot.clientId,
        HUBSPOT_SANDBOX_CLIENT_SECRET: MANAGED_CLIENTS.hubspot.clientSecret,
        HUBSPOT_SANDBOX_TOKEN_TTL: '3600',
      },
      /^(\{.*\})$/m,
    );
    children.push(sb.child);
    const hubspot = (JSON.parse(sb.match[1]!) as { hubspot: SandboxEndpoints & { url: string } }).hubspot;
    const control = async <T>(action: string, args: unknown[]): Promise<T> => {
      const res = await fetch(`${hubspot.url}/__sandbox/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, args }),
      });
      return ((await res.json()) as { result: T }).result;
    };
    const [contactId] = await control<string[]>('seed', ['contacts', 1]);
    const token = (await control<{ access_token: string }>('issueToken', [{ expiresInSeconds: 3600 }])).access_token;
    let databaseUrl = `sqlite:${join(dir, 'broker.sqlite')}`;
    if (opts.database === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
      databaseUrl = scratch.url;
      dropDb = scratch.drop;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const profileDir = join(dir, 'profile');
    const args = [...(opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'bin/server.ts'];
    const broker = await startChild(
      args,
      {
        ...sandboxBrokerEnv(hubspot),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: base,
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '0',
        NODE_ENV: 'production',
        VAULT_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64')}`,
        SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      },
      /API key \(shown once, store it now\):\s+(cb_live_\S+)/,
    );
    children.push(broker.child);
    const key = broker.match[1]!;
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const connectionId = await connectHubspot(base, key);

    const direct: autocannon.Options = {
      url: `${hubspot.apiBaseUrl}/crm/v3/objects/contacts/${contactId}`,
      headers: { authorization: `Bearer ${token}` },
    };
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

    const rows: ExecutionBenchRow[] = [];
    for (const c of connections) {
      await load({ ...direct, connections: c, duration: 1 }); // warm-up
      const d = await load({ ...direct, connections: c, duration });
      await load({ ...viaBroker, connections: c, duration: 1 });
      const b = await load({ ...viaBroker, connections: c, duration });
      rows.push({ connections: c, direct: d, broker: b, addedP50Ms: b.p50 - d.p50, throughputRatio: b.rps / d.rps });
      log(
        `  ${opts.database} c=${c}: direct ${d.rps.toFixed(0)} req/s p50 ${d.p50.toFixed(2)} ms | broker ${b.rps.toFixed(0)} req/s p50 ${b.p50.toFixed(2)} ms`,
      );
    }
    await broker.child.stop();
    const profile = opts.profile ? hottest(profileDir) : [];
    return { rows, profile };
  } finally {
    for (const c of children.reverse()) await c.stop();
    await dropDb?.();
    if (process.env.BENCH_KEEP_PROFILE) process.stdout.write(`profile kept in ${dir}/profile\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

export function formatExecutionTable(database: string, rows: ExecutionBenchRow[]): string {
  const lines = [
    `executeTool (HUBSPOT_CONTACTS_GET) on ${database}: broker vs direct call to the sandbox`,
    'conns |   direct req/s  p50 ms  p99 ms |   broker req/s  p50 ms  p99 ms | added p50 ms | throughput ratio',
  ];
  for (const r of rows) {
    lines.push(
      `${String(r.connections).padStart(5)} | ${r.direct.rps.toFixed(0).padStart(14)} ${r.direct.p50.toFixed(2).padStart(7)} ${r.direct.p99.toFixed(2).padStart(7)} | ` +
        `${r.broker.rps.toFixed(0).padStart(14)} ${r.broker.p50.toFixed(2).padStart(7)} ${r.broker.p99.toFixed(2).padStart(7)} | ` +
        `${r.addedP50Ms.toFixed(2).padStart(12)} | ${r.throughputRatio.toFixed(2).padStart(6)}` +
        (r.broker.errors + r.broker.non2xx + r.direct.errors + r.direct.non2xx > 0
          ? `  (errors: broker ${r.broker.errors + r.broker.non2xx}, direct ${r.direct.errors + r.direct.non2xx})`
          : ''),
    );
  }
  return lines.join('\n');
}
