/**
 * Provider webhooks feeding triggers (src/triggers/instance-polling.ts): the HubSpot sandbox's
 * signed app webhook for a new contact brings the HUBSPOT_CONTACT_CREATED instance of that portal's
 * connection to its next poll at once, long before its interval; the poll emits the contact once,
 * with the id a poll at the interval would have given it. An event no trigger of the connection
 * subscribes to brings nothing forward.
 */
import t from 'tap';
import { MANAGED_CLIENTS } from '../../../sandbox/broker-env.js';
import { parseSubscriptionList } from '../../../sandbox/hubspot/app-webhooks.js';
import { apiClient } from '../../helpers/api-client.js';
import { manualClock } from '../../helpers/clock.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { freePort } from '../../../sandbox/support/processes.js';

const MINUTE = 60_000;

/** Waits (tap's timeout is the bound) until `done()` holds. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 20));
}

t.test('a contact.creation webhook polls the contact-created instance now; the contact is one event', async (t) => {
  const clock = manualClock();
  // The signature covers the URL as HubSpot calls it: the broker's public base URL.
  const port = await freePort();
  const b = await brokerWithSandboxes(t, { clock, env: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } });
  const origin = await b.app.listen({ port, host: '127.0.0.1' });
  const api = apiClient(b.app, { key: b.key });
  const poller = b.app.services.triggerPoller;
  const connectionId = await b.connectOAuth('hubspot', 'alice');

  const created = await api.upsertTriggerInstance({
    body: { triggerSlug: 'HUBSPOT_CONTACT_CREATED', connectedAccountId: connectionId, config: { interval: 60 } },
  });
  const updated = await api.upsertTriggerInstance({
    body: { triggerSlug: 'HUBSPOT_DEAL_CREATED', connectedAccountId: connectionId, config: { interval: 60 } },
  });
  if (created.status !== 200 || updated.status !== 200) return t.fail('upsert');
  const contactsId = created.body.id;
  const dealsId = updated.body.id;
  await until(async () => (await poller.status(contactsId)) !== null && (await poller.status(dealsId)) !== null);
  t.same(
    [...(await poller.runDue())].sort(),
    [
      [contactsId, 'ok'],
      [dealsId, 'ok'],
    ].sort(),
    'first polls: where the provider stands',
  );
  const nextPoll = async (id: string) => new Date((await poller.status(id))!.nextPollAt!).getTime();
  const hourly = await nextPoll(contactsId);
  t.equal(hourly, clock.now() + 60 * MINUTE, 'next poll in an hour');

  b.hubspot.control.configureAppWebhooks({
    targetUrl: `${origin}/api/v1/provider_webhooks/hubspot`,
    clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
    subscriptions: parseSubscriptionList('contact.creation,deal.creation'),
    batchMs: 0,
    retryBaseMs: 5,
  });
  clock.advance(1000);
  const contact = b.hubspot.control.createObject('contacts', { email: 'ada@example.com' });
  b.hubspot.control.flushAppWebhooks();
  await until(() => b.hubspot.control.appWebhookDeliveries().some((d) => d.statusCode === 200));
  await until(async () => (await nextPoll(contactsId)) !== hourly);

  t.equal(await nextPoll(contactsId), clock.now(), 'brought forward to now');
  t.equal(await nextPoll(dealsId), hourly, 'a deal trigger: no contact.creation subscription, untouched');
  t.same([...(await poller.runDue())], [[contactsId, 'ok']], 'polled now, not in an hour');

  const events = await b.app.services.eventRepos.events.list(b.projectId, { types: ['trigger.event'], limit: 100 });
  t.same(
    events.map((e) => (e.data.payload as { id: string }).id),
    [contact.id],
    'the contact, once',
  );
  t.equal(events[0]!.subjectId, contactsId);
});

t.test('the broker instance that receives the webhook polls at once, not at its next check', async (t) => {
  // Checks ten minutes apart: only the webhook's wake-up can poll within the test's time.
  const port = await freePort();
  const b = await brokerWithSandboxes(t, {
    env: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, TRIGGER_POLL_CONCURRENCY: '2', TRIGGER_POLL_CHECK_MS: '600000' },
  });
  const origin = await b.app.listen({ port, host: '127.0.0.1' });
  const api = apiClient(b.app, { key: b.key });
  const poller = b.app.services.triggerPoller;
  const connectionId = await b.connectOAuth('hubspot', 'alice');
  const created = await api.upsertTriggerInstance({
    body: { triggerSlug: 'HUBSPOT_CONTACT_CREATED', connectedAccountId: connectionId, config: { interval: 60 } },
  });
  if (created.status !== 200) return t.fail('upsert');
  const id = created.body.id;
  await until(async () => (await poller.status(id)) !== null);
  // The loop checked when the app started, before the instance existed: its first poll by hand.
  t.same([...(await poller.runDue())], [[id, 'ok']], 'first poll: where the provider stands');

  b.hubspot.control.configureAppWebhooks({
    targetUrl: `${origin}/api/v1/provider_webhooks/hubspot`,
    clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
    subscriptions: parseSubscriptionList('contact.creation'),
    batchMs: 0,
    retryBaseMs: 5,
  });
  const contact = b.hubspot.control.createObject('contacts', { email: 'grace@example.com' });
  const events = () => b.app.services.eventRepos.events.list(b.projectId, { types: ['trigger.event'], limit: 100 });
  await until(async () => (await events()).length > 0);
  t.same(
    (await events()).map((e) => (e.data.payload as { id: string }).id),
    [contact.id],
    'the contact, polled by the loop right after the webhook',
  );
});
