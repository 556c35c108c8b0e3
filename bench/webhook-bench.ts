/**
 * Webhook delivery (issue 28): events per second the delivery worker sends to one loopback
 * receiver, beside a bare undici loop POSTing the same signed bodies (recorded by the receiver
 * from the worker's run) to the same receiver with as many requests in flight as the worker
 * gives one subscription; then the time from recording an event (its state change) to its
 * arrival, one event at a time (p50/p99).
 *
 * One process: the broker app (buildApp, its worker on), the receiver and the baseline share the
 * event loop, so both runs pay the receiver's cost alike. Throughput drains a queue recorded while
 * the worker was stopped, so it measures sending, not recording.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { buildApp } from '../plugins/app.js';
import { loadConfig } from '../src/config.js';
import { migrateDatabase } from '../src/db/orm.js';
import { createDb } from '../src/db/fork-per-call.js';
import { newOrderedId } from '../src/ids.js';
import { startHubspotSandbox } from '../sandbox/index.js';
import { sandboxBrokerEnv } from '../sandbox/broker-env.js';
import { startWebhookReceiver, type ReceivedWebhook } from '../sandbox/webhook-receiver.js';
import { createScratchDatabase } from '../sandbox/support/scratch-postgres.js';
import { summariseProfile, type ProfileSummary } from './cpu-profile.js';

const CONCURRENCY = 16;
/** What the worker gives one subscription (worker.ts: half the slots). */
const PER_SUBSCRIPTION = Math.ceil(CONCURRENCY / 2);
const PROJECT = 'prj_webhook_bench';

export interface WebhookBenchResult {
  database: 'sqlite' | 'postgresql';
  events: number;
  workerPerSec: number;
  barePerSec: number;
  /** Worker over bare loop, round by round (each pair ran back to back): the median and the range. */
  ratio: number;
  ratioRange: [number, number];
  /** CPU of the whole process (broker, receiver) per event sent, in the worker's run and the bare loop's. */
  workerCpuMsPerEvent: number;
  bareCpuMsPerRequest: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** This process's CPU profile while the worker drained its last round's queue (--profile). */
  profile?: ProfileSummary;
}

/**
 * Measured rounds, after one that warms up. Each round pairs a drain with a bare loop run right
 * after it; the ratio reported is the median of the rounds' ratios, so a slower or faster spell of
 * this shared machine moves both halves of a pair rather than one side of the comparison.
 */
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function bareLoop(url: string, requests: ReceivedWebhook[]): Promise<{ perSec: number; cpuMsPerRequest: number }> {
  const agent = new Agent();
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: PER_SUBSCRIPTION }, async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const res = await request(url, { method: 'POST', headers: r.headers, body: r.body, dispatcher: agent });
        await res.body.text();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await agent.close();
  return { perSec: requests.length / seconds, cpuMsPerRequest: (used.user + used.system) / 1000 / requests.length };
}

