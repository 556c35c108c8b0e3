/**
 * The shipped poll triggers run against the provider sandboxes with nothing but what their files
 * declare: the request template (rendered by the tools' renderer), the argument templates, where
 * the items, ids and order values are, how to page and, for deal stages, the fetch and changedAt.
 * `pollOnce` below is the reference reading of the format (mark plus the ids at it), not the
 * broker's poller: it proves the files are enough to run one.
 */
import t from 'tap';
import { startBitlySandbox, startHubspotSandbox } from '../../../sandbox/index.js';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import type { Catalog } from '../../../src/catalog/catalog.js';
import { applyInjection, renderRequest } from '../../../src/catalog/request-template.js';
import { fetchArguments, pollArguments, readPointer, readPollPage, readTime, type PolledItem } from '../../../src/catalog/trigger-template.js';

const hubspot = await startHubspotSandbox();
const bitly = await startBitlySandbox();
t.teardown(() => Promise.all([hubspot.close(), bitly.close()]));

const catalog = loadCatalog({
  dirs: [BUILTIN_CATALOG_DIR],
  overrides: { hubspot: { baseUrl: hubspot.apiBaseUrl }, bitly: { baseUrl: bitly.apiBaseUrl } },
});
const hubspotToken = hubspot.control.issueToken().access_token;
const bitlyToken = bitly.control.issueToken().access_token;

interface PollState {
  markMs?: number;
  /** Ids of the items at the mark, already emitted. */
  atMark: Set<string>;
  /** Requests sent by the last poll. */
  requests: number;
}

