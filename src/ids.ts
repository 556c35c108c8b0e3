import { randomFillSync } from 'node:crypto';

/** Random bytes per id: 120 bits. */
const ID_BYTES = 15;
/**
 * Ids are made on the hot path (one per execution record): one CSPRNG call fills bytes for 256
 * ids, as node does for randomUUID, instead of a synchronous call per id. Each byte is used once.
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/**
 * Opaque, path-safe, prefixed ids (`prj_…`, `ca_…`). The prefix tells a reader (and a support
 * engineer) what an id points at; 120 random bits make them unguessable.
 */
export function newId(prefix: string): string {
  if (offset + ID_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return `${prefix}_${id}`;
}
