/**
 * Trigger instances joined to the poller (src/triggers/instance-polling.ts): an instance set up,
 * disabled, enabled and deleted through the API is scheduled, paused, resumed and dropped by the
 * poller; a poller that gives up disables the instance with a `trigger.disabled` event; and the
 * reconciliation puts back a poll state a crash left out of step with its instance.
 */
import t from 'tap';
import { apiClient } from '../../helpers/api-client.js';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { Event, TriggerPollState } from '../../../src/db/entities/index.js';

const shared = sharedBrokerWithSandboxes(t);
const CONTACT_CREATED = 'HUBSPOT_CONTACT_CREATED';

/** Listeners run after the commit; the poller's writes then follow. */
async function settled<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}

t.test('set up, disabled, enabled and deleted through the API: scheduled, paused, resumed and dropped', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const poller = b.app.services.triggerPoller;
  const conn = await b.connectOAuth('hubspot', 'polled-user');

  const created = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: conn } });
  if (created.status !== 200) return t.fail(`upsert: HTTP ${created.status}`);
  const id = created.body.id;
  t.match(
    await settled(
      () => poller.status(id),
      (s) => s !== null,
    ),
    { state: 'scheduled' },
    'scheduled',
  );

  await api.updateTriggerInstance({ params: { triggerId: id }, body: { enabled: false } });
  t.match(
    await settled(
      () => poller.status(id),
      (s) => s?.state === 'disabled',
    ),
    { state: 'disabled' },
    'paused',
  );
  await api.updateTriggerInstance({ params: { triggerId: id }, body: { enabled: true } });
  t.match(
    await settled(
      () => poller.status(id),
      (s) => s?.state === 'scheduled',
    ),
    { state: 'scheduled' },
    'resumed',
  );

  await api.deleteTriggerInstance({ params: { triggerId: id } });
  t.equal(
    await settled(
      () => poller.status(id),
      (s) => s === null,
    ),
    null,
    'dropped',
  );
});

t.test('a poller that gives up disables the instance with a reason and a trigger.disabled event', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const conn = await b.connectOAuth('hubspot', 'failing-polls');
  const created = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: conn } });
  if (created.status !== 200) return t.fail(`upsert: HTTP ${created.status}`);
  const id = created.body.id;

  await b.app.services.triggerInstances.pollsFailed(id, 'HubSpot answered HTTP 500 ten times in a row');
  const got = await api.getTriggerInstance({ params: { triggerId: id } });
  t.match(got.body, { enabled: false, disabledBy: 'system', disabledReason: /^polls_failed: HubSpot answered HTTP 500/ });
  const events = await b.app.orm.em.fork().find(Event, { projectId: b.projectId, type: 'trigger.disabled' });
  t.equal(events.length, 1, 'told once');
  t.match(events[0]?.data, { id, reason: /polls_failed/ });
  await b.app.services.triggerInstances.pollsFailed(id, 'again');
  t.equal(
    await b.app.orm.em.fork().count(Event, { projectId: b.projectId, type: 'trigger.disabled' }),
    1,
    'an instance already disabled: nothing more',
  );
});

t.test('reconcile: an instance whose poll state a crash lost is scheduled again, a state without instance dropped', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const poller = b.app.services.triggerPoller;
  const conn = await b.connectOAuth('hubspot', 'reconciled-user');
  const created = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: conn } });
  if (created.status !== 200) return t.fail(`upsert: HTTP ${created.status}`);
  const id = created.body.id;
  await settled(
    () => poller.status(id),
    (s) => s !== null,
  );

  // The crash: the instance committed, its poll state never written; and a state left by a deleted instance.
  const em = b.app.orm.em.fork();
  await em.nativeDelete(TriggerPollState, { instanceId: id });
  await poller.schedule({
    instanceId: 'ti_gone_instance',
    projectId: b.projectId,
    triggerSlug: CONTACT_CREATED,
    connectionId: conn,
    config: { interval: 1 },
    enabled: true,
  });
  t.equal(await poller.status(id), null);

  t.ok((await b.app.services.triggerPolling.reconcile()) >= 2, 'both fixed');
  t.match(await poller.status(id), { state: 'scheduled' }, 'scheduled again');
  t.equal(await poller.status('ti_gone_instance'), null, 'dropped');
  t.equal(await b.app.services.triggerPolling.reconcile(), 0, 'nothing more to fix');
});
