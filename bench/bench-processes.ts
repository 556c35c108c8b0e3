/**
 * The processes every data-plane benchmark starts: the standalone sandboxes (with the managed
 * HubSpot app registered) and a broker on a free port, started as `npm start` and the image start
 * it (the compiled server in dist/, NODE_ENV=production), with a key the CLI made beforehand (a
 * production first start prints none). One place, so the execution, MCP and scale benches measure
 * the same broker.
 */
import { execFileSync } from 'node:child_process';
import { MANAGED_CLIENTS, sandboxBrokerEnv, type SandboxEndpoints } from '../sandbox/broker-env.js';
import { freePort, startChild, type Child } from '../sandbox/support/processes.js';
import { npmStartNodeFlags } from '../sandbox/support/npm-start.js';

/** The Node flags `npm start` and the image run the server with (package.json `start`); BENCH_NODE_FLAGS overrides them. */
export const SERVER_NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS !== undefined ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean) : npmStartNodeFlags();

let built = false;
/** Compiles the server once per bench run (`npm run build`'s server half). */
function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
  built = true;
}

export type HubspotSandbox = SandboxEndpoints & { url: string };

export async function startBenchSandbox(): Promise<{ child: Child; hubspot: HubspotSandbox }> {
  const sb = await startChild(
    ['sandbox/standalone.ts'],
    {
      HUBSPOT_SANDBOX_CLIENT_ID: MANAGED_CLIENTS.hubspot.clientId,
      HUBSPOT_SANDBOX_CLIENT_SECRET: MANAGED_CLIENTS.hubspot.clientSecret,
      HUBSPOT_SANDBOX_TOKEN_TTL: '3600',
    },
    /^(\{.*\})$/m,
  );
  return { child: sb.child, hubspot: (JSON.parse(sb.match[1]!) as { hubspot: HubspotSandbox }).hubspot };
}

/** Calls the sandbox's control API (seed data, issue tokens). */
export async function sandboxControl<T>(hubspot: HubspotSandbox, action: string, args: unknown[]): Promise<T> {
  const res = await fetch(`${hubspot.url}/__sandbox/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action, args }),
  });
  return ((await res.json()) as { result: T }).result;
}

export interface BenchBroker {
  child: Child;
  base: string;
  key: string;
}

/** A broker pointed at the sandbox, listening and healthy; `nodeArgs` e.g. for --cpu-prof. */
export async function startBenchBroker(opts: {
  hubspot: HubspotSandbox;
  dataDir: string;
  databaseUrl: string;
  nodeArgs?: string[];
  /** Settings on top of the bench's (e.g. the trigger bench's TRIGGER_MIN_INTERVAL_SECONDS). */
  env?: Record<string, string>;
  /** The server's database URL when it differs from the CLI's (the trigger bench's counting proxy). */
  serverDatabaseUrl?: string;
}): Promise<BenchBroker> {
  buildServer();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ...sandboxBrokerEnv(opts.hubspot),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: base,
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    NODE_ENV: 'production',
    VAULT_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64')}`,
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    ...opts.env,
  };
  // As an operator would: migrate, then a project whose key the CLI prints on this terminal.
  const cli = (args: string[]) => execFileSync(process.execPath, ['dist/bin/cli.js', ...args], { env, encoding: 'utf8' });
  cli(['migrate']);
  const key = /API key:\s+(cb_live_\S+)/.exec(cli(['create-project', '--org', 'bench', '--project', 'bench']))?.[1];
  if (!key) throw new Error('broker create-project printed no API key');
  // Nothing is printed at warn level once it listens: wait for /healthz instead.
  const serverEnv = opts.serverDatabaseUrl ? { ...env, DATABASE_URL: opts.serverDatabaseUrl } : env;
  const broker = await startChild([...(opts.nodeArgs ?? []), ...SERVER_NODE_FLAGS, 'dist/bin/server.js'], serverEnv, null);
  const healthy = () =>
    fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  for (let waited = 0; !(await healthy()); waited += 100) {
    if (waited >= 180_000 || broker.child.proc.exitCode !== null) throw new Error(`the broker did not come up:\n${broker.child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child: broker.child, base, key };
}

/**
 * A managed HubSpot auth config and an ACTIVE connection of `entityId`: plays the user's browser
 * through the sandbox consent and the broker callback. Returns the connection id.
 */
export async function connectHubspot(base: string, key: string, entityId = 'bench'): Promise<string> {
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  await fetch(`${base}/api/v1/auth_configs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true }),
  });
  const init = (await (
    await fetch(`${base}/api/v1/connectors/hubspot/initiate`, { method: 'POST', headers, body: JSON.stringify({ entityId }) })
  ).json()) as { connectionId: string; redirectUrl: string };
  const consent = await fetch(`${init.redirectUrl}&approve=yes`, { redirect: 'manual' });
  const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
  if (callback.status >= 400) throw new Error(`OAuth callback failed: HTTP ${callback.status}`);
  return init.connectionId;
}
