import { randomFillSync } from 'node:crypto';

/** Random bytes per id: 120 bits. */
const ID_BYTES = 15;
/**
 * Ids are made on the hot path (one per execution record): one CSPRNG call fills bytes for 256
 * ids, as node does for randomUUID, instead of a synchronous call per id. Each byte is used once.
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/** 120 random bits from the pool, base64url (20 characters). */
function randomPart(): string {
  if (offset + ID_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const part = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return part;
}

/**
 * Opaque, path-safe, prefixed ids (`prj_…`, `ca_…`). The prefix tells a reader (and a support
 * engineer) what an id points at; 120 random bits make them unguessable.
 */
export function newId(prefix: string): string {
  return `${prefix}_${randomPart()}`;
}

let lastMs = -1;
let sequence = 0;

/**
 * A prefixed id that sorts (as text) in the order this process made them: the time in
 * milliseconds (12 hex digits) and a sequence within that millisecond (4 hex digits), then the
 * same 120 random bits as `newId`. For records listed newest first by (createdAt, id), such as
 * the audit log, where several entries written in one millisecond must keep the order they
 * happened in. 40 characters with a three-letter prefix.
 */
export function newOrderedId(prefix: string, ms: number): string {
  sequence = ms === lastMs ? (sequence + 1) & 0xffff : 0;
  lastMs = ms;
  return `${prefix}_${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}${sequence.toString(16).padStart(4, '0')}${randomPart()}`;
}
