/**
 * Query-string conventions of the v3.1 clients (compat-v3.1.md section 3): arrays arrive as one
 * comma-joined value, a null as an empty value, booleans as 'true'/'false', and `limit` is clamped,
 * never rejected (core sends limit=9999). Lists are cursor-paged; our cursor is an opaque offset.
 */
import { CompatError } from './errors.js';

/** `a,b` -> ['a', 'b']; absent or empty -> undefined (a null the client sent as `x=`). */
export function commaList(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** 'true' / 'false'; anything else (including the empty value) is absent. */
export function queryBool(raw: string | undefined): boolean | undefined {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

export function clampLimit(raw: string | number | undefined, fallback: number, max: number): number {
  const n = typeof raw === 'number' ? raw : raw === undefined || raw === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(n)));
}

const CURSOR_PREFIX = 'o:';

export function encodeCursor(offset: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${offset}`, 'utf8').toString('base64url');
}

/** The offset a cursor from a previous page points at; no cursor = 0. */
export function decodeCursor(raw: string | undefined): number {
  if (!raw) return 0;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const offset = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new CompatError(400, 'Invalid cursor: pass next_cursor from the previous page unchanged', {
      slug: 'BAD_REQUEST',
      errors: ['cursor is invalid'],
    });
  }
  return offset;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total_pages: number;
  current_page: number;
  total_items: number;
}

export function page<T>(items: T[], total: number, offset: number, limit: number): Page<T> {
  const next = offset + items.length;
  return {
    items,
    next_cursor: items.length > 0 && next < total ? encodeCursor(next) : null,
    total_pages: Math.ceil(total / limit),
    current_page: Math.floor(offset / limit) + 1,
    total_items: total,
  };
}

/** One page of an in-memory list (catalog lists are small and immutable). */
export function pageOf<T>(all: readonly T[], offset: number, limit: number): Page<T> {
  return page(all.slice(offset, offset + limit), all.length, offset, limit);
}
