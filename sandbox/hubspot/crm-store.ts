/**
 * In-memory CRM records (contacts, companies, deals): numeric string ids per object type, O(1) by
 * id, insertion order (= ascending id) for cursor listing, a unique email index for contacts,
 * property history and symmetric associations.
 */
import { systemClock, type Clock } from '../../src/clock.js';
import type { HubspotObjectType } from '../types.js';

export const OBJECT_TYPES: readonly HubspotObjectType[] = ['contacts', 'companies', 'deals'];

const TYPE_ALIASES: Record<string, HubspotObjectType> = {
  contacts: 'contacts',
  contact: 'contacts',
  '0-1': 'contacts',
  companies: 'companies',
  company: 'companies',
  '0-2': 'companies',
  deals: 'deals',
  deal: 'deals',
  '0-3': 'deals',
};

export function resolveObjectType(value: string): HubspotObjectType | null {
  return TYPE_ALIASES[value.toLowerCase()] ?? null;
}

export const SINGULAR: Record<HubspotObjectType, string> = { contacts: 'contact', companies: 'company', deals: 'deal' };

/** Name of the "last modified" property HubSpot uses per object type. */
export const MODIFIED_PROP: Record<HubspotObjectType, string> = {
  contacts: 'lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
};

/** Properties returned when the caller names none. */
export const DEFAULT_PROPERTIES: Record<HubspotObjectType, string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
  deals: ['amount', 'closedate', 'createdate', 'dealname', 'dealstage', 'hs_lastmodifieddate', 'hs_object_id', 'pipeline'],
};

/** Properties the free-text `query` of search looks at. */
export const SEARCHABLE: Record<HubspotObjectType, string[]> = {
  contacts: ['firstname', 'lastname', 'email', 'phone', 'company', 'website'],
  companies: ['name', 'domain', 'website', 'phone'],
  deals: ['dealname', 'description'],
};

/** HUBSPOT_DEFINED association type ids -> [from, to]. */
export const ASSOCIATION_TYPES: Record<number, [HubspotObjectType, HubspotObjectType]> = {
  1: ['contacts', 'companies'],
  279: ['contacts', 'companies'],
  2: ['companies', 'contacts'],
  280: ['companies', 'contacts'],
  3: ['deals', 'contacts'],
  4: ['contacts', 'deals'],
  5: ['deals', 'companies'],
  341: ['deals', 'companies'],
  6: ['companies', 'deals'],
  342: ['companies', 'deals'],
};

const ID_BASE: Record<HubspotObjectType, number> = { contacts: 100, companies: 20000, deals: 3_000_000 };

export interface HistoryEntry {
  value: string;
  timestamp: string;
  sourceType: string;
  sourceId: string;
  updatedByUserId?: number;
}

export interface CrmRecord {
  id: string;
  num: number;
  type: HubspotObjectType;
  properties: Record<string, string>;
  history: Record<string, HistoryEntry[]>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
}

/** When and by what a change happened: `at` (ms) lets tests make records share one timestamp. */
export interface ChangeOptions {
  at?: number;
  /** Property history `sourceType` and webhook `changeSource` (API for the REST routes). */
  source?: string;
}

/** One change to a record, as app webhooks report it. */
export interface CrmChange {
  kind: 'creation' | 'propertyChange' | 'deletion';
  type: HubspotObjectType;
  id: string;
  at: number;
  source: string;
  propertyName?: string;
  propertyValue?: string;
  /** A property set by the creation itself (HubSpot reports those as property changes too). */
  atCreation?: boolean;
}

export type CrmChangeListener = (change: CrmChange) => void;

/** Properties the store computes; they never produce property-change events. */
const COMPUTED = new Set(['hs_object_id', 'lastmodifieddate', 'hs_lastmodifieddate']);

function emptyByType<T>(make: () => T): Record<HubspotObjectType, T> {
  return { contacts: make(), companies: make(), deals: make() };
}

export class CrmStore {
  private byId = emptyByType(() => new Map<string, CrmRecord>());
  private ordered = emptyByType<CrmRecord[]>(() => []);
  private nextNum = { ...ID_BASE };
  private emails = new Map<string, string>();
  private assoc = new Map<string, Map<HubspotObjectType, Set<string>>>();
  private readonly listeners = new Set<CrmChangeListener>();

  /** Record timestamps follow `clock` (tests hand the sandbox the clock they give the broker). */
  constructor(private readonly clock: Clock = systemClock) {}

  /** Called after every creation, changed property and archive. Returns the unsubscribe function. */
  onChange(listener: CrmChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: CrmChange): void {
    for (const listener of this.listeners) listener(change);
  }

  reset(): void {
    this.byId = emptyByType(() => new Map<string, CrmRecord>());
    this.ordered = emptyByType<CrmRecord[]>(() => []);
    this.nextNum = { ...ID_BASE };
    this.emails.clear();
    this.assoc.clear();
  }

  get(type: HubspotObjectType, id: string): CrmRecord | undefined {
    return this.byId[type].get(id);
  }

  /** Lookup by a unique property (idProperty); emails compare case-insensitively. */
  findBy(type: HubspotObjectType, property: string, value: string): CrmRecord | undefined {
    if (property === 'hs_object_id') return this.get(type, value);
    if (type === 'contacts' && property === 'email') {
      const id = this.emails.get(value.toLowerCase());
      return id ? this.get(type, id) : undefined;
    }
    for (const r of this.ordered[type]) if (!r.archived && r.properties[property] === value) return r;
    return undefined;
  }

