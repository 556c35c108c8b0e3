/**
 * Triggers (issue 29): what 10,000 enabled poll instances cost per minute, and the time from a
 * provider change to the delivered event, by polling and by HubSpot app webhooks.
 *
 * One broker (the compiled server as `npm start` runs it, own process) on the sandbox (own
 * process), per database, with TRIGGER_MIN_INTERVAL_SECONDS=1 and the poller's defaults
 * (TRIGGER_POLL_CONCURRENCY 8, TRIGGER_POLL_CHECK_MS 1000):
 *
 * 1. Baseline: the same broker with no trigger instance, for one window.
 * 2. Latency: one HUBSPOT_CONTACT_CREATED instance polling every second, a contact created in
 *    the sandbox, the event timed at a loopback webhook receiver; then an instance polling every
 *    hour on another connection, fed by the sandbox's signed app webhooks (sent at once, no
 *    batching) through `receiveProviderWebhook`.
 * 3. Cost: 10,000 HUBSPOT_CONTACT_CREATED instances on 10 connections at `interval` 1 minute,
 *    their first polls counted as done and their next polls spread evenly over the minute, for one
 *    window with nothing changing, then one with a steady change rate (contacts created so that
 *    every poll finds CHANGES_PER_MINUTE new ones, each read again and recorded as an event). The
 *    project has no webhook subscription then: delivery costs are the webhook bench's.
 *
 * The window is shorter than a minute to keep the bench short; per-minute figures are the
 * window's scaled by 60 / window, and the output says so. Database round trips on PostgreSQL are
 * counted on the wire: the broker reaches PostgreSQL through a proxy here that counts the
 * frontend's Query and Sync messages (each one round trip), beside pg_stat_database's committed
 * transactions. On SQLite the database is in the broker's process: no round trips, CPU only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from '../sandbox/broker-env.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';
import { startWebhookReceiver, type WebhookReceiver } from '../sandbox/webhook-receiver.js';
import { loadConfig } from '../src/config.js';
import { openOrm } from '../src/db/orm.js';
import { TriggerInstance, TriggerPollState } from '../src/db/entities/index.js';
import { newOrderedId } from '../src/ids.js';
import { configHash } from '../src/triggers/trigger-instance-service.js';
import type { MikroORM } from '@mikro-orm/core';
import {
  connectHubspot,
  sandboxControl,
  startBenchBroker,
  startBenchSandbox,
  type BenchBroker,
  type HubspotSandbox,
} from './bench-processes.js';
import { cpuSeconds } from './execution-bench.js';
import { summariseProfile, type ProfileSummary } from './cpu-profile.js';

const INSTANCES = 10_000;
const CONNECTIONS = 10;
const INTERVAL_MS = 60_000;
const TRIGGER = 'HUBSPOT_CONTACT_CREATED';
/** The steady change rate: new contacts per minute in the portal every instance watches, so each poll finds this many. */
export const CHANGES_PER_MINUTE = 1;

export interface WindowFigures {
  seconds: number;
  brokerCpuSec: number;
  sandboxCpuSec: number;
  /** PostgreSQL only: Query + Sync messages from the broker (each a round trip) and committed transactions. */
  roundTrips?: number;
  transactions?: number;
  polls: number;
  /** Polls due in the window that had not started by its end. */
  backlog: number;
  /** From a poll's due time to its start. */
  startDelayP50Ms: number;
  startDelayP99Ms: number;
  events: number;
}

