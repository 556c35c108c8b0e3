/**
 * The trigger poller against the HubSpot sandbox, driven by hand (`runDue`) on a manual clock that
 * the broker and the sandbox share: HUBSPOT_CONTACT_CREATED's first poll records where the portal
 * stands, later polls send each new contact once (made in the portal directly or through
 * executeTool), items that share the mark's millisecond, a burst over one page, a 429 with
 * Retry-After, backoff and giving up, disabling and resuming without replaying history.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { triggerEventId } from '../../../src/triggers/poller/poller.js';

const clock = manualClock();
const b = await brokerWithSandboxes(t, { clock, env: { TRIGGER_POLL_MAX_FAILURES: '3' } });
const poller = b.app.services.triggerPoller;
const connectionId = await b.connectOAuth('hubspot', 'alice');
const MINUTE = 60_000;

const searches = () => b.hubspot.requests.filter((r) => r.path === '/crm/v3/objects/contacts/search').length;

interface TriggerEventData {
  triggerSlug: string;
  instanceId: string;
  connectionId: string;
  authConfigId: string;
  userId: string;
  payload: { id: string; properties: Record<string, string | null> };
}

/** The trigger.event events of one instance, oldest first. */
async function eventsOf(instanceId: string) {
  const all = await b.app.services.eventRepos.events.list(b.projectId, { types: ['trigger.event'], limit: 1000 });
  return all
    .filter((e) => e.subjectId === instanceId)
    .reverse()
    .map((e) => ({ id: e.id, data: e.data as unknown as TriggerEventData }));
}

let made = 0;
const contact = (at?: number) =>
  b.hubspot.control.createObject(
    'contacts',
    { email: `c${++made}@example.com`, firstname: `C${made}` },
    at === undefined ? undefined : { at },
  );

async function schedule(instanceId: string, enabled = true) {
  return poller.schedule({
    instanceId,
    projectId: b.projectId,
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    connectionId,
    config: { interval: 1 },
    enabled,
  });
}

t.test('the first poll records where the portal stands; later polls send each new contact once', async (t) => {
  b.hubspot.control.seed('contacts', 3);
  t.equal(await schedule('ti_contacts1'), true);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'ok']]);
  t.same(await eventsOf('ti_contacts1'), [], 'the first poll emits nothing');
  const status = await poller.status('ti_contacts1');
  t.match(status, { state: 'scheduled', failures: 0, lastError: null, lastEventAt: null });
  t.equal(status!.nextPollAt!.getTime(), clock.now() + MINUTE, 'next at the interval');
  t.equal((await poller.runDue()).size, 0, 'not due again before its interval');

  // Two made in the portal, one through executeTool: all three in the same millisecond (the clock stands still).
  const direct = [contact(), contact()];
  const res = await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    entityId: 'alice',
    arguments: { properties: { email: 'via-tool@example.com', firstname: 'Tool' } },
  });
  t.equal(res.statusCode, 200, res.body);
  const viaTool = (res.json() as { data: { id: string } }).data.id;

  clock.advance(MINUTE);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'ok']]);
  const events = await eventsOf('ti_contacts1');
  t.same(events.map((e) => e.data.payload.id).sort(), [...direct.map((c) => c.id), viaTool].sort(), 'one event per contact');
  const tool = events.find((e) => e.data.payload.id === viaTool)!;
  t.match(tool.data, {
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    instanceId: 'ti_contacts1',
    connectionId,
    userId: 'alice',
    authConfigId: /^ac_/,
    payload: { properties: { email: 'via-tool@example.com', createdate: String } },
  });
  t.equal(
    tool.id,
    triggerEventId('ti_contacts1', viaTool, Date.parse(tool.data.payload.properties.createdate!)),
    'a deterministic event id',
  );
  t.ok((await poller.status('ti_contacts1'))!.lastEventAt, 'last event time recorded');

  clock.advance(MINUTE);
  await poller.runDue();
  t.equal((await eventsOf('ti_contacts1')).length, 3, 'nothing new, nothing sent again');
});

t.test('items that share the mark are told apart by id', async (t) => {
  const before = (await eventsOf('ti_contacts1')).length;
  const at = clock.now();
  const x = contact();
  clock.advance(MINUTE);
  await poller.runDue();
  // Created since, but dated at the mark's millisecond (HubSpot's search index lag).
  const y = contact(at);
  clock.advance(MINUTE);
  await poller.runDue();
  const ids = (await eventsOf('ti_contacts1')).slice(before).map((e) => e.data.payload.id);
  t.same(ids, [x.id, y.id], 'x once, then y (same createdate) once');
});

