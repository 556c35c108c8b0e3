/**
 * Three broker processes (the compiled server, as `npm start` and the image run it) on one PostgreSQL database and one
 * Redis, behind nginx running the shipped deploy/nginx/broker.conf, with the HubSpot sandbox as
 * the provider. The project and its keys come from the `broker` CLI, as an operator makes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHubspotSandbox } from '../../../sandbox/index.js';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { createScratchDatabase } from '../../../sandbox/support/scratch-postgres.js';
import { testLogSink } from '../../../sandbox/support/log-secret-scan.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../sandbox/support/processes.js';
import { runCli } from '../../../bin/cli.js';
import { startNginx } from '../../../sandbox/support/nginx.js';
import { CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { TEST_VAULT_KEYS, type TestContext } from '../../helpers/app.js';
import { compiledServerArgs } from '../../helpers/server-build.js';

export interface Instance {
  name: string;
  url: string;
  proc: ChildProcess;
  /** Everything the process wrote (JSON log lines). */
  output: () => string;
  /** Resolves with the exit code once the process has ended (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Generous: three processes start at once on a machine that may be busy with other work. */
const START_BOUND_MS = 120_000;

/** The compiled server as `npm start` runs it, resolved once it listens (a drill restarting an instance calls it again with `c.env`). */
export async function startInstance(name: string, port: number, env: Record<string, string>, started: Instance[]): Promise<void> {
  const proc = spawn(process.execPath, compiledServerArgs(), {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // npm test's secret scan reads every broker log line (sandbox/support/log-secret-scan.ts).
  const sink = testLogSink(`cluster instance ${name}`, true);
  const collect = (c: Buffer) => {
    sink?.(c);
    out += c.toString();
  };
  proc.stdout.on('data', collect);
  proc.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  // Registered before it is ready, so teardown kills it even when it never gets there.
  started.push({ name, url: `http://127.0.0.1:${port}`, proc, output: () => out, exited });
  const deadline = Date.now() + START_BOUND_MS;
  while (!/Server listening/.test(out)) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`instance ${name} did not start: ${out.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Reply {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** `extraEnv`: settings a drill needs on every instance (e.g. a short webhook retry schedule). */
/** `opts.oneByOne`: start the instances one after another (a drill about something else than starting together, on a busy machine). */
export async function startCluster(
  t: TestContext,
  databaseBaseUrl: string,
  redisUrl: string,
  extraEnv: Record<string, string> = {},
  opts: { oneByOne?: boolean } = {},
) {
  const hubspot = await startHubspotSandbox({ clients: [MANAGED_CLIENTS.hubspot, CUSTOM_CLIENTS.hubspot] });
  t.teardown(() => hubspot.close());
  // Each resource is released on teardown as soon as it exists (DROP ... WITH (FORCE) ends any
  // connection an instance still holds).
  const db = await createScratchDatabase(databaseBaseUrl);
  t.teardown(() => db.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'broker-cluster-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const ports = [await freePort(), await freePort(), await freePort()];
  // nginx first: its address is every instance's PUBLIC_BASE_URL (OAuth callbacks come back to it).
  const nginx = await startNginx(ports.map((p) => `127.0.0.1:${p}`));
  t.teardown(() => nginx.stop());
  const env = {
    ...sandboxBrokerEnv(hubspot),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: nginx.url,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    TRUST_PROXY: 'true',
    BOOTSTRAP: 'false',
    // One key ring and one session secret for all: a state signed by one instance verifies on another.
    VAULT_KEYS: TEST_VAULT_KEYS,
    SESSION_SECRET: 'cluster-session-secret-cluster-session-secret',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    // Production's fail-fast database bounds (2 s / 5 s) measure the machine, not the cluster: a
    // CI host starved of CPU can exceed them while 50 calls queue on one refresh's row lock.
    DB_ACQUIRE_TIMEOUT_MS: '15000',
    DB_STATEMENT_TIMEOUT_MS: '20000',
    ...extraEnv,
  };
  const instances: Instance[] = [];
  t.teardown(async () => {
    for (const i of instances) i.proc.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
  });
  // Started together (the migration lock lets one of them migrate the empty database); the list
  // is in start order: A, B, C.
  if (opts.oneByOne) for (const [i, name] of ['A', 'B', 'C'].entries()) await startInstance(name, ports[i]!, env, instances);
  else await Promise.all(['A', 'B', 'C'].map((name, i) => startInstance(name, ports[i]!, env, instances)));

  const cli = (...args: string[]) => runCliWith({ ...env, LOG_LEVEL: 'warn' }, args);
  const created = await cli('create-project', '--org', 'Cluster', '--project', 'three-instances');
  const projectId = created.match(/Project:\s+(\S+)/)![1]!;
  const key = created.match(/API key:\s+(cb_live_\S+)/)![1]!;

  /** One API call to `base` (an instance or nginx) with the project's key unless another is given. */
  async function call(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    opts: { key?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await fetch(`${base}${path.startsWith('/') ? path : `/api/v1/${path}`}`, {
      method,
      headers: {
        'x-api-key': opts.key ?? key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // nginx's own error pages are HTML: keep the text.
    }
    return { status: res.status, body: parsed, text, headers: res.headers } satisfies Reply;
  }

  const execute = (base: string, connectionId: string, opts: { key?: string } = {}) =>
    call(base, 'POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: connectionId, arguments: {} }, opts);

  /**
   * The user's browser: approves at the provider, then follows its redirect to the callback, sent
   * to `callbackBase` instead of nginx when a step must land on one instance. Returns the callback.
   */
  async function consent(redirectUrl: string, callbackBase: string) {
    const url = new URL(redirectUrl);
    url.searchParams.set('approve', 'yes');
    const provider = await fetch(url, { redirect: 'manual' });
    const location = provider.headers.get('location');
    if (!location) throw new Error(`the provider did not redirect (HTTP ${provider.status})`);
    const callback = new URL(location);
    const res = await fetch(`${callbackBase}${callback.pathname}${callback.search}`);
    return { status: res.status, location, text: await res.text() };
  }

  return { hubspot, nginx, instances, projectId, key, env, cli, call, execute, consent };
}

/**
 * The `broker` CLI in this process (a process per command would cost seconds of start-up each):
 * the same code, its own app on the same database, output captured. Throws on a non-zero exit.
 */
async function runCliWith(env: Record<string, string>, args: string[]): Promise<string> {
  const saved = process.env;
  process.env = { ...saved, ...env };
  const out: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const writeErr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const code = await runCli(args);
    if (code !== 0) throw new Error(`broker ${args[0]} failed (${code}): ${out.join('')}`);
    return out.join('');
  } finally {
    process.stdout.write = write;
    process.stderr.write = writeErr;
    process.env = saved;
  }
}

/** Polls `check` until it is true or `boundMs` passes; true when it held in time. */
export async function eventually(check: () => Promise<boolean>, boundMs: number): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
