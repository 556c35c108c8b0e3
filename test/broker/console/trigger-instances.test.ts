/**
 * A project's trigger instances in the console (issue 29): the list with each instance's trigger
 * name, last poll, last event and last error (from the poller's state and the event log), the
 * connection, trigger and status filters, keyset paging; enable, disable and delete taking effect
 * on the native API, each audited; members read only, other organizations and projects are 404.
 * The poller is driven by hand on a manual clock the broker and the sandboxes share.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { firstOwner, notSignUp, otherOrganization, personWithRole } from './org-fixtures.js';

const MINUTE = 60_000;

async function setup(t: Parameters<typeof brokerWithSandboxes>[0]) {
  const clock = manualClock();
  const b = await brokerWithSandboxes(t, { clock, env: { TRIGGER_POLL_MAX_FAILURES: '5' } });
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const hubspot = await b.connectOAuth('hubspot', 'alice');
  const bitly = await b.connectOAuth('bitly', 'bob');
  const upsert = async (body: Record<string, unknown>) => {
    const res = await b.api('POST', 'trigger_instances', body);
    if (res.statusCode !== 200) throw new Error(`upsert: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const contacts = await upsert({ triggerSlug: 'HUBSPOT_CONTACT_CREATED', entityId: 'alice' });
  clock.advance(1);
  const deals = await upsert({ triggerSlug: 'HUBSPOT_DEAL_CREATED', connectedAccountId: hubspot, config: { interval: 5 } });
  clock.advance(1);
  const links = await upsert({
    triggerSlug: 'BITLY_SHORTLINK_CREATED',
    entityId: 'bob',
    config: { group_guid: b.bitly.fixtures.groupGuid },
  });
  const base = `/orgs/${organizationId}/projects/${projectId}`;
  return { b, clock, owner, organizationId, projectId, base, hubspot, bitly, contacts, deals, links };
}

interface Row {
  id: string;
  triggerSlug: string;
  triggerName: string;
  enabled: boolean;
  connectedAccountId: string;
  entityId: string;
}

t.test('the list: names, activity from the poller and the event log, filters and keyset pages', async (t) => {
  const { b, clock, owner, base, hubspot, bitly, contacts, deals, links } = await setup(t);
  const poller = b.app.services.triggerPoller;

  const before = await owner.get(`${base}/trigger-instances`);
  t.equal(before.statusCode, 200, before.body);
  t.same(
    before.json().items.map((i: Row) => i.id),
    [links, deals, contacts],
    'newest first',
  );
  t.match(before.json().items[2], {
    triggerSlug: 'HUBSPOT_CONTACT_CREATED',
    triggerName: 'Contact created',
    triggerType: 'poll',
    toolkitSlug: 'hubspot',
    connectedAccountId: hubspot,
    entityId: 'alice',
    config: { interval: 1 },
    enabled: true,
    pollState: 'scheduled',
    lastPolledAt: null,
    lastEventAt: null,
    lastError: null,
    failures: 0,
  });
  t.type(before.json().items[2].nextPollAt, 'string', 'scheduled: its next poll is due');

  // The first poll records where the portal stands; the next one sends the new contact.
  await poller.runDue();
  b.hubspot.control.createObject('contacts', { email: 'new@example.com', firstname: 'New' });
  clock.advance(MINUTE);
  await poller.runDue();
  // Bitly's next poll fails: the error shows, the instance is still scheduled.
  b.bitly.control.failNext(500, 5);
  clock.advance(MINUTE);
  await poller.runDue();

  const byId = new Map<string, Record<string, unknown>>(
    (await owner.get(`${base}/trigger-instances`)).json().items.map((i: Row) => [i.id, i]),
  );
  const polled = byId.get(contacts)!;
  t.type(polled.lastPolledAt, 'string', 'last poll time');
  t.type(polled.lastEventAt, 'string', 'last event time');
  t.equal(polled.lastError, null);
  const [event] = await b.app.services.eventRepos.events.list(b.projectId, { types: ['trigger.event'], limit: 10 });
  t.equal(event?.subjectId, contacts, 'one trigger.event, about the contacts instance');
  t.equal(polled.lastEventAt, event!.createdAt.toISOString(), "the event log's time");
  t.equal(byId.get(deals)!.lastEventAt, null, 'no deal was made');
  t.match(byId.get(links)!, { pollState: 'scheduled', failures: 1, lastError: /HTTP 500/ });

  const ids = async (query: string) => {
    const res = await owner.get(`${base}/trigger-instances?${query}`);
    t.equal(res.statusCode, 200, res.body);
    return res.json().items.map((i: Row) => i.id);
  };
  t.same(await ids(`connectionId=${bitly}`), [links]);
  t.same(await ids(`connectionId=${hubspot}`), [deals, contacts]);
  t.same(await ids('triggerSlug=hubspot_deal_created'), [deals], 'any case');
  t.same(await ids('status=enabled'), [links, deals, contacts]);
  t.same(await ids('status=disabled'), []);

  const paged: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await owner.get(`${base}/trigger-instances?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(res.statusCode, 200, res.body);
    paged.push(...res.json().items.map((i: Row) => i.id));
    cursor = res.json().nextCursor;
    pages++;
  } while (cursor && pages < 10);
  t.same(paged, [links, deals, contacts], 'three pages of one, each once');
  t.equal(pages, 3);
  t.equal((await owner.get(`${base}/trigger-instances?cursor=nope`)).statusCode, 400);
  t.equal((await owner.get(`${base}/trigger-instances?status=paused`)).statusCode, 400);

  const one = await owner.get(`${base}/trigger-instances/${contacts}`);
  t.equal(one.statusCode, 200, one.body);
  t.same(one.json(), byId.get(contacts), 'one instance: the same view');
});

t.test('disable, enable and delete take effect on the native API and are audited', async (t) => {
  const { b, owner, organizationId, base, contacts, deals } = await setup(t);
  const native = async (id: string) => b.api('GET', `trigger_instances/${id}`);

  const off = await owner.patch(`${base}/trigger-instances/${contacts}`, { enabled: false });
  t.equal(off.statusCode, 200, off.body);
  t.match(off.json(), { id: contacts, enabled: false, disabledBy: 'user', disabledReason: 'user_disabled', pollState: 'disabled' });
  t.match((await native(contacts)).json(), { enabled: false, disabledBy: 'user' });
  t.same(
    (await owner.get(`${base}/trigger-instances?status=disabled`)).json().items.map((i: Row) => i.id),
    [contacts],
  );
  t.equal((await owner.patch(`${base}/trigger-instances/${contacts}`, { enabled: false })).statusCode, 200, 'disabling again');

  const on = await owner.patch(`${base}/trigger-instances/${contacts}`, { enabled: true });
  t.equal(on.statusCode, 200, on.body);
  t.match(on.json(), { enabled: true, disabledBy: null, disabledReason: null, pollState: 'scheduled' });
  t.equal((await native(contacts)).json().enabled, true);

  t.equal((await owner.delete(`${base}/trigger-instances/${deals}`)).statusCode, 204);
  t.equal((await native(deals)).statusCode, 404, 'gone from the native API');
  t.equal(await b.app.services.triggerPoller.status(deals), null, 'no longer polled');
  t.equal((await owner.delete(`${base}/trigger-instances/${deals}`)).statusCode, 404, 'deleting twice');
  t.equal((await owner.patch(`${base}/trigger-instances/${deals}`, { enabled: true })).statusCode, 404);

  const entries = (await b.app.services.audit.list(organizationId, 50)).items
    .filter((e) => e.targetType === 'trigger_instance' && notSignUp(e))
    .reverse();
  t.same(
    entries.map((e) => [e.action, e.targetId]),
    [
      ['trigger_instance.disabled', contacts],
      ['trigger_instance.enabled', contacts],
      ['trigger_instance.deleted', deals],
    ],
    'one entry per change, none for a no-op or a refusal',
  );
  t.match(entries[0], { actorUserId: owner.userId, detail: { trigger: 'HUBSPOT_CONTACT_CREATED', userId: 'alice' } });
});

t.test('enabling needs the connection ACTIVE', async (t) => {
  const { b, owner, base, hubspot, contacts } = await setup(t);
  t.equal((await owner.patch(`${base}/trigger-instances/${contacts}`, { enabled: false })).statusCode, 200);
  t.equal((await owner.post(`${base}/connections/${hubspot}/revoke`)).statusCode, 200);
  const refused = await owner.patch(`${base}/trigger-instances/${contacts}`, { enabled: true });
  t.equal(refused.statusCode, 400, refused.body);
  t.match(refused.json().message, /REVOKED/);
  t.equal((await b.api('GET', `trigger_instances/${contacts}`)).json().enabled, false);
});

t.test('roles and isolation: members read only; other organizations and projects are 404', async (t) => {
  const { b, organizationId, projectId, base, contacts } = await setup(t);
  const member = await personWithRole(b.app, organizationId, 'member@example.com', 'member');
  const admin = await personWithRole(b.app, organizationId, 'admin@example.com', 'admin');
  const other = await otherOrganization(b.app);

  t.equal((await member.get(`${base}/trigger-instances`)).statusCode, 200);
  t.equal((await member.get(`${base}/trigger-instances/${contacts}`)).statusCode, 200);
  for (const res of [
    await member.patch(`${base}/trigger-instances/${contacts}`, { enabled: false }),
    await member.delete(`${base}/trigger-instances/${contacts}`),
  ]) {
    t.equal(res.statusCode, 403);
    t.match(res.json().message, /admin role/);
  }
  t.equal((await b.api('GET', `trigger_instances/${contacts}`)).json().enabled, true, 'untouched');

  const theirs = `/orgs/${other.organizationId}/projects/${other.projectId}`;
  for (const res of [
    await other.owner.get(`${base}/trigger-instances`),
    await other.owner.patch(`${base}/trigger-instances/${contacts}`, { enabled: false }),
    await other.owner.get(`/orgs/${other.organizationId}/projects/${projectId}/trigger-instances`),
    // This project's instance under their own project: another project's id.
    await other.owner.get(`${theirs}/trigger-instances/${contacts}`),
    await other.owner.patch(`${theirs}/trigger-instances/${contacts}`, { enabled: false }),
    await other.owner.delete(`${theirs}/trigger-instances/${contacts}`),
  ])
    t.equal(res.statusCode, 404);
  t.same((await other.owner.get(`${theirs}/trigger-instances`)).json().items, [], 'their project has none');
  t.equal((await b.api('GET', `trigger_instances/${contacts}`)).json().enabled, true, 'still enabled');
  t.equal((await admin.patch(`${base}/trigger-instances/${contacts}`, { enabled: false })).statusCode, 200, 'an admin may');
});
