/**
 * `npm run demo` in its own process, as a new user runs it: the walkthrough's trigger step
 * (issue 29). HUBSPOT_CONTACT_CREATED set up for demo-user, a contact created through
 * HUBSPOT_CONTACTS_CREATE: exactly one signed `trigger.event` for it, though the demo both polls
 * (TRIGGER_MIN_INTERVAL_SECONDS=5) and receives the HubSpot sandbox's app webhooks, signed with
 * the managed client's secret, at its own ingress.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../../../sandbox/support/processes.js';
import { createScratchDatabase } from '../../../sandbox/support/scratch-postgres.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';

t.setTimeout(240_000);

t.test('npm run demo: a trigger set up as the walkthrough says sends one signed event per contact', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-test-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : undefined;
  t.teardown(() => scratch?.drop());
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/demo.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.teardown(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  for (const deadline = Date.now() + 120_000; !/API key:\s+cb_\S+/.test(out); await sleep(50))
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the demo did not start: ${out.slice(-2000)}`);
  const base = /Demo broker on (\S+)/.exec(out)![1]!;
  const key = /API key:\s+(cb_\S+)/.exec(out)![1]!;
  t.match(out, /HubSpot app webhooks -> \S+\/api\/v1\/provider_webhooks\/hubspot/, "the sandbox's app webhooks go to the demo's ingress");
  t.match(out, /HUBSPOT_CONTACT_CREATED/, 'the walkthrough shows the trigger step');

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/v1/${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  // Steps 1-3 of the walkthrough: a managed auth config, demo-user's connection through the consent.
  t.equal((await api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).status, 200);
  const init = await api('POST', 'connectors/hubspot/initiate', { entityId: 'demo-user' });
  t.equal(init.status, 200, init.text);
  const consent = await fetch(`${init.body.redirectUrl as string}&approve=yes`, { redirect: 'manual' });
  const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
  t.ok(callback.status < 400, `consent completed (HTTP ${callback.status})`);

  // Step 11: a subscription, the trigger for demo-user, a contact.
  const subscription = await api('POST', 'webhook_subscriptions', { url: receiver.url('/demo'), eventTypes: ['trigger.event'] });
  // Not its text in the message: the answer carries the signing secret.
  t.equal(subscription.status, 200, 'receiver subscribed');
  const upsert = await api('POST', 'trigger_instances', {
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    entityId: 'demo-user',
    config: { interval: 0.1 },
  });
  t.equal(upsert.status, 200, upsert.text);
  // Its first poll records where the portal stands (what came before is never sent): /metrics counts it.
  const polled = async () =>
    /broker_trigger_polls_total\{[^}]*trigger="HUBSPOT_CONTACT_CREATED"[^}]*outcome="ok"[^}]*\} [1-9]/.test(
      await (await fetch(`${base}/metrics`)).text(),
    );
  for (const deadline = Date.now() + 60_000; !(await polled()); await sleep(100))
    if (Date.now() > deadline) throw new Error('the trigger was never polled');

  const created = await api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    entityId: 'demo-user',
    arguments: { properties: { email: 'trigger-demo@example.com', firstname: 'Ada' } },
  });
  t.equal(created.status, 200, created.text);
  const contactId = (created.body.data as { id: string }).id;
  const forContact = () =>
    receiver.at('/demo').filter((r) => (JSON.parse(r.body) as { data: { payload: { id: string } } }).data.payload.id === contactId);
  for (const deadline = Date.now() + 60_000; forContact().length === 0; await sleep(50))
    if (Date.now() > deadline) throw new Error('no event for the contact');
  // Both paths have had their turn by now: the webhook at once, the 5 s poll at least twice.
  await sleep(12_000);
  const events = forContact();
  t.equal(events.length, 1, 'exactly one delivery for the contact');
  const event = new Webhook(subscription.body.secret as string).verify(events[0]!.body, events[0]!.headers) as Record<string, unknown>;
  t.match(event, {
    type: 'trigger.event',
    data: {
      triggerSlug: 'HUBSPOT_CONTACT_CREATED',
      userId: 'demo-user',
      payload: { id: contactId, properties: { email: 'trigger-demo@example.com' } },
    },
  });
});
