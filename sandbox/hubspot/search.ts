/**
 * CRM search: body validation and evaluation of filterGroups (OR of ANDed filters), free-text
 * query, sorts and offset paging, the way POST /crm/v3/objects/{type}/search behaves.
 */
import { isPlainObject } from '../common/forms.js';
import type { HubspotObjectType } from '../types.js';
import { SEARCHABLE, type CrmRecord } from './crm-store.js';

export const OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;
type Operator = (typeof OPERATORS)[number];

export interface Filter {
  propertyName: string;
  operator: Operator;
  value?: string;
  highValue?: string;
  values?: string[];
}

export interface Sort {
  propertyName: string;
  descending: boolean;
}

export interface SearchRequest {
  filterGroups: Filter[][];
  sorts: Sort[];
  query: string | null;
  properties: string[] | null;
  limit: number;
  offset: number;
}

export const MAX_SEARCH_LIMIT = 200;
export const MAX_SEARCH_RESULTS = 10_000;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** Parses the body; a string is the validation message. */
export function parseSearchBody(body: unknown): SearchRequest | string {
  const b = body === undefined || body === null ? {} : body;
  if (!isPlainObject(b)) return 'Invalid input JSON: expected an object';
  const groupsIn = b.filterGroups ?? [];
  if (!Array.isArray(groupsIn)) return 'filterGroups must be an array';
  if (groupsIn.length > 6) return 'Too many filter groups: at most 6 are allowed';
  const filterGroups: Filter[][] = [];
  for (const [gi, g] of groupsIn.entries()) {
    if (!isPlainObject(g) || !Array.isArray(g.filters)) return `filterGroups[${gi}].filters must be an array`;
    const filters: Filter[] = [];
    for (const [fi, f] of g.filters.entries()) {
      if (!isPlainObject(f) || typeof f.propertyName !== 'string' || f.propertyName === '')
        return `filterGroups[${gi}].filters[${fi}].propertyName is required`;
      const op = typeof f.operator === 'string' ? f.operator.toUpperCase() : 'EQ';
      if (!(OPERATORS as readonly string[]).includes(op))
        return `Invalid operator ${String(f.operator)}. Valid operators: ${OPERATORS.join(', ')}`;
      const values = Array.isArray(f.values) ? f.values.map(str).filter((v): v is string => v !== undefined) : undefined;
      if ((op === 'IN' || op === 'NOT_IN') && !values) return `filterGroups[${gi}].filters[${fi}]: operator ${op} requires values`;
      const value = str(f.value);
      if (['EQ', 'NEQ', 'LT', 'LTE', 'GT', 'GTE', 'BETWEEN', 'CONTAINS_TOKEN', 'NOT_CONTAINS_TOKEN'].includes(op) && value === undefined) {
        return `filterGroups[${gi}].filters[${fi}]: operator ${op} requires a value`;
      }
      if (op === 'BETWEEN' && str(f.highValue) === undefined) return `filterGroups[${gi}].filters[${fi}]: BETWEEN requires highValue`;
      filters.push({ propertyName: f.propertyName, operator: op as Operator, value, highValue: str(f.highValue), values });
    }
    filterGroups.push(filters);
  }
  const sortsIn = b.sorts ?? [];
  if (!Array.isArray(sortsIn)) return 'sorts must be an array';
  const sorts: Sort[] = [];
  for (const s of sortsIn) {
    if (typeof s === 'string' && s.length > 0) sorts.push({ propertyName: s.replace(/^-/, ''), descending: s.startsWith('-') });
    else if (isPlainObject(s) && typeof s.propertyName === 'string') {
      sorts.push({
        propertyName: s.propertyName,
        descending: String(s.direction ?? 'ASCENDING')
          .toUpperCase()
          .startsWith('DESC'),
      });
    } else return 'Invalid sort: use a property name or {propertyName, direction}';
  }
  const limit = b.limit === undefined ? 10 : Number(b.limit);
  if (!Number.isInteger(limit) || limit < 0) return 'limit must be a non-negative integer';
  if (limit > MAX_SEARCH_LIMIT) return `limit must be less than or equal to ${MAX_SEARCH_LIMIT}`;
  const after = b.after === undefined || b.after === null || b.after === '' ? '0' : String(b.after);
  if (!/^\d+$/.test(after)) return `Invalid after cursor: ${after}`;
  const offset = Number(after);
  if (offset >= MAX_SEARCH_RESULTS) return `Paging beyond ${MAX_SEARCH_RESULTS} results is not supported`;
  if (b.properties !== undefined && !Array.isArray(b.properties)) return 'properties must be an array of strings';
  const properties = Array.isArray(b.properties) ? b.properties.filter((p): p is string => typeof p === 'string') : null;
  const query = typeof b.query === 'string' && b.query.trim() !== '' ? b.query.trim() : null;
  return { filterGroups, sorts, query, properties: properties && properties.length > 0 ? properties : null, limit, offset };
}

