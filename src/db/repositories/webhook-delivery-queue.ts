/**
 * The delivery queue's hot path below the ORM: claiming due rows with their events and recording
 * finished attempts, the statements every delivery runs. Through the ORM they cost several times
 * the send itself (a find, then an update per claim; an update per finished attempt, each a
 * statement built, prepared and sent afresh). Here (docs/internals/performance.md#webhook-delivery):
 * - PostgreSQL: a claim with its events is one statement, a group of finished attempts another
 *   (data-modifying CTEs); rows go in and out as JSON, so the text stays the same whatever the
 *   number of rows and the client neither escapes arrays nor parses columns one by one; each
 *   commits without waiting for the disk (Db.unsynced says why that is safe here).
 * - SQLite: prepared statements (webhook-delivery-queue-sqlite.ts) on a thread with its own
 *   connection to the file (webhook-delivery-queue-thread.ts), so their CPU is not taken from the
 *   thread that sends; a group of attempts is one transaction. While the thread works, this
 *   process's pool connection is held, so none of the ORM's transactions is open between its read
 *   and its write then (a commit on another connection in that gap fails it: fork-per-call.ts).
 *
 * Datetimes are bound as each dialect stores them (usage-repository.ts says how): epoch
 * milliseconds on SQLite, `timestamptz` on PostgreSQL.
 */
import type { AbstractSqlConnection, Knex } from '@mikro-orm/postgresql';
import type BetterSqlite from 'better-sqlite3';
import type { Db } from '../fork-per-call.js';
import { threadModule, type SqliteValue } from '../sqlite-thread.js';
import type { IWebhookDelivery } from '../entities/index.js';
import {
  ATTEMPT_COLUMNS,
  EVENT_COLUMNS,
  claimSql,
  rowMappers,
  type Row,
  type AttemptResult,
  type ClaimedDelivery,
  type FinishedAttempt,
  type NewWebhookAttempt,
} from './webhook-delivery-queue-sql.js';
import type { SqliteQueueRequest, SqliteQueueResult } from './webhook-delivery-queue-sqlite.js';

export type { AttemptResult, ClaimedDelivery, FinishedAttempt, NewWebhookAttempt };

/** Text kept of an error or an answer's excerpt (the columns' length). */
const TEXT_LIMIT = 1000;
/**
 * As stored: at most TEXT_LIMIT characters, without NUL characters, which PostgreSQL's text
 * refuses. A receiver answering with one would otherwise fail its whole group's records, over and over.
 */
const clip = (s: string | null | undefined): string | null => (s == null ? null : s.replaceAll('\0', '').slice(0, TEXT_LIMIT));

/** PostgreSQL's type of each attempt column. */
const ATTEMPT_TYPES = ['text', 'text', 'text', 'text', 'int', 'timestamptz', 'int', 'int', 'text', 'text', 'text'];

/** Rows sent as a JSON array of arrays, as a relation of `columns` typed `types`. */
const jsonRows = (columns: readonly string[], types: readonly string[]) =>
  `(select ${columns.map((c, i) => `${jsonValue(i, types[i]!)} as ${c}`).join(', ')} from json_array_elements(?::json) r)`;
/** Element `i` of a JSON row as `type`; datetimes are sent as epoch milliseconds (cheaper to write than ISO text). */
const jsonValue = (i: number, type: string) => (type === 'timestamptz' ? `to_timestamp((r->>${i})::float8 / 1000)` : `(r->>${i})::${type}`);

/**
 * A group of finished attempts: `?`s: updated at, the states (finishAll's rows: delivery id,
 * attempts as claimed, status, next attempt, last status code, last error, delivered at), the
 * attempt records (ATTEMPT_COLUMNS).
 */
const PG_FINISH_SQL = `with changed as (
    update webhook_deliveries as d
       set status = v.status, next_attempt_at = v.next_at, last_status_code = v.code, last_error = v.err,
           delivered_at = v.delivered, lease_expires_at = null, updated_at = ?
      from ${jsonRows(['id', 'attempts', 'status', 'next_at', 'code', 'err', 'delivered'], ['text', 'int', 'text', 'timestamptz', 'int', 'text', 'timestamptz'])} as v
     where d.id = v.id and d.attempts = v.attempts and d.status = 'pending'
     returning d.id),
  recorded as (
    insert into webhook_attempts (${ATTEMPT_COLUMNS.join(', ')})
    select * from ${jsonRows(ATTEMPT_COLUMNS, ATTEMPT_TYPES)} as a)
  select id from changed`;

