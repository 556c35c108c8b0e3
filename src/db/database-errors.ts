/**
 * Recognises a database that cannot answer right now (cut, partitioned, restarting, overloaded,
 * locked) among the errors MikroORM, knex, pg and better-sqlite3 throw, so src/error-classifier.ts
 * answers 503 ("retry later") instead of 500 ("we have a bug"), and bin/server.ts keeps running
 * when one surfaces outside a request.
 */
import { ConnectionException, LockWaitTimeoutException } from '@mikro-orm/core';

/** Socket-level failures (pg reports them with Node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs meaning "not now": 57014 statement timeout (query_canceled), 57P01-57P03
 * shutdown / cannot connect now, 53300 too many connections, 55P03 lock timeout; class 08 is
 * every connection exception.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300', '55P03']);

/** Messages of knex, pg and SQLite for the same conditions (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /Timeout acquiring a connection/i, // knex pool (acquireTimeoutMillis)
  /Connection terminated/i, // pg: socket closed, or connectionTimeoutMillis
  /Query read timeout/i, // pg query_timeout
  /timeout exceeded when trying to connect/i, // pg.Pool connectionTimeoutMillis
  /not queryable/i, // pg client after a connection error
  /Connection ended unexpectedly/i, // knex's mark on a dead pg client
  /database is locked/i, // SQLite busy timeout
];

function unavailableByShape(e: { name?: unknown; code?: unknown; message?: unknown }): boolean {
  if (e.name === 'KnexTimeoutError') return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `error` (or an error it wraps) says the database could not answer in time. Raw network
 * codes count only on errors from the database stack: callers classify provider errors first.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    if (current instanceof ConnectionException || current instanceof LockWaitTimeoutException) return true;
    if (unavailableByShape(current as { name?: unknown; code?: unknown; message?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