async function send(toolkitSlug: string, request: Parameters<typeof renderRequest>[1], args: Record<string, unknown>): Promise<unknown> {
  const toolkit = catalog.getToolkit(toolkitSlug)!;
  const token = toolkitSlug === 'hubspot' ? hubspotToken : bitlyToken;
  const req = applyInjection(renderRequest(toolkit, request, args), toolkit.authMethods[0]!.inject, { access_token: token });
  const res = await fetch(req.url, { method: req.method, headers: req.headers, ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }) });
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${req.method} ${req.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** One poll of an instance: the events it emits, oldest first; the first poll emits nothing. */
async function pollOnce(c: Catalog, slug: string, rawConfig: Record<string, unknown>, state: PollState): Promise<unknown[]> {
  const entry = c.getTriggerEntry(slug)!;
  const { trigger, toolkit } = entry;
  const poll = trigger.poll!;
  const checked = c.validateTriggerConfig(slug, rawConfig);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const config = checked.value;
  const items: PolledItem[] = [];
  let page: string | undefined;
  state.requests = 0;
  do {
    const body = await send(toolkit.slug, poll, pollArguments(poll, { config, markMs: state.markMs, page }));
    state.requests++;
    const read = readPollPage(poll, body);
    items.push(...read.items);
    page = read.next;
  } while (page !== undefined);

  const first = state.markMs === undefined;
  const mark = state.markMs ?? 0;
  const fresh = first ? [] : items.filter((i) => i.orderMs > mark || (i.orderMs === mark && !state.atMark.has(i.id)));
  fresh.sort((a, b) => a.orderMs - b.orderMs);
  const events: unknown[] = [];
  for (const i of fresh) {
    let data = i.item;
    if (poll.fetch) data = await send(toolkit.slug, trigger.fetch!, fetchArguments(trigger.fetch!, i.id, config));
    if (poll.changedAt) {
      const changed = readTime(readPointer(data, poll.changedAt), poll.order.type);
      // Changed at the mark counts only for an item not already seen there (its change was judged then).
      if (changed === undefined || changed < mark || (changed === mark && state.atMark.has(i.id))) continue;
    }
    events.push(data);
  }
  // The new mark: the newest order value seen, and the ids at it (kept when the mark did not move).
  const newest = items.reduce((m, i) => Math.max(m, i.orderMs), first ? 0 : mark);
  const atNewest = items.filter((i) => i.orderMs === newest).map((i) => i.id);
  state.atMark = newest === mark && !first ? new Set([...state.atMark, ...atNewest]) : new Set(atNewest);
  state.markMs = newest;
  return events;
}

const newState = (): PollState => ({ atMark: new Set(), requests: 0 });

async function hubspotApi(method: string, path: string, body?: unknown): Promise<{ id: string }> {
  const res = await fetch(`${hubspot.apiBaseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${hubspotToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { id: string };
}
const createContact = (n: number) => hubspotApi('POST', '/crm/v3/objects/contacts', { properties: { email: `c${n}-${Date.now()}@example.com`, firstname: `C${n}` } });

t.test('HUBSPOT_CONTACT_CREATED: the first poll records, later polls emit each new contact once, ties and bursts included', async (t) => {
  const state = newState();
  hubspot.control.seed('contacts', 3);
  t.same(await pollOnce(catalog, 'HUBSPOT_CONTACT_CREATED', { interval: 1 }, state), [], 'the first poll emits nothing');
  t.equal(await pollOnce(catalog, 'HUBSPOT_CONTACT_CREATED', {}, state).then((e) => e.length), 0, 'nothing new');

  // Created back to back: several share a createdate millisecond, and a poll can land between two of them.
  const a = await Promise.all([1, 2, 3].map(createContact));
  const first = (await pollOnce(catalog, 'HUBSPOT_CONTACT_CREATED', {}, state)) as { id: string; properties: Record<string, string> }[];
  t.same(
    first.map((e) => e.id).sort(),
    a.map((c) => c.id).sort(),
  );
  t.match(first[0], { properties: { email: /@example\.com$/, createdate: String, hs_object_id: String } });
  const b = await createContact(4);
  const second = (await pollOnce(catalog, 'HUBSPOT_CONTACT_CREATED', {}, state)) as { id: string }[];
  t.same(
    second.map((e) => e.id),
    [b.id],
    'the contacts at the old mark are not sent again',
  );

  // A burst larger than a page (100) pages with `after`.
  const burst: string[] = [];
  for (let i = 0; i < 130; i += 10) burst.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => createContact(100 + i + k)))).map((c) => c.id));
  const third = (await pollOnce(catalog, 'HUBSPOT_CONTACT_CREATED', {}, state)) as { id: string }[];
  t.equal(state.requests, 2, 'two pages');
  t.same(
    third.map((e) => e.id).sort(),
    [...burst].sort(),
    'every contact of the burst once',
  );
  t.same(await pollOnce(catalog, 'HUBSPOT_CONTACT_CREATED', {}, state), []);
});

t.test('HUBSPOT_CONTACT_UPDATED sends changes; HUBSPOT_DEAL_STAGE_CHANGED only stage changes, with the stage left', async (t) => {
  const contact = await createContact(9000);
  const updated = newState();
  await pollOnce(catalog, 'HUBSPOT_CONTACT_UPDATED', {}, updated);
  await hubspotApi('PATCH', `/crm/v3/objects/contacts/${contact.id}`, { properties: { lastname: 'Changed' } });
  const changes = (await pollOnce(catalog, 'HUBSPOT_CONTACT_UPDATED', { properties: ['lastname'] }, updated)) as { id: string; properties: Record<string, string> }[];
  t.same(
    changes.map((c) => [c.id, c.properties.lastname]),
    [[contact.id, 'Changed']],
  );

  const stages = newState();
  await pollOnce(catalog, 'HUBSPOT_DEAL_STAGE_CHANGED', {}, stages);
  const deal = await hubspotApi('POST', '/crm/v3/objects/deals', { properties: { dealname: 'Big', dealstage: 'appointmentscheduled', pipeline: 'default' } });
  const entered = (await pollOnce(catalog, 'HUBSPOT_DEAL_STAGE_CHANGED', {}, stages)) as { id: string }[];
  t.same(
    entered.map((d) => d.id),
    [deal.id],
    'a new deal enters its first stage',
  );
  await hubspotApi('PATCH', `/crm/v3/objects/deals/${deal.id}`, { properties: { amount: '1000' } });
  t.same(await pollOnce(catalog, 'HUBSPOT_DEAL_STAGE_CHANGED', {}, stages), [], 'another change sends nothing');
  await hubspotApi('PATCH', `/crm/v3/objects/deals/${deal.id}`, { properties: { dealstage: 'closedwon' } });
  const moved = (await pollOnce(catalog, 'HUBSPOT_DEAL_STAGE_CHANGED', {}, stages)) as {
    id: string;
    properties: Record<string, string>;
    propertiesWithHistory: { dealstage: { value: string }[] };
  }[];
  t.equal(moved.length, 1);
  t.equal(moved[0]?.properties.dealstage, 'closedwon');
  t.same(
    moved[0]?.propertiesWithHistory.dealstage.slice(0, 2).map((h) => h.value),
    ['closedwon', 'appointmentscheduled'],
    'the stage entered and the stage left',
  );
});

t.test('BITLY_SHORTLINK_CREATED: created_after is exclusive and in seconds, so links sharing the mark second are told apart by id', async (t) => {
  const config = { group_guid: bitly.fixtures.groupGuid, interval: 0.5 };
  const state = newState();
  await pollOnce(catalog, 'BITLY_SHORTLINK_CREATED', config, state);
  const shorten = async (n: number) => {
    const res = await fetch(`${bitly.apiBaseUrl}/shorten`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bitlyToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ long_url: `https://example.com/${n}-${Date.now()}`, group_guid: bitly.fixtures.groupGuid }),
    });
    return ((await res.json()) as { id: string }).id;
  };
  const made: string[] = [];
  for (let i = 0; i < 3; i++) made.push(await shorten(i));
  const first = (await pollOnce(catalog, 'BITLY_SHORTLINK_CREATED', config, state)) as { id: string; long_url: string }[];
  t.same(
    first.map((l) => l.id).sort(),
    [...made].sort(),
  );
  const later = await shorten(3);
  t.same(
    ((await pollOnce(catalog, 'BITLY_SHORTLINK_CREATED', config, state)) as { id: string }[]).map((l) => l.id),
    [later],
    'links of the previous mark second are not sent again',
  );
  const burst: string[] = [];
  for (let i = 0; i < 60; i += 10) burst.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => shorten(100 + i + k)))));
  const third = (await pollOnce(catalog, 'BITLY_SHORTLINK_CREATED', config, state)) as { id: string }[];
  t.ok(state.requests >= 2, 'pages with search_after');
  t.same(
    third.map((l) => l.id).sort(),
    [...burst].sort(),
  );
});