export async function runWebhookBench(opts: {
  database: 'sqlite' | 'postgresql';
  events: number;
  latencySamples: number;
  /** Profile the worker's last drain (this process: the worker, the receiver and the bench share it). */
  profile?: boolean;
}): Promise<WebhookBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-bench-'));
  const profileDir = join(dir, 'profile');
  const inspector = opts.profile ? new Session() : undefined;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    // Finer than the 1 ms default: a drain lasts under a second.
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  }
  const profiles: { nodes: unknown[]; samples?: number[]; timeDeltas?: number[] }[] = [];
  const hubspot = await startHubspotSandbox();
  const receiver = await startWebhookReceiver();
  const scratch =
    opts.database === 'postgresql'
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test')
      : undefined;
  try {
    // The sandbox's loopback override is what lets the broker reach a loopback receiver.
    const config = loadConfig({
      ...sandboxBrokerEnv(hubspot),
      NODE_ENV: 'production',
      DATA_DIR: dir,
      DATABASE_URL: scratch?.url ?? `sqlite:${join(dir, 'broker.sqlite')}`,
      VAULT_KEYS: `bench:${Buffer.alloc(32, 3).toString('base64')}`,
      SESSION_SECRET: 'webhook-bench-session-secret-webhook-bench',
      BOOTSTRAP: 'false',
      LOG_LEVEL: 'warn',
      WEBHOOK_CONCURRENCY: String(CONCURRENCY),
    });
    await migrateDatabase(config.database);
    const app = await buildApp(config);
    try {
      const s = app.services;
      const db = createDb(app.orm, config.database);
      const subscriptionId = newOrderedId('whs', Date.now());
      const secret = await s.webhookSecrets.create(subscriptionId, 'standard');
      await s.eventRepos.webhookSubscriptions.insert({
        id: subscriptionId,
        projectId: PROJECT,
        url: receiver.url('/worker'),
        eventTypes: null,
        enabled: true,
        scheme: 'standard',
        version: null,
        secretId: secret.secretId,
        previousSecretId: null,
        previousSecretExpiresAt: null,
        disabledAt: null,
        disabledReason: null,
      });
      const data = { id: 'ca_bench', status: 'EXPIRED', toolkit: { slug: 'hubspot' }, userId: 'bench-user' };

      // Throughput, in paired rounds (the first warms both paths up, as a running broker is): a queue
      // of events recorded with the worker stopped, then drained by the worker; then the bare loop
      // POSTs the bodies the worker sent. The median round of each is reported.
      const workerRates: number[] = [];
      const bareRates: number[] = [];
      const workerCpu: number[] = [];
      const bareCpu: number[] = [];
      for (let round = 0; round <= ROUNDS; round++) {
        await s.webhookWorker.stop(10_000);
        for (let n = 0; n < opts.events; n += 100) {
          await db.transaction(async (tx) => {
            for (let i = n; i < Math.min(n + 100, opts.events); i++)
              await s.eventRecorder.recordEvent(tx, { projectId: PROJECT, type: 'connection.expired', data: { ...data, n: i } });
          });
        }
        const before = receiver.at('/worker').length;
        const started = performance.now();
        if (inspector && round === ROUNDS) await inspector.post('Profiler.start');
        const cpu = process.cpuUsage();
        s.webhookWorker.start();
        await receiver.waitFor('/worker', before + opts.events, 600_000);
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        if (inspector && round === ROUNDS) profiles.push((await inspector.post('Profiler.stop')).profile as (typeof profiles)[number]);
        // Let the last attempts' records land before the next step.
        while (s.webhookWorker.inFlight() > 0) await new Promise((r) => setTimeout(r, 10));
        const bare = await bareLoop(receiver.url('/bare'), receiver.at('/worker').slice(before));
        if (round === 0) continue;
        workerRates.push(opts.events / seconds);
        workerCpu.push((used.user + used.system) / 1000 / opts.events);
        bareRates.push(bare.perSec);
        bareCpu.push(bare.cpuMsPerRequest);
      }

      const ratios = workerRates.map((w, i) => w / bareRates[i]!);

      // Latency: one event at a time, from its recording (the state change's commit) to its arrival.
      const latencies: number[] = [];
      for (let i = 0; i < opts.latencySamples; i++) {
        const before = receiver.at('/worker').length;
        const started = Date.now();
        await db.transaction((tx) => s.eventRecorder.recordEvent(tx, { projectId: PROJECT, type: 'connection.expired', data }));
        const got = await receiver.waitFor('/worker', before + 1, 30_000);
        latencies.push(got[before]!.receivedAt - started);
      }
      latencies.sort((a, b) => a - b);
      let profile: ProfileSummary | undefined;
      if (inspector) {
        mkdirSync(profileDir);
        profiles.forEach((p, i) => writeFileSync(join(profileDir, `drain-${i}.cpuprofile`), JSON.stringify(p)));
        if (process.env.BENCH_KEEP_PROFILE) process.stderr.write(`webhook bench: profile kept in ${profileDir}\n`);
        profile = summariseProfile(profileDir, 0, Number(process.env.BENCH_PROFILE_TOP ?? 14));
      }
      return {
        database: opts.database,
        events: opts.events,
        workerPerSec: median(workerRates),
        barePerSec: median(bareRates),
        ratio: median(ratios),
        ratioRange: [Math.min(...ratios), Math.max(...ratios)],
        workerCpuMsPerEvent: median(workerCpu),
        bareCpuMsPerRequest: median(bareCpu),
        latencyP50Ms: percentile(latencies, 50),
        latencyP99Ms: percentile(latencies, 99),
        ...(profile ? { profile } : {}),
      };
    } finally {
      await app.close();
    }
  } finally {
    inspector?.disconnect();
    await receiver.close();
    await hubspot.close();
    await scratch?.drop();
    if (!(opts.profile && process.env.BENCH_KEEP_PROFILE)) rmSync(dir, { recursive: true, force: true });
  }
}

export function formatWebhookLine(r: WebhookBenchResult): string {
  const { ratio } = r;
  return (
    `${r.database}: worker ${r.workerPerSec.toFixed(0)} events/s, bare undici loop ${r.barePerSec.toFixed(0)} req/s ` +
    `(${PER_SUBSCRIPTION} in flight each, ${r.events} events, medians of ${ROUNDS} warm rounds): ratio ${ratio.toFixed(2)}, ` +
    `the median of the rounds' (${r.ratioRange.map((x) => x.toFixed(2)).join('-')}) ` +
    `(goal >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'}); CPU per event ${r.workerCpuMsPerEvent.toFixed(3)} ms vs ${r.bareCpuMsPerRequest.toFixed(3)} ms; ` +
    `state change to delivery p50 ${r.latencyP50Ms.toFixed(1)} ms, p99 ${r.latencyP99Ms.toFixed(1)} ms` +
    (r.profile
      ? [
          `\n  CPU profile of the last drain (worker, receiver and bench in one process), hottest functions by self time:`,
          ...r.profile.selfTime.map((l) => `    ${l}`),
          '  our files and packages by inclusive share:',
          ...r.profile.inclusive.map((l) => `    ${l}`),
        ].join('\n')
      : '')
  );
}
