/**
 * Fault drill (issue 12): the real entry point (bin/server.ts) in its own process, its
 * DATABASE_URL pointing at a TCP proxy of ours in front of PostgreSQL. Under load (tool executions
 * against the HubSpot sandbox and connection reads), the link is cut (every socket reset, new ones
 * refused), healed, partitioned (black-holed: nothing forwarded), healed. The process must keep
 * running, every answer must be a 200 or a 503 in the native body within the configured bound,
 * /readyz must answer 503 within a second during the fault and 200 after, and what was written
 * before must still be readable. Durations: FAULT_CUT_MS and FAULT_PARTITION_MS (default 5 s each).
 */
import t from 'tap';
import type { ProxyMode } from '../../../sandbox/support/tcp-proxy.js';
import { faultDrillDatabase, isOutageBody, startDrillBroker } from './proxied-postgres.js';
import { startLoad, waitFor, within, type Call, type Sample } from './load-recorder.js';

const CUT_MS = Number(process.env.FAULT_CUT_MS ?? 5000);
const PARTITION_MS = Number(process.env.FAULT_PARTITION_MS ?? 5000);
const ACQUIRE_MS = 1000;
const STATEMENT_MS = 1000;
/** The configured waits (acquire, statement and the client's margin over it) plus scheduling slack. */
const BOUND_MS = ACQUIRE_MS + STATEMENT_MS + 500 + 1500;
/** The bound for /readyz during a fault. */
const READY_BOUND_MS = 1000;

const { baseUrl, skip } = await faultDrillDatabase();

t.test('PostgreSQL cut and partitioned under load: no exit, fast 503s, recovery, nothing lost', { skip }, async (t) => {
  const { proxy, base, headers, exitCode } = await startDrillBroker(t, baseUrl, {
    LOG_LEVEL: 'fatal',
    DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_MS),
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
  });
  t.ok(await waitFor(async () => (await fetch(`${base}/healthz`)).ok, 20_000), 'the broker listens');

  // Written before the fault: OAuth connections (their tokens encrypted in the database).
  const connectionIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const init = await fetch(`${base}/api/v1/connectors/hubspot/initiate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ entityId: `user-${i}`, authMethodId: 'hubspot_oauth2' }),
    });
    const { connectionId, redirectUrl } = (await init.json()) as { connectionId: string; redirectUrl: string };
    const consent = await fetch(`${redirectUrl}&approve=yes`, { redirect: 'manual' });
    t.equal((await fetch(consent.headers.get('location')!)).status, 200, `connection ${i} active`);
    connectionIds.push(connectionId);
  }

  const calls: Call[] = connectionIds.flatMap((id) => [
    (b: string) => ({
      label: 'execute',
      url: `${b}/api/v1/tools/HUBSPOT_CONTACTS_LIST/execute`,
      init: { method: 'POST', headers, body: JSON.stringify({ connectedAccountId: id, arguments: {} }) },
    }),
    (b: string) => ({ label: 'read connection', url: `${b}/api/v1/connectors/connections/${id}`, init: { headers } }),
  ]);
  const load = startLoad(base, calls, { workers: 4, readyEveryMs: 100, gapMs: 20 });
  const healthy = async () =>
    (await fetch(`${base}/readyz`)).status === 200 &&
    (await fetch(`${base}/api/v1/connectors/connections/${connectionIds[0]}`, { headers })).status === 200;

  const faults: { mode: ProxyMode; from: number; to: number; recoveryMs: number | undefined }[] = [];
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const [mode, ms] of [
    ['refuse', CUT_MS],
    ['blackhole', PARTITION_MS],
  ] as const) {
    const from = Date.now();
    proxy.setMode(mode);
    await new Promise((resolve) => setTimeout(resolve, ms));
    proxy.setMode('forward');
    const to = Date.now();
    faults.push({ mode, from, to, recoveryMs: await waitFor(healthy, 15_000) });
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await load.stop();

  t.equal(exitCode(), null, 'the broker process never exited');
  const unexpected = load.samples.filter((s) => s.status !== 200 && !(s.status === 503 && isOutageBody(s.body, { notDefined: true })));
  t.same(
    unexpected.slice(0, 5).map((s) => ({ label: s.label, status: s.status, body: s.body.slice(0, 300) })),
    [],
    'every answer is a 200 or a 503 in the native body',
  );
  // Bounded either way: a request held through the whole fault and answered 200 after it is a hang.
  const slow = load.samples.filter((s) => s.ms > BOUND_MS);
  t.same(
    slow.slice(0, 5).map((s) => ({ label: s.label, status: s.status, ms: s.ms })),
    [],
    `every request answers within ${BOUND_MS} ms`,
  );

  const report: string[] = [];
  for (const f of faults) {
    // Requests already in flight when the fault began count too: their answer is what a caller sees.
    const failed = within(load.samples, f.from - BOUND_MS, f.to).filter((s) => s.status === 503 && s.startedAt + s.ms >= f.from);
    const firstAnswer = (list: Sample[]) => Math.min(...list.map((s) => s.startedAt + s.ms)) - f.from;
    const ready = within(load.readiness, f.from, f.to);
    const lateReady = ready.filter((s) => s.ms > READY_BOUND_MS);
    t.ok(failed.length > 0, `${f.mode}: requests failed with 503 during the fault`);
    t.ok(
      ready.some((s) => s.status === 503),
      `${f.mode}: /readyz answered 503 during the fault`,
    );
    t.same(
      lateReady.map((s) => s.ms),
      [],
      `${f.mode}: /readyz answered within ${READY_BOUND_MS} ms during the fault`,
    );
    t.ok(f.recoveryMs !== undefined, `${f.mode}: recovered on its own after the fault`);
    const errors = within(load.samples, f.from, f.to).filter((s) => s.status !== 200);
    report.push(
      `${f.mode} ${f.to - f.from} ms: first 503 after ${failed.length ? firstAnswer(failed) : 'n/a'} ms, ` +
        `${errors.length} errors (max ${Math.max(0, ...errors.map((s) => s.ms))} ms), ` +
        `/readyz max ${Math.max(0, ...ready.map((s) => s.ms))} ms, recovered ${f.recoveryMs} ms after heal`,
    );
  }
  t.comment(`${load.samples.length} requests, ${load.readiness.length} readiness probes; ${report.join('; ')}`);

  t.equal((await fetch(`${base}/readyz`)).status, 200, '/readyz 200 after the faults');
  for (const id of connectionIds) {
    const read = await fetch(`${base}/api/v1/connectors/connections/${id}`, { headers });
    t.match(await read.json(), { id, status: 'ACTIVE' }, 'a connection written before the fault is still there');
    const exec = await fetch(`${base}/api/v1/tools/HUBSPOT_CONTACTS_LIST/execute`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ connectedAccountId: id, arguments: {} }),
    });
    t.match(await exec.json(), { successful: true }, 'its token still decrypts and calls the provider');
  }
  t.equal(exitCode(), null, 'still running');
});
