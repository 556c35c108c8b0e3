/**
 * A polled contact reaches subscribers as signed webhooks, through the events plane: a native
 * subscription gets `trigger.event` (Standard Webhooks), a compat one `composio.trigger.message`
 * V3 with the metadata @composio/core expects, verified and parsed by core unchanged. The
 * poller runs on its own loop here (TRIGGER_POLL_CONCURRENCY on), as in a server; the manual
 * clock decides when a poll is due.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';

process.env.TELEMETRY_DISABLED = 'true';
process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
const { Composio } = await import('@composio/core');

const clock = manualClock();
const b = await brokerWithSandboxes(t, {
  clock,
  env: { WEBHOOK_CONCURRENCY: '4', WEBHOOK_POLL_INTERVAL_MS: '50', TRIGGER_POLL_CONCURRENCY: '2', TRIGGER_POLL_CHECK_MS: '20' },
});
const receiver = await startWebhookReceiver();
t.teardown(() => receiver.close());

t.test('one contact, one signed event per subscription, in both schemes', async (t) => {
  const connectionId = await b.connectOAuth('hubspot', 'alice');
  const native = await b.app.services.webhooks.create(b.projectId, { url: receiver.url('/native'), eventTypes: ['trigger.event'] });
  const compat = await b.app.services.compatWebhooks.create(b.projectId, {
    url: receiver.url('/compat'),
    eventTypes: ['trigger.event'],
    version: 'V3',
  });
  const poller = b.app.services.triggerPoller;
  await poller.schedule({
    instanceId: 'ti_delivered',
    projectId: b.projectId,
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    connectionId,
    config: {},
    enabled: true,
  });
  // The loop's first poll records where the portal stands.
  while (!(await poller.status('ti_delivered'))?.lastPolledAt) await sleep(10);
  const created = b.hubspot.control.createObject('contacts', { email: 'delivered@example.com', firstname: 'Ada' });
  clock.advance(60_000);

  const [n] = await receiver.waitFor('/native', 1);
  const body = new Webhook(native.secret).verify(n!.body, n!.headers) as { id: string; type: string; data: Record<string, unknown> };
  t.match(body, {
    id: /^evt_/,
    type: 'trigger.event',
    data: {
      triggerSlug: 'HUBSPOT_CONTACT_CREATED',
      instanceId: 'ti_delivered',
      connectionId,
      userId: 'alice',
      payload: { id: created.id },
    },
  });

  const [c] = await receiver.waitFor('/compat', 1);
  const raw = JSON.parse(c!.body) as Record<string, unknown>;
  t.match(raw, {
    id: c!.headers['webhook-id'],
    type: 'composio.trigger.message',
    metadata: {
      log_id: body.id,
      trigger_slug: 'HUBSPOT_CONTACT_CREATED',
      trigger_id: 'ti_delivered',
      connected_account_id: connectionId,
      auth_config_id: /^ac_/,
      user_id: 'alice',
    },
    data: { id: created.id, properties: { email: 'delivered@example.com' } },
  });
  const composio = new Composio({ apiKey: 'unused', baseURL: 'http://127.0.0.1:9', allowTracking: false, disableVersionCheck: true });
  const verified = await composio.triggers.verifyWebhook({
    payload: c!.body,
    id: c!.headers['webhook-id']!,
    timestamp: c!.headers['webhook-timestamp']!,
    signature: c!.headers['webhook-signature']!,
    secret: compat.secret,
  });
  t.equal(verified.version, 'V3');
  t.match(verified.payload, {
    id: 'ti_delivered',
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    userId: 'alice',
    payload: { id: created.id },
    metadata: { connectedAccount: { id: connectionId } },
  });
});