/** Numbers and dates compare as numbers (epoch ms for dates), everything else as lower-case text. */
function comparable(value: string): number | string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return value.toLowerCase();
}

function compare(a: string, b: string): number {
  const x = comparable(a);
  const y = comparable(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const sx = String(x);
  const sy = String(y);
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

function containsToken(haystack: string, needle: string): boolean {
  const h = haystack.toLowerCase();
  const n = needle.toLowerCase();
  if (n.includes('*')) {
    const re = new RegExp(
      `^${n
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return re.test(h) || h.split(/[\s,;]+/).some((t) => re.test(t));
  }
  if (h === n) return true;
  return h.split(/[^a-z0-9]+/).includes(n) || h.split(/[\s,;]+/).includes(n);
}

function matches(record: CrmRecord, f: Filter): boolean {
  const raw = f.propertyName === 'hs_object_id' ? record.id : record.properties[f.propertyName];
  const has = raw !== undefined && raw !== '';
  switch (f.operator) {
    case 'HAS_PROPERTY':
      return has;
    case 'NOT_HAS_PROPERTY':
      return !has;
    case 'NEQ':
      return !has || compare(raw, f.value as string) !== 0;
    case 'NOT_IN':
      return !has || !(f.values ?? []).some((v) => compare(raw, v) === 0);
    case 'NOT_CONTAINS_TOKEN':
      return !has || !containsToken(raw, f.value as string);
    default:
      break;
  }
  if (!has) return false;
  switch (f.operator) {
    case 'EQ':
      return compare(raw, f.value as string) === 0;
    case 'LT':
      return compare(raw, f.value as string) < 0;
    case 'LTE':
      return compare(raw, f.value as string) <= 0;
    case 'GT':
      return compare(raw, f.value as string) > 0;
    case 'GTE':
      return compare(raw, f.value as string) >= 0;
    case 'BETWEEN':
      return compare(raw, f.value as string) >= 0 && compare(raw, f.highValue as string) <= 0;
    case 'IN':
      return (f.values ?? []).some((v) => compare(raw, v) === 0);
    case 'CONTAINS_TOKEN':
      return containsToken(raw, f.value as string);
    default:
      return false;
  }
}

export function runSearch(
  type: HubspotObjectType,
  records: CrmRecord[],
  req: SearchRequest,
): { total: number; page: CrmRecord[]; nextOffset: number | null } {
  const q = req.query?.toLowerCase() ?? null;
  const found = records.filter((r) => {
    if (req.filterGroups.length > 0 && !req.filterGroups.some((g) => g.every((f) => matches(r, f)))) return false;
    if (q !== null && !SEARCHABLE[type].some((p) => (r.properties[p] ?? '').toLowerCase().includes(q))) return false;
    return true;
  });
  if (req.sorts.length > 0) {
    found.sort((a, b) => {
      for (const s of req.sorts) {
        const x = s.propertyName === 'hs_object_id' ? a.id : a.properties[s.propertyName];
        const y = s.propertyName === 'hs_object_id' ? b.id : b.properties[s.propertyName];
        if (x === y) continue;
        if (x === undefined || x === '') return 1;
        if (y === undefined || y === '') return -1;
        const c = compare(x, y);
        if (c !== 0) return s.descending ? -c : c;
      }
      return a.num - b.num;
    });
  }
  const total = found.length;
  const page = found.slice(req.offset, req.offset + req.limit);
  const next = req.offset + req.limit;
  return { total, page, nextOffset: next < total && next < MAX_SEARCH_RESULTS ? next : null };
}
