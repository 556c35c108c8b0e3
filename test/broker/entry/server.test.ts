/**
 * The real entry point in its own process, as `npm start` runs it (the compiled server, with its
 * node flags): first start prints a working key, and SIGTERM lets an in-flight request finish
 * before a clean exit.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { startHubspotSandbox } from '../../../sandbox/index.js';
import { MANAGED_CLIENTS, sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { createTestDatabase, TEST_VAULT_KEYS } from '../../helpers/app.js';
import { freePort } from '../../../sandbox/support/processes.js';
import { compiledServerArgs } from '../../helpers/server-build.js';

t.test('npm start: bootstrap banner, working key, graceful shutdown', async (t) => {
  const db = await createTestDatabase(t, { empty: true });
  const hubspot = await startHubspotSandbox({ clients: [MANAGED_CLIENTS.hubspot] });
  t.teardown(() => hubspot.close());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, compiledServerArgs(), {
    env: {
      ...process.env,
      ...sandboxBrokerEnv(hubspot),
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      VAULT_KEYS: TEST_VAULT_KEYS,
      SESSION_SECRET: 's'.repeat(40),
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => void child.kill('SIGKILL'));
  // As long as the image test waits for the same start (60 s): in two full runs of the suite a
  // start had not printed its banner within 20 s (cause not found; the output is shown if so).
  for (let i = 0; i < 600 && !/Server listening/.test(out) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
  const key = out.match(/API key \(shown once, store it now\):\s+(cb_live_\S+)/)?.[1];
  // The output holds the key: shown only if it is missing.
  t.ok(key, 'the key is printed', key ? {} : { output: out.slice(-2000) });
  t.match(
    out,
    new RegExp(`curl -s ${base.replace('127.0.0.1', 'localhost').replace(/\./g, '\\.')}|curl -s ${base}/api/v1/toolkits`),
    'with a curl example',
  );
  const headers = { 'x-api-key': key!, 'content-type': 'application/json' };
  t.equal((await fetch(`${base}/api/v1/toolkits`, { headers })).status, 200);
  t.equal((await fetch(`${base}/api/v1/toolkits`)).status, 401);

  // An OAuth connection, then a slow provider call in flight while SIGTERM arrives.
  const init = (await (
    await fetch(`${base}/api/v1/connectors/hubspot/initiate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ entityId: 'u', authMethodId: 'hubspot_oauth2' }),
    })
  ).json()) as { connectionId: string; redirectUrl: string };
  const consent = await fetch(`${init.redirectUrl}&approve=yes`, { redirect: 'manual' });
  t.equal((await fetch(consent.headers.get('location')!)).status, 200);
  hubspot.control.latencyMs(800);
  const inFlight = fetch(`${base}/api/v1/tools/HUBSPOT_CONTACTS_LIST/execute`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ connectedAccountId: init.connectionId, arguments: {} }),
  });
  // SIGTERM once the call has reached the provider (which holds it for 800 ms), not after a guess.
  while (!hubspot.apiRequests().some((r) => r.path === '/crm/v3/objects/contacts')) await new Promise((r) => setTimeout(r, 10));
  child.kill('SIGTERM');
  const res = await inFlight;
  t.equal(res.status, 200, 'the in-flight request completed');
  t.match(await res.json(), { successful: true });
  const code = await exited;
  t.equal(code, 0, `clean exit (${code}): ${out.slice(-1500)}`);
  t.match(out, /shutting down/);
});