/** New lease ends for claims still held; `?`s: the lease end, the claims (id, attempts as claimed). */
const PG_RENEW_SQL = `update webhook_deliveries as d set lease_expires_at = ?
    from ${jsonRows(['id', 'attempts'], ['text', 'int'])} as v
   where d.id = v.id and d.attempts = v.attempts and d.status = 'pending' and d.lease_expires_at is not null
   returning d.id`;

const THREAD_URL = threadModule(import.meta.url, 'webhook-delivery-queue-thread');

const byDue = (a: IWebhookDelivery, b: IWebhookDelivery) =>
  a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The delivery's new state after an attempt: status, next attempt, last answer, delivered at. */
function stateAfter(f: FinishedAttempt): [string, Date | null, number | null, string | null, Date | null] {
  const error = clip(f.result.error);
  if (f.outcome === 'succeeded') return ['succeeded', null, f.result.statusCode, null, f.attempt.startedAt];
  if (f.outcome === 'retrying') return ['pending', f.nextAttemptAt ?? new Date(), f.result.statusCode, error, null];
  return ['failed', null, f.result.statusCode, error, null];
}

/** The knex client's pool, which hands out SQLite's one connection. */
interface ConnectionPool {
  acquireConnection(): Promise<BetterSqlite.Database>;
  releaseConnection(connection: BetterSqlite.Database): Promise<void>;
}

