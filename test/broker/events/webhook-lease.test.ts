/**
 * The delivery worker renews the leases of the deliveries it holds (issue 28): rows that wait in
 * its buffer, or in flight, longer than WEBHOOK_LEASE_SECONDS are neither claimed again nor sent
 * twice. One slot per subscription and a receiver slower than half the lease, so the last of four
 * deliveries waits more than twice the lease behind the others. (A dead worker's lapsed lease
 * being taken over: webhook-delivery.test.ts.)
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { appDb } from '../../helpers/app.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';

const LEASE_SECONDS = 2;
const shared = sharedBrokerWithSandboxes(t, {
  env: {
    // Two slots: a subscription may use one.
    WEBHOOK_CONCURRENCY: '2',
    WEBHOOK_POLL_INTERVAL_MS: '50',
    WEBHOOK_TIMEOUT_MS: '10000',
    WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
  },
});
const receiverReady = startWebhookReceiver();
t.teardown(async () => (await receiverReady).close());

t.test('deliveries held longer than their lease are renewed: each sent once, first attempt', async (t) => {
  const b = await shared.tenant();
  const receiver = await receiverReady;
  const { subscription } = await b.app.services.webhooks.create(b.projectId, { url: receiver.url('/slow') });
  receiver.script('/slow', { delayMs: 1500 });
  const events = [];
  for (let n = 0; n < 4; n++)
    events.push(
      await appDb(b).transaction((tx) =>
        b.app.services.eventRecorder.recordEvent(tx, { projectId: b.projectId, type: 'webhook.test', data: { n } }),
      ),
    );
  const ids = events.map((e) => e.deliveryIds[0]!);
  await receiver.waitFor('/slow', 4, 20_000);
  // Time for anything claimed twice to arrive as well.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const got = receiver.at('/slow');
  t.same(
    got.map((r) => r.headers['webhook-id']).sort(),
    [...ids].sort(),
    'each delivery arrived once, though the last waited over 4 s behind a 2 s lease',
  );
  t.same(
    got.map((r) => r.headers['webhook-attempt']),
    ['1', '1', '1', '1'],
  );
  const attempts = await b.app.services.eventRepos.webhookAttempts.listForSubscription(subscription.id, 100);
  t.equal(attempts.length, 4, 'four attempts recorded');
});