t.test('a burst over one page: every contact once, in two requests', async (t) => {
  const before = (await eventsOf('ti_contacts1')).length;
  const burst = b.hubspot.control.seed('contacts', 130);
  clock.advance(MINUTE);
  const sent = searches();
  await poller.runDue();
  t.equal(searches() - sent, 2, 'two pages of 100');
  const ids = (await eventsOf('ti_contacts1')).slice(before).map((e) => e.data.payload.id);
  t.same([...ids].sort(), [...burst].sort());
});

t.test('a 429 puts the poll off by its Retry-After without counting as a failure', async (t) => {
  const before = (await eventsOf('ti_contacts1')).length;
  const c = contact();
  clock.advance(MINUTE);
  b.hubspot.control.rateLimit(1, 7);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'rate_limited']]);
  const status = (await poller.status('ti_contacts1'))!;
  t.match(status, { state: 'scheduled', failures: 0, lastError: /429/ });
  t.equal(status.nextPollAt!.getTime(), clock.now() + 7000, 'Retry-After honoured');
  clock.advance(6999);
  t.equal((await poller.runDue()).size, 0);
  clock.advance(1);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'ok']]);
  t.same(
    (await eventsOf('ti_contacts1')).slice(before).map((e) => e.data.payload.id),
    [c.id],
  );
  t.equal((await poller.status('ti_contacts1'))!.lastError, null);
});

t.test('errors back off; after the last allowed failure the instance is given up, and enabling resumes without replay', async (t) => {
  const gaveUp: [string, string][] = [];
  poller.setOnGiveUp((id, reason) => void gaveUp.push([id, reason]));
  t.teardown(() => poller.setOnGiveUp(undefined));
  const before = (await eventsOf('ti_contacts1')).length;
  contact();
  clock.advance(MINUTE);
  b.hubspot.control.failNext(500, 3);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'error']]);
  let status = (await poller.status('ti_contacts1'))!;
  t.match(status, { state: 'scheduled', failures: 1, lastError: /HTTP 500/ });
  t.equal(status.nextPollAt!.getTime(), clock.now() + 30_000, 'first backoff');
  clock.advance(30_000);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'error']]);
  status = (await poller.status('ti_contacts1'))!;
  t.equal(status.nextPollAt!.getTime(), clock.now() + 60_000, 'doubled');
  clock.advance(60_000);
  t.same([...(await poller.runDue())], [['ti_contacts1', 'gave_up']]);
  t.match(await poller.status('ti_contacts1'), { state: 'failed', failures: 3, nextPollAt: null });
  t.same(
    gaveUp.map(([id]) => id),
    ['ti_contacts1'],
  );
  t.match(gaveUp[0]![1], /HTTP 500/);
  clock.advance(10 * MINUTE);
  t.equal((await poller.runDue()).size, 0, 'a failed instance is not polled');

  // Enabled again: the contact made while it was failing is history, not sent.
  await schedule('ti_contacts1');
  t.same([...(await poller.runDue())], [['ti_contacts1', 'ok']]);
  t.equal((await eventsOf('ti_contacts1')).length, before, 'no replay');
  const after = contact();
  clock.advance(MINUTE);
  await poller.runDue();
  t.same(
    (await eventsOf('ti_contacts1')).slice(before).map((e) => e.data.payload.id),
    [after.id],
  );
});

t.test('disabled instances are not polled; enabling resumes without replay; unscheduled ones are gone', async (t) => {
  const before = (await eventsOf('ti_contacts1')).length;
  await schedule('ti_contacts1', false);
  t.match(await poller.status('ti_contacts1'), { state: 'disabled', nextPollAt: null });
  contact();
  clock.advance(5 * MINUTE);
  t.equal((await poller.runDue()).size, 0);
  await schedule('ti_contacts1', true);
  await poller.runDue();
  t.equal((await eventsOf('ti_contacts1')).length, before, 'the contact made while disabled is not sent');
  await poller.unschedule('ti_contacts1');
  t.equal(await poller.status('ti_contacts1'), null);
  t.equal(
    await poller.schedule({
      instanceId: 'ti_hook',
      projectId: b.projectId,
      triggerSlug: 'NOPE_TRIGGER',
      connectionId,
      config: {},
      enabled: true,
    }),
    false,
    'a trigger that is not polled is not scheduled',
  );
});

t.test('an interval under TRIGGER_MIN_INTERVAL_SECONDS polls at the minimum', async (t) => {
  await poller.schedule({
    instanceId: 'ti_fast',
    projectId: b.projectId,
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    connectionId,
    config: { interval: 0.1 },
    enabled: true,
  });
  await poller.runDue();
  t.equal((await poller.status('ti_fast'))!.nextPollAt!.getTime(), clock.now() + MINUTE, 'the default minimum is 60 s');
  await poller.unschedule('ti_fast');
});
