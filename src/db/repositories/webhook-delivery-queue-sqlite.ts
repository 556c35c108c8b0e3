/**
 * The delivery queue's SQLite statements (webhook-delivery-queue.ts says what they do), on a
 * better-sqlite3 connection: prepared once per connection and text (a claim's text varies only
 * with the number of skipped subscriptions, a group's with its size). They run on a thread with a
 * connection of their own (webhook-delivery-queue-thread.ts), or on the pool's connection when the
 * database is in memory. Datetimes are epoch milliseconds, as the ORM stores them in SQLite.
 */
import type BetterSqlite from 'better-sqlite3';
import type { SqliteValue } from '../sqlite-thread.js';
import type { IEvent } from '../entities/index.js';
import {
  ATTEMPT_COLUMNS,
  EVENT_COLUMNS,
  claimSql,
  list,
  rowMappers,
  type ClaimedDelivery,
  type Row,
} from './webhook-delivery-queue-sql.js';

export type SqliteQueueRequest =
  /** `params`: claimSql's, `skip` of them the skipped subscriptions. */
  | { op: 'claim'; skip: number; params: SqliteValue[] }
  /**
   * A group of finished attempts in one transaction: `states` holds 7 values per delivery (id,
   * attempts as claimed, status, next attempt, last status code, last error, delivered at),
   * `attempts` the attempt records' columns (ATTEMPT_COLUMNS) one row after another.
   */
  | { op: 'finish'; updatedAt: number; states: SqliteValue[]; attempts: SqliteValue[] }
  /** New lease ends for claims still held: `held` is id and attempts as claimed, one pair after another. */
  | { op: 'renew'; leaseUntil: number; held: SqliteValue[] };

/** A claim's deliveries with their events, the ids of the deliveries a group changed, or how many leases were renewed. */
export type SqliteQueueResult = ClaimedDelivery[] | string[] | number;

const STATE_WIDTH = 7;
const { toDelivery, toEvent } = rowMappers((v) => (v == null ? null : new Date(v as number)));

/** The queue's statements on `connection`: one request in, its result out. */
export function sqliteQueueStatements(connection: BetterSqlite.Database): (request: SqliteQueueRequest) => SqliteQueueResult {
  const cache = new Map<string, BetterSqlite.Statement>();
  function statement(sql: string): BetterSqlite.Statement {
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = connection.prepare(sql)));
    return stmt;
  }

  function claim(skip: number, params: SqliteValue[]): ClaimedDelivery[] {
    const deliveries = (statement(claimSql(skip, false)).all(...params) as Row[]).map(toDelivery);
    const eventIds = [...new Set(deliveries.map((d) => d.eventId))];
    const events = new Map<string, IEvent>();
    if (eventIds.length > 0) {
      const sql = `select ${EVENT_COLUMNS.join(', ')} from events where id in (${list(eventIds.length)})`;
      for (const r of statement(sql).all(...eventIds) as Row[]) events.set(String(r.id), toEvent(r));
    }
    return deliveries.map((delivery) => ({ delivery, event: events.get(delivery.eventId) }));
  }

  // Immediate: the group takes the write lock before it reads, so another connection's commit
  // cannot leave it on a stale snapshot; it waits for that connection's write within the busy timeout.
  const group = connection.transaction((updatedAt: number, states: SqliteValue[], attempts: SqliteValue[]): string[] => {
    const rows = states.length / STATE_WIDTH;
    // The rows as a VALUES list (SQLite names its columns column1, column2, …).
    const changed = statement(
      `update webhook_deliveries as d
            set status = v.column3, next_attempt_at = v.column4, last_status_code = v.column5, last_error = v.column6,
                delivered_at = v.column7, lease_expires_at = null, updated_at = ?
           from (values ${Array.from({ length: rows }, () => `(${list(STATE_WIDTH)})`).join(', ')}) as v
          where d.id = v.column1 and d.attempts = v.column2 and d.status = 'pending'
          returning id`,
    ).all(updatedAt, ...states) as Row[];
    statement(
      `insert into webhook_attempts (${ATTEMPT_COLUMNS.join(', ')}) values ${Array.from({ length: rows }, () => `(${list(ATTEMPT_COLUMNS.length)})`).join(', ')}`,
    ).run(...attempts);
    return changed.map((r) => String(r.id));
  });

  function renew(leaseUntil: number, held: SqliteValue[]): number {
    const rows = held.length / 2;
    return statement(
      `update webhook_deliveries as d set lease_expires_at = ?
         from (values ${Array.from({ length: rows }, () => '(?, ?)').join(', ')}) as v
        where d.id = v.column1 and d.attempts = v.column2 and d.status = 'pending' and d.lease_expires_at is not null`,
    ).run(leaseUntil, ...held).changes;
  }

  return (request) => {
    if (request.op === 'claim') return claim(request.skip, request.params);
    if (request.op === 'renew') return renew(request.leaseUntil, request.held);
    return group.immediate(request.updatedAt, request.states, request.attempts);
  };
}
