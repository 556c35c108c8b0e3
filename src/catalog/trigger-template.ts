/**
 * Turns a trigger's argument templates into request arguments and reads the provider's answers
 * back: the pure half of a poll (the poller sends the request through the tools' renderer and
 * keeps the mark). No I/O. Placeholders: `{since}`, `{config.<name>}`, `{item.id}`
 * (trigger-schema.ts says where each may appear).
 */
import type { FetchDef, PollDef, TriggerTimeType } from './trigger-schema.js';

const PLACEHOLDER = /\{([^{}]+)\}/g;
const WHOLE = /^\{([^{}]+)\}$/;

export interface TemplateValues {
  /** The mark, already formatted (poll arguments). */
  since?: string;
  /** The instance's trigger_config, defaults applied. */
  config?: Readonly<Record<string, unknown>>;
  /** The id of the item to read (fetch arguments). */
  itemId?: string;
}

/** One placeholder used by a template: its name and the JSON pointer of the value holding it. */
export interface PlaceholderUse {
  name: string;
  pointer: string;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every placeholder in a template's string values, at any depth. */
export function templatePlaceholders(template: unknown, pointer = ''): PlaceholderUse[] {
  if (typeof template === 'string') return [...template.matchAll(PLACEHOLDER)].map((m) => ({ name: m[1], pointer }));
  if (Array.isArray(template)) return template.flatMap((v, i) => templatePlaceholders(v, `${pointer}/${i}`));
  if (typeof template === 'object' && template !== null) {
    return Object.entries(template).flatMap(([k, v]) => templatePlaceholders(v, `${pointer}/${escape(k)}`));
  }
  return [];
}

function lookup(name: string, values: TemplateValues): unknown {
  if (name === 'since') return values.since;
  if (name === 'item.id') return values.itemId;
  if (name.startsWith('config.')) return values.config?.[name.slice('config.'.length)];
  return undefined;
}

function render(value: unknown, values: TemplateValues): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(whole[1], values);
    return value.replace(PLACEHOLDER, (_, name: string) => {
      const v = lookup(name, values);
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => render(v, values)).filter((v) => v !== undefined);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = render(v, values);
      if (r !== undefined) out[k] = r;
    }
    return out;
  }
  return value;
}

/** The arguments a template gives: placeholders filled, arguments whose value is absent or null dropped. */
export function renderArguments(template: Readonly<Record<string, unknown>>, values: TemplateValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(template)) {
    const r = render(value, values);
    if (r !== undefined && r !== null) out[name] = r;
  }
  return out;
}

/** Milliseconds since the epoch of an item's order value; undefined when it does not read as one. */
export function readTime(value: unknown, type: TriggerTimeType): number | undefined {
  if (type === 'date-time') {
    if (typeof value !== 'string') return undefined;
    // Bitly writes offsets without a colon (+0000), which Date.parse does not read everywhere.
    const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(ms) ? undefined : ms;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  return type === 'unix-seconds' ? n * 1000 : n;
}

/** `{since}` for a mark: in the declared format, one unit earlier when the provider's filter is exclusive. */
export function formatSince(markMs: number, since: PollDef['since']): string {
  if (since.format === 'unix-seconds') return String(Math.floor(markMs / 1000) - (since.exclusive ? 1 : 0));
  const ms = Math.floor(markMs) - (since.exclusive ? 1 : 0);
  return since.format === 'unix-millis' ? String(ms) : new Date(ms).toISOString();
}

/**
 * The arguments of one poll request. Without a mark this is the first poll: `initial` replaces
 * arguments (null removes one). `page` is the previous answer's next-page value.
 */
export function pollArguments(
  poll: PollDef,
  state: { config: Readonly<Record<string, unknown>>; markMs?: number; page?: string },
): Record<string, unknown> {
  const first = state.markMs === undefined;
  const template = first ? { ...poll.arguments, ...poll.initial } : poll.arguments;
  const args = renderArguments(template, { config: state.config, since: first ? undefined : formatSince(state.markMs!, poll.since) });
  if (state.page !== undefined) args[poll.paging.argument] = state.page;
  return args;
}

/** The arguments that read one item by id. */
export function fetchArguments(fetch: FetchDef, itemId: string, config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return renderArguments(fetch.arguments, { itemId, config });
}

/** The value at a JSON pointer; undefined when the path does not exist. */
export function readPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let at: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) at = /^(0|[1-9]\d*)$/.test(key) ? at[Number(key)] : undefined;
    else if (typeof at === 'object' && at !== null && Object.hasOwn(at, key)) at = (at as Record<string, unknown>)[key];
    else return undefined;
  }
  return at;
}

export interface PolledItem {
  id: string;
  /** The order value in ms since the epoch. */
  orderMs: number;
  item: unknown;
}

export interface PolledPage {
  items: PolledItem[];
  /** Items without a readable id or order value (a provider answering out of shape): counted, never emitted. */
  unreadable: number;
  /** The next page's value for `paging.argument`; undefined on the last page. */
  next?: string;
}

/** One poll answer read: its items with id and order value, and the next page if any. */
export function readPollPage(poll: PollDef, body: unknown): PolledPage {
  const list = readPointer(body, poll.items);
  const items: PolledItem[] = [];
  let unreadable = 0;
  for (const item of Array.isArray(list) ? list : []) {
    const id = readPointer(item, poll.id);
    const orderMs = readTime(readPointer(item, poll.order.field), poll.order.type);
    if ((typeof id !== 'string' && typeof id !== 'number') || orderMs === undefined) unreadable++;
    else items.push({ id: String(id), orderMs, item });
  }
  const next = readPointer(body, poll.paging.next);
  return { items, unreadable, ...(typeof next === 'string' && next !== '' ? { next } : typeof next === 'number' ? { next: String(next) } : {}) };
}