  /** Id of the live contact holding this email, if any. */
  contactIdByEmail(email: string): string | undefined {
    return this.emails.get(email.toLowerCase());
  }

  create(type: HubspotObjectType, props: Record<string, string>, userId: number, opts: ChangeOptions = {}): CrmRecord {
    const at = opts.at ?? this.clock.now();
    const source = opts.source ?? 'API';
    this.nextNum[type] += 1;
    const num = this.nextNum[type];
    const now = new Date(at).toISOString();
    const record: CrmRecord = { id: String(num), num, type, properties: {}, history: {}, createdAt: now, updatedAt: now, archived: false };
    const written = { ...props, createdate: props.createdate ?? now, hs_object_id: record.id };
    this.write(record, written, now, userId, source);
    this.touch(record, now, userId);
    this.byId[type].set(record.id, record);
    this.ordered[type].push(record);
    this.emit({ kind: 'creation', type, id: record.id, at, source });
    for (const [name, value] of Object.entries(written)) {
      if (!COMPUTED.has(name) && value !== '')
        this.emit({ kind: 'propertyChange', type, id: record.id, at, source, propertyName: name, propertyValue: value, atCreation: true });
    }
    return record;
  }

  /** Writes `props`; only values that differ count as changes (and move the modified date). */
  update(record: CrmRecord, props: Record<string, string>, userId: number, opts: ChangeOptions = {}): string[] {
    const at = opts.at ?? this.clock.now();
    const source = opts.source ?? 'API';
    const now = new Date(at).toISOString();
    const changed = Object.keys(props).filter((name) => record.properties[name] !== props[name]);
    this.write(record, props, now, userId, source);
    this.touch(record, now, userId);
    for (const name of changed) {
      if (!COMPUTED.has(name))
        this.emit({ kind: 'propertyChange', type: record.type, id: record.id, at, source, propertyName: name, propertyValue: props[name] });
    }
    return changed;
  }

  archive(record: CrmRecord, opts: ChangeOptions = {}): void {
    if (record.archived) return;
    const at = opts.at ?? this.clock.now();
    record.archived = true;
    record.archivedAt = new Date(at).toISOString();
    const email = record.properties.email;
    if (record.type === 'contacts' && email && this.emails.get(email.toLowerCase()) === record.id) this.emails.delete(email.toLowerCase());
    this.emit({ kind: 'deletion', type: record.type, id: record.id, at, source: opts.source ?? 'API' });
  }

  /** Records after `afterNum` (exclusive), archived or not, at most `limit`, plus whether more exist. */
  page(type: HubspotObjectType, afterNum: number | null, limit: number, archived: boolean): { records: CrmRecord[]; more: boolean } {
    const list = this.ordered[type];
    let lo = 0;
    if (afterNum !== null) {
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid].num <= afterNum) lo = mid + 1;
        else hi = mid;
      }
    }
    const records: CrmRecord[] = [];
    for (let i = lo; i < list.length; i += 1) {
      if (list[i].archived !== archived) continue;
      if (records.length === limit) return { records, more: true };
      records.push(list[i]);
    }
    return { records, more: false };
  }

  live(type: HubspotObjectType): CrmRecord[] {
    return this.ordered[type].filter((r) => !r.archived);
  }

  associate(fromType: HubspotObjectType, fromId: string, toType: HubspotObjectType, toId: string): void {
    this.link(fromType, fromId, toType, toId);
    this.link(toType, toId, fromType, fromId);
  }

  associations(type: HubspotObjectType, id: string, toType: HubspotObjectType): string[] {
    const ids = this.assoc.get(`${type}:${id}`)?.get(toType);
    if (!ids) return [];
    return [...ids].filter((other) => {
      const r = this.get(toType, other);
      return r !== undefined && !r.archived;
    });
  }

  private link(fromType: HubspotObjectType, fromId: string, toType: HubspotObjectType, toId: string): void {
    const key = `${fromType}:${fromId}`;
    let byType = this.assoc.get(key);
    if (!byType) this.assoc.set(key, (byType = new Map()));
    let set = byType.get(toType);
    if (!set) byType.set(toType, (set = new Set()));
    set.add(toId);
  }

  private write(record: CrmRecord, props: Record<string, string>, now: string, userId: number, sourceType: string): void {
    for (const [name, value] of Object.entries(props)) {
      if (record.type === 'contacts' && name === 'email') {
        const before = record.properties.email;
        if (before && this.emails.get(before.toLowerCase()) === record.id) this.emails.delete(before.toLowerCase());
        if (value) this.emails.set(value.toLowerCase(), record.id);
      }
      record.properties[name] = value;
      (record.history[name] ??= []).unshift({ value, timestamp: now, sourceType, sourceId: 'sandbox', updatedByUserId: userId });
    }
  }

  private touch(record: CrmRecord, now: string, userId: number): void {
    record.updatedAt = now;
    const name = MODIFIED_PROP[record.type];
    record.properties[name] = now;
    (record.history[name] ??= []).unshift({
      value: now,
      timestamp: now,
      sourceType: 'CALCULATED',
      sourceId: 'sandbox',
      updatedByUserId: userId,
    });
    if (name !== 'lastmodifieddate') record.properties.lastmodifieddate = now;
  }
}
