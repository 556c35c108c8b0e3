/**
 * One poll of one trigger instance, given a way to send a rendered request: the requests the
 * trigger file declares (src/catalog/trigger-template.ts), paging, the items that are new since the
 * mark, and the new mark. No database: the poller (poller.ts) commits the result and its events
 * in one transaction. test/unit/catalog/trigger-polls.test.ts is the reference reading of the format.
 *
 * The mark is the newest order value seen, with the ids of the items at it. An item is new when
 * its order value is past the mark, or at it under an id not seen there (items sharing a
 * timestamp). The first poll only records where the provider stands: its newest item (the file's
 * `initial` arguments), then every item from that time on, emitting nothing.
 */
import type { Catalog, LoadedTrigger } from '../../catalog/catalog.js';
import { fetchArguments, pollArguments, readPointer, readPollPage, readTime, type PolledItem } from '../../catalog/trigger-template.js';
import type { PollDef } from '../../catalog/trigger-schema.js';

/** Pages one poll reads at most when the provider answers oldest first; the rest comes at the next poll, right after. */
export const MAX_PAGES_ASCENDING = 100;
/** A provider answering newest first must be read to the end before the mark can move; past this the poll fails. */
const MAX_PAGES_DESCENDING = 1000;

export interface PollMark {
  firstPollDone: boolean;
  /** ms since the epoch; undefined when no item was ever seen. */
  markMs: number | undefined;
  markIds: readonly string[];
}

/** Sends one request of the trigger (a poll or a fetch) with its arguments; answers the decoded body of a 2xx. */
export type SendRequest = (template: Pick<PollDef, 'request'>, args: Record<string, unknown>) => Promise<unknown>;

export interface NewItem {
  id: string;
  orderMs: number;
  /** The event's payload: the item, or its fetched record when the trigger fetches. */
  payload: Record<string, unknown>;
}

export interface PollOutcome {
  /** Oldest first; empty on the first poll. */
  items: NewItem[];
  mark: PollMark;
  /** True when pages were left unread (a burst over MAX_PAGES_ASCENDING): poll again at once. */
  more: boolean;
  requests: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads pages from `markMs` (undefined: the first poll's single `initial` page). */
async function readItems(
  poll: PollDef,
  config: Readonly<Record<string, unknown>>,
  markMs: number | undefined,
  send: SendRequest,
): Promise<{ items: PolledItem[]; more: boolean; requests: number }> {
  const items: PolledItem[] = [];
  const maxPages = markMs === undefined ? 1 : poll.order.direction === 'ascending' ? MAX_PAGES_ASCENDING : MAX_PAGES_DESCENDING;
  let page: string | undefined;
  let requests = 0;
  do {
    if (requests === maxPages) {
      if (poll.order.direction === 'descending' && markMs !== undefined) {
        throw new Error(`more than ${maxPages} pages of new items in one poll; the provider answers newest first, so the mark cannot move`);
      }
      return { items, more: markMs !== undefined, requests };
    }
    const body = await send(poll, pollArguments(poll, { config, markMs, page }));
    requests++;
    const read = readPollPage(poll, body);
    items.push(...read.items);
    page = read.next;
  } while (page !== undefined);
  return { items, more: false, requests };
}

/** The newest order value among `items` and the mark, and the ids at it (those at an unmoved mark kept). */
function nextMark(items: readonly PolledItem[], mark: PollMark): PollMark {
  const markMs = mark.markMs;
  const newest = items.reduce((m, i) => Math.max(m, i.orderMs), markMs ?? -Infinity);
  if (newest === -Infinity) return { firstPollDone: true, markMs: undefined, markIds: [] };
  const atNewest = items.filter((i) => i.orderMs === newest).map((i) => i.id);
  const ids = newest === markMs ? new Set([...mark.markIds, ...atNewest]) : new Set(atNewest);
  return { firstPollDone: true, markMs: newest, markIds: [...ids].sort() };
}

/** One poll: what is new since `mark`, and the mark after it. Throws what `send` throws. */
export async function runPoll(
  entry: Pick<LoadedTrigger, 'trigger'>,
  config: Readonly<Record<string, unknown>>,
  mark: PollMark,
  send: SendRequest,
): Promise<PollOutcome> {
  const { trigger } = entry;
  const poll = trigger.poll!;
  if (!mark.firstPollDone) {
    // Where the provider stands: its newest item, then everything from that time (the items that
    // share it), all recorded as seen.
    const first = await readItems(poll, config, undefined, send);
    let after = nextMark(first.items, { ...mark, markMs: undefined });
    let requests = first.requests;
    if (after.markMs !== undefined) {
      const rest = await readItems(poll, config, after.markMs, send);
      requests += rest.requests;
      after = nextMark(rest.items, after);
      return { items: [], mark: after, more: rest.more, requests };
    }
    return { items: [], mark: after, more: false, requests };
  }

  // An account empty at the first poll: everything found later is new.
  const markMs = mark.markMs ?? 0;
  const seen = new Set(mark.markIds);
  const read = await readItems(poll, config, markMs, send);
  // One entry per item (paging may show one twice while it changes): its newest order value.
  const byId = new Map<string, PolledItem>();
  for (const i of read.items) if ((byId.get(i.id)?.orderMs ?? -Infinity) < i.orderMs) byId.set(i.id, i);
  const fresh = [...byId.values()]
    .filter((i) => i.orderMs > markMs || (i.orderMs === markMs && !seen.has(i.id)))
    .sort((a, b) => a.orderMs - b.orderMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const items: NewItem[] = [];
  let requests = read.requests;
  for (const i of fresh) {
    let data: unknown = i.item;
    if (poll.fetch && trigger.fetch) {
      data = await send(trigger.fetch, fetchArguments(trigger.fetch, i.id, config));
      requests++;
    }
    if (poll.changedAt) {
      const changed = readTime(readPointer(data, poll.changedAt), poll.order.type);
      // Changed at the mark counts only for an item not already seen there (its change was judged then).
      if (changed === undefined || changed < markMs || (changed === markMs && seen.has(i.id))) continue;
    }
    if (isRecord(data)) items.push({ id: i.id, orderMs: i.orderMs, payload: data });
  }
  return { items, mark: nextMark(read.items, mark), more: read.more, requests };
}

/** The trigger entry if it is polled (a type with a `poll` section). */
export function pollEntry(catalog: Pick<Catalog, 'getTriggerEntry'>, slug: string): Readonly<LoadedTrigger> | undefined {
  const entry = catalog.getTriggerEntry(slug);
  return entry?.trigger.poll ? entry : undefined;
}