export function createWebhookDeliveryQueue(db: Db) {
  const pg = db.isPostgres;
  // As the ORM reads it: PostgreSQL's driver hands timestamps over as text (MikroORM parses them).
  const platform = db.em().getPlatform();
  const { toDelivery, toEvent } = rowMappers((v) => (v == null ? null : v instanceof Date ? v : platform.parseDate(v as string | number)));
  /** A datetime as its column stores it. */
  const at = (d: Date | null): Date | number | null => (d === null ? null : pg ? d : d.getTime());
  const knexOf = (): Knex => (db.em().getConnection() as AbstractSqlConnection).getKnex();

  const thread = pg ? undefined : db.sqliteThread<SqliteQueueRequest, SqliteQueueResult>(THREAD_URL, 'the SQLite webhook queue thread');
  let sqlitePool: ConnectionPool | undefined;
  /** A request to the SQLite statements' thread, with the pool's one connection held meanwhile (see above). */
  async function sqlite(request: SqliteQueueRequest): Promise<SqliteQueueResult> {
    // Looked up once: db.em() forks an entity manager on every call.
    const pool = (sqlitePool ??= (knexOf() as unknown as { client: ConnectionPool }).client);
    // Not while holding the connection: a thread's start takes a while, and every request's
    // database work (readiness too) would wait for it.
    await thread!.ready();
    const connection = await pool.acquireConnection();
    try {
      return await thread!.call(request);
    } finally {
      await pool.releaseConnection(connection);
    }
  }
  const claimTexts = new Map<number, string>();
  /** A claim with its events as one JSON value; `?`s: claimSql's. Built once per number of skipped subscriptions. */
  function pgClaimSql(skip: number): string {
    let sql = claimTexts.get(skip);
    if (!sql)
      claimTexts.set(
        skip,
        (sql = `with claimed as (${claimSql(skip, true)})
                select coalesce(json_agg(c), '[]') as claimed from (
                  select claimed.*, ${EVENT_COLUMNS.map((c) => `e.${c} as e_${c}`).join(', ')}
                    from claimed left join events e on e.id = claimed.event_id) c`),
      );
    return sql;
  }
  /** One statement on connections that commit without waiting for the disk (Db.unsynced says why that is safe here). */
  const pgRows = (sql: string, params: unknown[]) => db.unsynced(sql, params);

  /**
   * Claims up to `limit` due deliveries, oldest due first, with their events: each gets a lease
   * until now + leaseMs and its attempt count goes up by one (the attempt about to be made). On
   * PostgreSQL, rows another instance is claiming are skipped (FOR UPDATE SKIP LOCKED); SQLite
   * has one writer at a time. `skipSubscriptions`: subscriptions the caller has enough of in flight.
   */
  async function claimWithEvents(
    limit: number,
    leaseMs: number,
    now: Date,
    skipSubscriptions: readonly string[] = [],
  ): Promise<ClaimedDelivery[]> {
    const params = [at(new Date(now.getTime() + leaseMs)), at(new Date()), at(now), at(now), ...skipSubscriptions, limit];
    let claimed: ClaimedDelivery[];
    if (pg) {
      // One row holding the claim as JSON: parsed natively, where pg's type parsers would read each
      // column of each row (and each timestamp with a regular expression).
      const [row] = await pgRows(pgClaimSql(skipSubscriptions.length), params);
      claimed = (row!.claimed as Row[]).map((r) => ({ delivery: toDelivery(r), event: r.e_id == null ? undefined : toEvent(r, 'e_') }));
    } else {
      claimed = (await sqlite({ op: 'claim', skip: skipSubscriptions.length, params: params as SqliteValue[] })) as ClaimedDelivery[];
    }
    return claimed.sort((a, b) => byDue(a.delivery, b.delivery));
  }

  return {
    claimWithEvents,

    /**
     * Extends the leases of claims this worker still holds (each named by its delivery id and the
     * attempt count it was claimed with, so a claim another instance has taken over since is left
     * alone) to `leaseUntil`. A row finished or given back meanwhile has no lease and keeps none
     * (a renewal racing a retry's record must not hold the retry back). Returns how many were extended.
     */
    async renew(held: readonly (readonly [id: string, attempts: number])[], leaseUntil: Date): Promise<number> {
      if (held.length === 0) return 0;
      if (!pg) return (await sqlite({ op: 'renew', leaseUntil: leaseUntil.getTime(), held: held.flat() })) as number;
      return (await pgRows(PG_RENEW_SQL, [leaseUntil, JSON.stringify(held)])).length;
    },

    /** `claimWithEvents` without the events. */
    async claimDue(limit: number, leaseMs: number, now: Date, skipSubscriptions: readonly string[] = []): Promise<IWebhookDelivery[]> {
      return (await claimWithEvents(limit, leaseMs, now, skipSubscriptions)).map((c) => c.delivery);
    },

    /**
     * Records several finished attempts at once (the worker's group commit), atomically: each
     * delivery takes its new state only while still pending and still held by the claim that made
     * the attempt (a worker whose lease ran out and whose row was claimed again must not clear the
     * newer claim's lease), and every attempt is recorded. Returns the ids of the deliveries that
     * changed.
     */
    async finishAll(finished: readonly FinishedAttempt[]): Promise<string[]> {
      if (finished.length === 0) return [];
      const updatedAt = at(new Date());
      // Rows of values as SQLite binds them and as PostgreSQL reads its JSON rows: datetimes as epoch milliseconds.
      const ms = (d: Date | null) => (d === null ? null : d.getTime());
      const states = finished.map((f) => {
        const [status, nextAt, code, err, delivered] = stateAfter(f);
        return [f.delivery.id, f.delivery.attempts, status, ms(nextAt), code, err, ms(delivered)] as const;
      });
      const attempts = finished.map((f) => [
        f.attempt.id,
        f.delivery.id,
        f.delivery.subscriptionId,
        f.delivery.eventId,
        f.attempt.attempt,
        f.attempt.startedAt.getTime(),
        f.attempt.durationMs,
        f.attempt.statusCode,
        clip(f.attempt.responseExcerpt),
        clip(f.attempt.error),
        f.outcome,
      ]);
      if (!pg) {
        const request = { op: 'finish', updatedAt: updatedAt as number, states: states.flat(), attempts: attempts.flat() };
        return (await sqlite(request as SqliteQueueRequest)) as string[];
      }
      // The rows as one JSON parameter each (arrays, serialized natively), where pg would quote and
      // escape every element of an array per column.
      const rows = await pgRows(PG_FINISH_SQL, [updatedAt, JSON.stringify(states), JSON.stringify(attempts)]);
      return rows.map((r) => String(r.id));
    },
  };
}
