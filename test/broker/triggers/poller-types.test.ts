/**
 * The poller runs the other shipped poll shapes as their files declare them: Bitly's newest-first
 * listing with an exclusive whole-second `created_after` (links sharing the mark's second told
 * apart by id), and HubSpot's deal stage changes (each changed deal read again, only stage changes
 * sent). /metrics counts polls and events.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';

const clock = manualClock();
const b = await brokerWithSandboxes(t, { clock });
const poller = b.app.services.triggerPoller;
const MINUTE = 60_000;

async function payloadsOf(instanceId: string) {
  const all = await b.app.services.eventRepos.events.list(b.projectId, { types: ['trigger.event'], limit: 1000 });
  return all.filter((e) => e.subjectId === instanceId).map((e) => e.data.payload as Record<string, unknown>);
}

t.test('BITLY_SHORTLINK_CREATED: links in the same second, then a later one, each once', async (t) => {
  const connectionId = await b.connectOAuth('bitly', 'bob');
  const config = { group_guid: b.bitly.fixtures.groupGuid };
  await poller.schedule({
    instanceId: 'ti_links',
    projectId: b.projectId,
    triggerSlug: 'BITLY_SHORTLINK_CREATED',
    connectionId,
    config,
    enabled: true,
  });
  await poller.runDue();
  t.same(await payloadsOf('ti_links'), []);
  let n = 0;
  const link = () => b.bitly.control.createLink({ long_url: `https://example.com/${++n}` }) as { id: string };
  const first = [link(), link(), link()];
  clock.advance(MINUTE);
  t.same([...(await poller.runDue())], [['ti_links', 'ok']]);
  t.same((await payloadsOf('ti_links')).map((p) => p.id).sort(), first.map((l) => l.id).sort());
  // Same second as the mark: told apart by id.
  const same = link();
  clock.advance(MINUTE);
  const later = link();
  await poller.runDue();
  clock.advance(MINUTE);
  await poller.runDue();
  const all = (await payloadsOf('ti_links')).map((p) => p.id);
  t.same([...all].sort(), [...first, same, later].map((l) => l.id).sort(), 'each link once');
});

t.test('HUBSPOT_DEAL_STAGE_CHANGED: a new deal, not another change, then a stage change', async (t) => {
  const connectionId = await b.connectOAuth('hubspot', 'carol');
  await poller.schedule({
    instanceId: 'ti_stages',
    projectId: b.projectId,
    triggerSlug: 'HUBSPOT_DEAL_STAGE_CHANGED',
    connectionId,
    config: {},
    enabled: true,
  });
  await poller.runDue();
  clock.advance(1000);
  const deal = b.hubspot.control.createObject('deals', { dealname: 'Big', dealstage: 'appointmentscheduled', pipeline: 'default' });
  clock.advance(MINUTE);
  await poller.runDue();
  t.same(
    (await payloadsOf('ti_stages')).map((p) => p.id),
    [deal.id],
    'a new deal enters its first stage',
  );
  b.hubspot.control.updateObject('deals', deal.id, { amount: '1000' });
  clock.advance(MINUTE);
  await poller.runDue();
  t.equal((await payloadsOf('ti_stages')).length, 1, 'another change sends nothing');
  b.hubspot.control.updateObject('deals', deal.id, { dealstage: 'closedwon' });
  clock.advance(MINUTE);
  await poller.runDue();
  const [moved] = await payloadsOf('ti_stages');
  t.match(moved, { id: deal.id, properties: { dealstage: 'closedwon' } });
});

t.test('a poll answered 401 refreshes the token once and goes on, as executeTool does', async (t) => {
  b.hubspot.control.expireAccessTokens();
  const deal = b.hubspot.control.createObject('deals', {
    dealname: 'After refresh',
    dealstage: 'appointmentscheduled',
    pipeline: 'default',
  });
  clock.advance(MINUTE);
  const tokenCalls = b.hubspot.tokenRequests().length;
  t.equal((await poller.runDue()).get('ti_stages'), 'ok');
  const [latest] = await payloadsOf('ti_stages');
  t.equal(latest?.id, deal.id);
  t.equal(b.hubspot.tokenRequests().length, tokenCalls + 1, 'the token was refreshed once');
});

t.test('/metrics counts polls by outcome and events', async (t) => {
  const res = await b.app.inject({ method: 'GET', url: '/metrics' });
  t.match(res.body, /broker_trigger_polls_total\{trigger="BITLY_SHORTLINK_CREATED",outcome="ok"\} \d+/);
  t.match(res.body, /broker_trigger_events_total\{trigger="HUBSPOT_DEAL_STAGE_CHANGED"\} 3/);
});