export interface TriggerBenchResult {
  database: 'sqlite' | 'postgresql';
  idle: WindowFigures;
  quiet: WindowFigures;
  changing: WindowFigures;
  /** CPU of the bench process per bare HTTP request (undici) of the poll's search to the sandbox. */
  bareRequestCpuMs: number;
  poll: { p50Ms: number; p99Ms: number; samples: number };
  webhook: { p50Ms: number; p99Ms: number; samples: number };
  profile?: ProfileSummary;
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** A TCP proxy to PostgreSQL counting the frontend's round trips: each simple Query ('Q') or extended-protocol Sync ('S'). */
async function startCountingProxy(target: { host: string; port: number }) {
  let roundTrips = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    // Startup-phase messages (SSLRequest, StartupMessage) have no type byte.
    let startup = true;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (startup) {
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          // 80877103 SSLRequest, 80877104 GSSENCRequest: the real StartupMessage follows.
          if (code !== 80877103 && code !== 80877104) startup = false;
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) break;
        const type = pending[0];
        if (type === 0x51 || type === 0x53) roundTrips++;
        pending = pending.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    roundTrips: () => roundTrips,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function runTriggerBench(opts: {
  database: 'sqlite' | 'postgresql';
  windowSec: number;
  latencySamples: number;
  /** CPU profile of the broker (--profile). */
  profile?: boolean;
}): Promise<TriggerBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'trigger-bench-'));
  // Released in reverse order whatever happens, from the first one started.
  const cleanup: (() => unknown)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const release = async () => {
    for (const step of cleanup.reverse()) await step();
  };
  const profileDir = join(dir, 'profile');
  let profile: ProfileSummary | undefined;
  const sb = await startBenchSandbox().catch(async (err: unknown) => {
    await release();
    throw err;
  });
  cleanup.push(() => sb.child.stop());
  const hubspot: HubspotSandbox = sb.hubspot;
  let receiver!: WebhookReceiver;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let proxy: Awaited<ReturnType<typeof startCountingProxy>> | undefined;
  let broker!: BenchBroker;
  let orm!: MikroORM;
  try {
    receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    scratch =
      opts.database === 'postgresql'
        ? await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test')
        : undefined;
    const db = scratch;
    if (db) cleanup.push(() => db.drop());
    proxy = scratch
      ? await startCountingProxy({ host: new URL(scratch.url).hostname, port: Number(new URL(scratch.url).port || 5432) })
      : undefined;
    const counting = proxy;
    if (counting) cleanup.push(() => counting.close());
    const proxiedUrl = scratch && proxy ? Object.assign(new URL(scratch.url), { port: String(proxy.port) }).href : undefined;
    const databaseUrl = scratch?.url ?? `sqlite:${join(dir, 'broker.sqlite')}`;
    // The CLI (migrate, create-project) runs synchronously in this process: straight to the database.
    broker = await startBenchBroker({
      hubspot,
      dataDir: dir,
      databaseUrl,
      ...(proxiedUrl ? { serverDatabaseUrl: proxiedUrl } : {}),
      nodeArgs: opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      env: { TRIGGER_MIN_INTERVAL_SECONDS: '1' },
    });
    // Stopped before the database goes; the profile is written as it exits.
    cleanup.push(async () => {
      await broker.child.stop();
      if (opts.profile) profile = summariseProfile(profileDir, 8000, Number(process.env.BENCH_PROFILE_TOP ?? 14));
    });
    // The bench's own link to the database (seeding, reading poll states), straight, not counted.
    const config = loadConfig({
      ...sandboxBrokerEnv(hubspot),
      NODE_ENV: 'production',
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      VAULT_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64')}`,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      LOG_LEVEL: 'warn',
    });
    orm = await openOrm(config.database);
    cleanup.push(() => orm.close(true));
  } catch (err) {
    await release();
    throw err;
  }
  const control = <T>(action: string, ...args: unknown[]) => sandboxControl<T>(hubspot, action, args);
  let result: TriggerBenchResult;
  const headers = { 'x-api-key': broker.key, 'content-type': 'application/json' };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${broker.base}/api/v1/${path}`, {
      method,
      headers: body === undefined ? { 'x-api-key': broker.key } : headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const transactions = async () => {
    if (!scratch) return undefined;
    const rows: { n: string }[] = await orm.em
      .fork()
      .getConnection()
      .execute('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()', [], 'all');
    return Number(rows[0]!.n);
  };
  const countEvents = async () => {
    const rows: { n: number | string }[] = await orm.em
      .fork()
      .getConnection()
      .execute(`select count(*) as n from events where type = 'trigger.event'`, [], 'all');
    return Number(rows[0]!.n);
  };

  /** One window: CPU of both processes, round trips, and (when `schedule` is given) how the polls due in it went. */
  async function window(schedule?: { t0: number; ids: string[] }): Promise<WindowFigures> {
    // pg_stat_database is updated when a backend reports (at most once a second): settle first.
    await sleep(1100);
    const start = {
      at: Date.now(),
      broker: cpuSeconds(broker.child.proc.pid),
      sandbox: cpuSeconds(sb.child.proc.pid),
      trips: proxy?.roundTrips(),
      xacts: await transactions(),
      events: await countEvents(),
    };
    if (schedule) await sleep(Math.max(0, schedule.t0 - Date.now()));
    const from = schedule ? schedule.t0 : start.at;
    await sleep(Math.max(0, from + opts.windowSec * 1000 - Date.now()));
    const end = {
      broker: cpuSeconds(broker.child.proc.pid),
      sandbox: cpuSeconds(sb.child.proc.pid),
      trips: proxy?.roundTrips(),
    };
    const seconds = opts.windowSec;
    let polls = 0;
    let backlog = 0;
    const delays: number[] = [];
    if (schedule) {
      const until = from + seconds * 1000;
      const rows = await orm.em.fork().find(TriggerPollState, {}, { fields: ['instanceId', 'lastPolledAt'] });
      const polled = new Map(rows.map((r) => [r.instanceId, r.lastPolledAt?.getTime()]));
      schedule.ids.forEach((id, i) => {
        const due = from + (i * INTERVAL_MS) / schedule.ids.length;
        if (due >= until) return;
        const at = polled.get(id);
        if (at === undefined || at < from) backlog++;
        else if (at < until) {
          polls++;
          delays.push(Math.max(0, at - due));
        }
      });
    }
    await sleep(1100);
    const xacts = await transactions();
    return {
      seconds,
      brokerCpuSec: end.broker - start.broker,
      sandboxCpuSec: end.sandbox - start.sandbox,
      ...(proxy ? { roundTrips: end.trips! - start.trips! } : {}),
      // Includes the bench's own few reads (the events count): negligible beside the broker's.
      ...(xacts !== undefined && start.xacts !== undefined ? { transactions: xacts - start.xacts } : {}),
      polls,
      backlog,
      startDelayP50Ms: percentile(delays, 50),
      startDelayP99Ms: percentile(delays, 99),
      events: (await countEvents()) - start.events,
    };
  }

  try {
    const connections: string[] = [];
    // The first makes the managed auth config; the others go through the same consent under it.
    connections.push(await connectHubspot(broker.base, broker.key, 'bench-0'));
    for (let c = 1; c < CONNECTIONS; c++) {
      const init = await api<{ connectionId: string; redirectUrl: string }>('POST', 'connectors/hubspot/initiate', {
        entityId: `bench-${c}`,
      });
      const consent = await fetch(`${init.redirectUrl}&approve=yes`, { redirect: 'manual' });
      const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
      if (callback.status >= 400) throw new Error(`OAuth callback failed: HTTP ${callback.status}`);
      connections.push(init.connectionId);
    }

    // 1. The idle broker.
    const idle = await window();

    // 2. Latency, change to delivered event.
    const subscription = await api<{ id: string }>('POST', 'webhook_subscriptions', {
      url: receiver.url('/trigger'),
      eventTypes: ['trigger.event'],
    });
    const deliveredAt = (contactId: string) =>
      receiver.at('/trigger').find((r) => (JSON.parse(r.body) as { data: { payload: { id: string } } }).data.payload.id === contactId)
        ?.receivedAt;
    let emailSeq = 0;
    async function sample(): Promise<number> {
      const started = Date.now();
      const created = await control<{ id: string }>('createObject', 'contacts', {
        email: `latency-${++emailSeq}-${started}@example.com`,
        firstname: 'Latency',
      });
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(5)) {
        const at = deliveredAt(created.id);
        if (at !== undefined) return at - started;
      }
      throw new Error(`the event of contact ${created.id} did not arrive in 30 s`);
    }
    async function samples(instanceId: string): Promise<number[]> {
      // The first poll records where the portal stands; wait for it before changing anything.
      for (const deadline = Date.now() + 30_000; ; await sleep(50)) {
        const state = await orm.em.fork().findOne(TriggerPollState, { instanceId }, { fields: ['lastPolledAt'] });
        if (state?.lastPolledAt) break;
        if (Date.now() > deadline) throw new Error('the first poll did not happen in 30 s');
      }
      const out: number[] = [];
      for (let n = 0; n < opts.latencySamples; n++) {
        out.push(await sample());
        // Off the poll's phase, so samples spread over the interval.
        await sleep(Math.random() * 700);
      }
      return out;
    }
    const polled = await api<{ id: string }>('POST', 'trigger_instances', {
      triggerSlug: TRIGGER,
      connectedAccountId: connections[0],
      config: { interval: 1 / 60 },
    });
    const pollLatencies = opts.latencySamples > 0 ? await samples(polled.id) : [];
    await api('DELETE', `trigger_instances/${polled.id}`);
    await control('configureAppWebhooks', {
      targetUrl: `${broker.base}/api/v1/provider_webhooks/hubspot`,
      clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
      subscriptions: [{ subscriptionType: 'contact.creation' }],
      batchMs: 0,
    });
    const pushed = await api<{ id: string }>('POST', 'trigger_instances', {
      triggerSlug: TRIGGER,
      connectedAccountId: connections[1],
      config: { interval: 60 },
    });
    const webhookLatencies = opts.latencySamples > 0 ? await samples(pushed.id) : [];
    await api('DELETE', `trigger_instances/${pushed.id}`);
    await control('configureAppWebhooks', null);
    await api('DELETE', `webhook_subscriptions/${subscription.id}`);

    // The bare request: the poll's search, straight to the sandbox, from this process.
    const token = (await control<{ access_token: string }>('issueToken', {})).access_token;
    const agent = new Agent();
    const searchBody = JSON.stringify({
      filterGroups: [{ filters: [{ propertyName: 'createdate', operator: 'GTE', value: String(Date.now()) }] }],
      sorts: [{ propertyName: 'createdate', direction: 'ASCENDING' }],
      properties: ['email', 'firstname', 'lastname', 'phone', 'company', 'lifecyclestage', 'createdate', 'lastmodifieddate'],
      limit: 100,
    });
    const bare = async () => {
      const res = await request(`${hubspot.url}/crm/v3/objects/contacts/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: searchBody,
        dispatcher: agent,
      });
      await res.body.text();
    };
    for (let i = 0; i < 200; i++) await bare();
    const bareCpu = process.cpuUsage();
    const BARE = 1000;
    for (let i = 0; i < BARE; i++) await bare();
    const bareUsed = process.cpuUsage(bareCpu);
    await agent.close();

    // 3. Cost: 10,000 instances, seeded as after their first poll.
    const conns: { id: string; project_id: string; auth_config_id: string; entity_id: string }[] = await orm.em
      .fork()
      .getConnection()
      .execute('select id, project_id, auth_config_id, entity_id from connections', [], 'all');
    const ids: string[] = [];
    const configs: Record<string, unknown>[] = [];
    const instances = Array.from({ length: INSTANCES }, (_, i) => {
      const conn = conns[i % conns.length]!;
      // Distinct configs per connection (the upsert's key): each asks for one more property.
      const config = { interval: 1, properties: ['email', 'firstname', 'lastname', 'createdate', `bench_${Math.floor(i / conns.length)}`] };
      const id = newOrderedId('ti', Date.now());
      ids.push(id);
      configs.push(config);
      return {
        id,
        projectId: conn.project_id,
        triggerSlug: TRIGGER,
        toolkitSlug: 'hubspot',
        connectionId: conn.id,
        authConfigId: conn.auth_config_id,
        entityId: conn.entity_id,
        config,
        configHash: configHash(config),
        enabled: true,
        disabledAt: null,
        disabledReason: null,
        disabledBy: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      };
    });
    for (let i = 0; i < INSTANCES; i += 1000) await orm.em.fork().insertMany(TriggerInstance, instances.slice(i, i + 1000));

    // Contacts made before this (the latency samples') are older than every mark.
    const settled = Date.now();
    /**
     * (Re)writes every poll state: first poll done, due times spread over the minute from t0, the
     * mark where the previous poll would have left it (one interval before), never before `settled`.
     */
    async function seed(t0: number): Promise<void> {
      await orm.em.fork().nativeDelete(TriggerPollState, {});
      for (let i = 0; i < INSTANCES; i += 1000) {
        const rows = instances.slice(i, i + 1000).map((inst, k) => {
          const due = t0 + ((i + k) * INTERVAL_MS) / INSTANCES;
          return {
            instanceId: inst.id,
            projectId: inst.projectId,
            triggerSlug: TRIGGER,
            connectionId: inst.connectionId,
            config: configs[i + k]!,
            enabled: true,
            status: 'scheduled' as const,
            nextPollAt: new Date(due),
            leaseToken: null,
            leaseExpiresAt: null,
            firstPollDone: true,
            markAt: new Date(Math.max(settled, due - INTERVAL_MS)),
            markIds: [],
            failures: 0,
            lastError: null,
            lastPolledAt: null,
            lastEventAt: null,
            createdAt: new Date(),
            updatedAt: new Date(),
          };
        });
        await orm.em.fork().insertMany(TriggerPollState, rows);
      }
    }

    let t0 = Date.now() + 8000;
    await seed(t0);
    const quiet = await window({ t0, ids });

    // Steady change: CHANGES_PER_MINUTE contacts a minute, the ones before t0 backdated so that every
    // poll of the window looks back over a minute of them.
    await orm.em.fork().nativeDelete(TriggerPollState, {});
    t0 = Date.now() + 8000;
    const every = INTERVAL_MS / CHANGES_PER_MINUTE;
    for (let at = t0 - 500; at > t0 - INTERVAL_MS; at -= every)
      await control('createObject', 'contacts', { email: `steady-${at}@example.com`, firstname: 'Steady' }, { at });
    const live = (async () => {
      for (let at = t0 - 500 + every; at < t0 + opts.windowSec * 1000; at += every) {
        await sleep(Math.max(0, at - Date.now()));
        await control('createObject', 'contacts', { email: `steady-${at}@example.com`, firstname: 'Steady' });
      }
    })();
    await seed(t0);
    const changing = await window({ t0, ids });
    await live;

    result = {
      database: opts.database,
      idle,
      quiet,
      changing,
      bareRequestCpuMs: (bareUsed.user + bareUsed.system) / 1000 / BARE,
      poll: { p50Ms: percentile(pollLatencies, 50), p99Ms: percentile(pollLatencies, 99), samples: pollLatencies.length },
      webhook: { p50Ms: percentile(webhookLatencies, 50), p99Ms: percentile(webhookLatencies, 99), samples: webhookLatencies.length },
    };
  } finally {
    await release();
  }
  return { ...result, ...(profile ? { profile } : {}) };
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export function formatTriggerBench(r: TriggerBenchResult, log: (line: string) => void): void {
  const perMinute = (w: WindowFigures, n: number) => (n * 60) / w.seconds;
  const line = (name: string, w: WindowFigures) => {
    const trips =
      w.roundTrips === undefined
        ? 'round trips: - (SQLite, in process)'
        : `round trips ${fixed(perMinute(w, w.roundTrips), 0)}/min (${fixed(w.polls ? w.roundTrips / w.polls : NaN)} per poll), transactions ${fixed(perMinute(w, w.transactions ?? NaN), 0)}/min`;
    const pollPart =
      w.polls > 0 || w.backlog > 0
        ? `; ${w.polls} polls in ${w.seconds} s (${fixed(perMinute(w, w.polls), 0)}/min), not started by the end ${w.backlog}, start after due p50 ${fixed(w.startDelayP50Ms, 0)} / p99 ${fixed(w.startDelayP99Ms, 0)} ms, events ${w.events}; broker CPU per poll ${fixed(w.polls ? (w.brokerCpuSec * 1000) / w.polls : NaN, 2)} ms`
        : '';
    log(
      `  ${name}: broker CPU ${fixed(perMinute(w, w.brokerCpuSec), 2)} s/min, sandbox CPU ${fixed(perMinute(w, w.sandboxCpuSec), 2)} s/min, ${trips}${pollPart}`,
    );
  };
  log(
    `${r.database}: per minute = the ${r.quiet.seconds} s window's figures x ${fixed(60 / r.quiet.seconds, 1)} (the bench is kept short)`,
  );
  line('idle broker, no instance (baseline)', r.idle);
  line(`10,000 instances, interval 1 min, nothing changing`, r.quiet);
  line(`10,000 instances, ${CHANGES_PER_MINUTE} new contact(s)/min (each poll finds ${CHANGES_PER_MINUTE})`, r.changing);
  log(
    `  baseline: one bare HTTP request of the poll's search to the sandbox (undici, this process) ${fixed(r.bareRequestCpuMs, 3)} ms CPU`,
  );
  log(
    `  change to delivered event: polling every 1 s p50 ${fixed(r.poll.p50Ms, 0)} / p99 ${fixed(r.poll.p99Ms, 0)} ms; ` +
      `HubSpot app webhook (unbatched) p50 ${fixed(r.webhook.p50Ms, 0)} / p99 ${fixed(r.webhook.p99Ms, 0)} ms (${r.poll.samples} samples each; p99 of so few is near the max)`,
  );
  if (r.profile) {
    log('  broker CPU profile, hottest functions by self time (share of busy samples):');
    for (const l of r.profile.selfTime) log(`    ${l}`);
    log('  broker CPU profile, our files and packages by inclusive share:');
    for (const l of r.profile.inclusive) log(`    ${l}`);
  }
}
