/**
 * Opaque cursors of the console's newest-first lists (audit log, executions): the (createdAt, id)
 * of the last item of a page, base64url-encoded. A client passes `nextCursor` back as `cursor`;
 * the next page starts strictly after that item, so rows added meanwhile never shift a page.
 */
import { badRequest } from '../errors.js';

export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export const encodeKeysetCursor = (item: KeysetPosition): string =>
  Buffer.from(`${item.createdAt.toISOString()}|${item.id}`).toString('base64url');

/** The position a cursor names; 400 when it is not one this API returned. */
export function decodeKeysetCursor(cursor: string): KeysetPosition {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || extra !== undefined || Number.isNaN(createdAt.getTime()))
    throw badRequest('cursor is not a cursor this list returned', { errors: [{ field: 'cursor', message: 'unknown cursor' }] });
  return { createdAt, id };
}

/** One page from `limit + 1` rows read: the extra row only says another page exists. */
export function keysetPage<T extends KeysetPosition>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeKeysetCursor(items[items.length - 1]!) : null };
}
