/**
 * One poll (src/triggers/poller/poll-run.ts) on the shipped HUBSPOT_CONTACT_CREATED file, with
 * answers written here in HubSpot's search shape: an account empty at the first poll, the first
 * poll reading everything at the newest item's time, a page cap that leaves the rest for the next
 * poll without losing items that share a timestamp, and an item seen twice in one poll.
 */
import t from 'tap';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { MAX_PAGES_ASCENDING, runPoll, type PollMark, type SendRequest } from '../../../src/triggers/poller/poll-run.js';

const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR] });
const entry = catalog.getTriggerEntry('HUBSPOT_CONTACT_CREATED')!;
const config = (catalog.validateTriggerConfig('HUBSPOT_CONTACT_CREATED', {}) as { value: Record<string, unknown> }).value;

interface Contact {
  id: string;
  at: number;
}

/** A HubSpot search over `contacts`: createdate GTE `since` ascending, or newest first without a filter; `after` is an offset. */
function hubspot(contacts: Contact[], pageSize = 100) {
  const sent: Record<string, unknown>[] = [];
  const send: SendRequest = async (_template, args) => {
    sent.push(args);
    const filter = (args.filterGroups as { filters: { value: string }[] }[] | undefined)?.[0]?.filters[0];
    const since = filter ? Number(filter.value) : -Infinity;
    const descending = (args.sorts as { direction: string }[])[0]!.direction === 'DESCENDING';
    const limit = Math.min(pageSize, Number(args.limit));
    const matching = contacts
      .filter((c) => c.at >= since)
      .sort((a, b) => (descending ? b.at - a.at : a.at - b.at) || Number(a.id) - Number(b.id));
    const offset = Number(args.after ?? 0);
    const page = matching.slice(offset, offset + limit);
    const next = offset + limit < matching.length ? { next: { after: String(offset + limit) } } : {};
    return {
      results: page.map((c) => ({ id: c.id, properties: { createdate: new Date(c.at).toISOString() } })),
      paging: next,
    };
  };
  return { send, sent };
}

const fresh: PollMark = { firstPollDone: false, markMs: undefined, markIds: [] };
const T = Date.parse('2026-11-27T10:00:00.000Z');

t.test('an empty account: the first poll records no mark, and everything found later is new', async (t) => {
  const contacts: Contact[] = [];
  const p = hubspot(contacts);
  const first = await runPoll(entry, config, fresh, p.send);
  t.same(first, { items: [], mark: { firstPollDone: true, markMs: undefined, markIds: [] }, more: false, requests: 1 });
  contacts.push({ id: '1', at: T });
  const second = await runPoll(entry, config, first.mark, p.send);
  t.same(
    second.items.map((i) => i.id),
    ['1'],
  );
  t.same(second.mark, { firstPollDone: true, markMs: T, markIds: ['1'] });
});

t.test('the first poll records every item at the newest time as seen', async (t) => {
  const contacts = [
    { id: '1', at: T - 1 },
    { id: '2', at: T },
    { id: '3', at: T },
  ];
  const p = hubspot(contacts);
  const first = await runPoll(entry, config, fresh, p.send);
  t.same(first.items, []);
  t.same(first.mark, { firstPollDone: true, markMs: T, markIds: ['2', '3'] });
  t.equal(first.requests, 2, 'the newest item, then everything at its time');
  contacts.push({ id: '4', at: T });
  const second = await runPoll(entry, config, first.mark, p.send);
  t.same(
    second.items.map((i) => i.id),
    ['4'],
    'only the item at the mark not seen there',
  );
});

t.test('past the page cap the rest waits for the next poll; ties across the cut are kept', async (t) => {
  const contacts = Array.from({ length: MAX_PAGES_ASCENDING * 2 + 1 }, (_, i) => ({ id: String(i + 1), at: T + Math.floor(i / 3) }));
  const p = hubspot(contacts, 2);
  const mark: PollMark = { firstPollDone: true, markMs: T - 1, markIds: [] };
  const first = await runPoll(entry, config, mark, p.send);
  t.equal(first.requests, MAX_PAGES_ASCENDING);
  t.equal(first.more, true);
  t.equal(first.items.length, MAX_PAGES_ASCENDING * 2);
  const second = await runPoll(entry, config, first.mark, p.send);
  t.equal(second.more, false);
  const all = [...first.items, ...second.items].map((i) => i.id);
  t.same(
    all,
    contacts.map((c) => c.id),
    'every contact once, in order',
  );
});

t.test('an item answered twice in one poll is one item', async (t) => {
  const send: SendRequest = async () => ({
    results: [
      { id: '7', properties: { createdate: new Date(T + 1).toISOString() } },
      { id: '7', properties: { createdate: new Date(T + 1).toISOString() } },
    ],
  });
  const out = await runPoll(entry, config, { firstPollDone: true, markMs: T, markIds: [] }, send);
  t.same(
    out.items.map((i) => i.id),
    ['7'],
  );
});
