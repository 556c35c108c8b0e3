/**
 * The delivery queue's hot path below the ORM: claiming due rows with their events and recording
 * finished attempts, the statements every delivery runs. Through the ORM they cost several times
 * the send itself (a find, then an update per claim; an update per finished attempt, each a
 * statement built, prepared and sent afresh). Here (docs/internals/performance.md#webhook-delivery):
 * - PostgreSQL: a claim with its events is one statement, a group of finished attempts another
 *   (data-modifying CTEs), with array parameters so the text stays the same whatever the number
 *   of rows; each commits without waiting for the disk (Db.unsynced says why that is safe here).
 * - SQLite: the pool's one connection, taken for a synchronous moment, runs statements prepared
 *   once per connection and text; a group of attempts is one transaction.
 *
 * Datetimes are bound as each dialect stores them (usage-repository.ts says how): epoch
 * milliseconds on SQLite, `timestamptz` on PostgreSQL.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection, Knex } from '@mikro-orm/postgresql';
import type BetterSqlite from 'better-sqlite3';
import type { IEvent, IWebhookAttempt, IWebhookDelivery } from '../entities/index.js';
import type { Db } from '../fork-per-call.js';

type Row = Record<string, unknown>;

/** What a finished attempt reports about the receiver's answer. */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
}

export type NewWebhookAttempt = Omit<IWebhookAttempt, 'deliveryId' | 'subscriptionId' | 'eventId' | 'outcome'>;

/** One finished attempt, for `finishAll`: its outcome decides the delivery's new state. */
export interface FinishedAttempt {
  /** As claimed: `attempts` is the number of the attempt that finished. */
  delivery: Pick<IWebhookDelivery, 'id' | 'subscriptionId' | 'eventId' | 'attempts'>;
  outcome: IWebhookAttempt['outcome'];
  result: AttemptResult;
  attempt: NewWebhookAttempt;
  /** When `outcome` is `retrying`. */
  nextAttemptAt?: Date;
}

/** A claimed delivery and its event (undefined when retention removed it meanwhile). */
export interface ClaimedDelivery {
  delivery: IWebhookDelivery;
  event: IEvent | undefined;
}

/** Text kept of an error or an answer's excerpt (the columns' length). */
const TEXT_LIMIT = 1000;
const clip = (s: string | null | undefined): string | null => (s == null ? null : s.slice(0, TEXT_LIMIT));

const DELIVERY_COLUMNS = [
  'id',
  'project_id',
  'subscription_id',
  'event_id',
  'status',
  'attempts',
  'next_attempt_at',
  'lease_expires_at',
  'last_status_code',
  'last_error',
  'created_at',
  'updated_at',
  'delivered_at',
];
const EVENT_COLUMNS = ['id', 'project_id', 'type', 'subject_id', 'data', 'created_at'];
const ATTEMPT_COLUMNS = [
  'id',
  'delivery_id',
  'subscription_id',
  'event_id',
  'attempt',
  'started_at',
  'duration_ms',
  'status_code',
  'response_excerpt',
  'error',
  'outcome',
];
/** PostgreSQL's type of each attempt column, for its unnest array. */
const ATTEMPT_TYPES = ['text', 'text', 'text', 'text', 'int', 'timestamptz', 'int', 'int', 'text', 'text', 'text'];

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const byDue = (a: IWebhookDelivery, b: IWebhookDelivery) =>
  a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The delivery's new state after an attempt: status, next attempt, last answer, delivered at. */
function stateAfter(f: FinishedAttempt): [string, Date | null, number | null, string | null, Date | null] {
  const error = clip(f.result.error);
  if (f.outcome === 'succeeded') return ['succeeded', null, f.result.statusCode, null, f.attempt.startedAt];
  if (f.outcome === 'retrying') return ['pending', f.nextAttemptAt ?? new Date(), f.result.statusCode, error, null];
  return ['failed', null, f.result.statusCode, error, null];
}

/**
 * The due rows to claim (innermost select of a claim); `?`s: now, now, skipped subscriptions…,
 * limit. Ordered as the (status, next_attempt_at) index is, so a long queue is not sorted for
 * each claim (delivery order is not promised).
 */
function dueSelect(skip: number, lock: boolean): string {
  return `select id from webhook_deliveries
           where status = 'pending' and next_attempt_at <= ? and (lease_expires_at is null or lease_expires_at <= ?)
           ${skip > 0 ? `and subscription_id not in (${list(skip)})` : ''}
           order by next_attempt_at limit ?${lock ? ' for update skip locked' : ''}`;
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
  const date = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : platform.parseDate(v as string | number));
  /** A datetime as its column stores it. */
  const at = (d: Date | null): Date | number | null => (d === null ? null : pg ? d : d.getTime());
  const knexOf = (em: EntityManager = db.em()): Knex => (em.getConnection() as AbstractSqlConnection).getKnex();

  function toDelivery(r: Row): IWebhookDelivery {
    return {
      id: String(r.id),
      projectId: String(r.project_id),
      subscriptionId: String(r.subscription_id),
      eventId: String(r.event_id),
      status: r.status as IWebhookDelivery['status'],
      attempts: Number(r.attempts),
      nextAttemptAt: date(r.next_attempt_at),
      leaseExpiresAt: date(r.lease_expires_at),
      lastStatusCode: r.last_status_code == null ? null : Number(r.last_status_code),
      lastError: r.last_error == null ? null : String(r.last_error),
      createdAt: date(r.created_at)!,
      updatedAt: date(r.updated_at)!,
      deliveredAt: date(r.delivered_at),
    };
  }

  /** An event row, under `prefix` (the claim's join names the event's columns `e_…`). */
  function toEvent(r: Row, prefix = ''): IEvent {
    const data = r[`${prefix}data`];
    return {
      id: String(r[`${prefix}id`]),
      projectId: String(r[`${prefix}project_id`]),
      type: String(r[`${prefix}type`]),
      subjectId: r[`${prefix}subject_id`] == null ? null : String(r[`${prefix}subject_id`]),
      // jsonb arrives parsed; SQLite keeps JSON as text.
      data: (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>,
      createdAt: date(r[`${prefix}created_at`])!,
    };
  }

  // SQLite: statements prepared once per connection and text (a claim's text varies only with the
  // number of skipped subscriptions, a group's with its size).
  const prepared = new WeakMap<BetterSqlite.Database, Map<string, BetterSqlite.Statement>>();
  function statement(connection: BetterSqlite.Database, sql: string): BetterSqlite.Statement {
    let cache = prepared.get(connection);
    if (!cache) prepared.set(connection, (cache = new Map()));
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = connection.prepare(sql)));
    return stmt;
  }
  let sqlitePool: ConnectionPool | undefined;
  async function withSqlite<T>(work: (connection: BetterSqlite.Database) => T): Promise<T> {
    // Looked up once: db.em() forks an entity manager on every call.
    const pool = (sqlitePool ??= (knexOf() as unknown as { client: ConnectionPool }).client);
    const connection = await pool.acquireConnection();
    try {
      return work(connection);
    } finally {
      await pool.releaseConnection(connection);
    }
  }
  /** One statement on connections that commit without waiting for the disk (Db.unsynced says why that is safe here). */
  const pgRows = (sql: string, params: unknown[]) => db.unsynced(sql, params);

  function claimParams(limit: number, leaseMs: number, now: Date, skip: readonly string[]): unknown[] {
    return [at(new Date(now.getTime() + leaseMs)), at(new Date()), at(now), at(now), ...skip, limit];
  }
  const claimSql = (skip: number, lock: boolean) =>
    `update webhook_deliveries set lease_expires_at = ?, attempts = attempts + 1, updated_at = ?
      where id in (${dueSelect(skip, lock)})
      returning ${DELIVERY_COLUMNS.join(', ')}`;

  /**
   * Claims up to `limit` due deliveries, oldest due first, with their events: each gets a lease
   * until now + leaseMs and its attempt count goes up by one (the attempt about to be made). On
   * PostgreSQL, rows another instance is claiming are skipped (FOR UPDATE SKIP LOCKED); SQLite
   * has one writer. `skipSubscriptions`: subscriptions the caller has enough of in flight.
   */
  async function claimWithEvents(
    limit: number,
    leaseMs: number,
    now: Date,
    skipSubscriptions: readonly string[] = [],
  ): Promise<ClaimedDelivery[]> {
    const params = claimParams(limit, leaseMs, now, skipSubscriptions);
    let claimed: ClaimedDelivery[];
    if (pg) {
      const rows = await pgRows(
        `with claimed as (${claimSql(skipSubscriptions.length, true)})
         select claimed.*, ${EVENT_COLUMNS.map((c) => `e.${c} as e_${c}`).join(', ')}
           from claimed left join events e on e.id = claimed.event_id`,
        params,
      );
      claimed = rows.map((r) => ({ delivery: toDelivery(r), event: r.e_id == null ? undefined : toEvent(r, 'e_') }));
    } else {
      claimed = await withSqlite((connection) => {
        const deliveries = (statement(connection, claimSql(skipSubscriptions.length, false)).all(...params) as Row[]).map(toDelivery);
        const eventIds = [...new Set(deliveries.map((d) => d.eventId))];
        const events = new Map<string, IEvent>();
        if (eventIds.length > 0) {
          const sql = `select ${EVENT_COLUMNS.join(', ')} from events where id in (${list(eventIds.length)})`;
          for (const r of statement(connection, sql).all(...eventIds) as Row[]) events.set(String(r.id), toEvent(r));
        }
        return deliveries.map((delivery) => ({ delivery, event: events.get(delivery.eventId) }));
      });
    }
    return claimed.sort((a, b) => byDue(a.delivery, b.delivery));
  }

  return {
    claimWithEvents,

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
      const states = finished.map((f) => [f.delivery.id, f.delivery.attempts, ...stateAfter(f)] as const);
      const attempts = finished.map((f) => [
        f.attempt.id,
        f.delivery.id,
        f.delivery.subscriptionId,
        f.delivery.eventId,
        f.attempt.attempt,
        at(f.attempt.startedAt),
        f.attempt.durationMs,
        f.attempt.statusCode,
        clip(f.attempt.responseExcerpt),
        clip(f.attempt.error),
        f.outcome,
      ]);
      if (pg) {
        const column = <R extends readonly unknown[]>(rows: readonly R[], i: number) => rows.map((r) => r[i] ?? null);
        const rows = await pgRows(
          `with changed as (
             update webhook_deliveries as d
                set status = v.status, next_attempt_at = v.next_at, last_status_code = v.code, last_error = v.err,
                    delivered_at = v.delivered, lease_expires_at = null, updated_at = ?
               from unnest(?::text[], ?::int[], ?::text[], ?::timestamptz[], ?::int[], ?::text[], ?::timestamptz[])
                    as v(id, attempts, status, next_at, code, err, delivered)
              where d.id = v.id and d.attempts = v.attempts and d.status = 'pending'
              returning d.id),
           recorded as (
             insert into webhook_attempts (${ATTEMPT_COLUMNS.join(', ')})
             select * from unnest(${ATTEMPT_TYPES.map((t) => `?::${t}[]`).join(', ')}))
           select id from changed`,
          [updatedAt, ...states[0]!.map((_, i) => column(states, i)), ...ATTEMPT_COLUMNS.map((_, i) => column(attempts, i))],
        );
        return rows.map((r) => String(r.id));
      }
      return withSqlite((connection) =>
        connection.transaction(() => {
          // The rows as a VALUES list (SQLite names its columns column1, column2, …).
          const changed = statement(
            connection,
            `update webhook_deliveries as d
                set status = v.column3, next_attempt_at = v.column4, last_status_code = v.column5, last_error = v.column6,
                    delivered_at = v.column7, lease_expires_at = null, updated_at = ?
               from (values ${states.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}) as v
              where d.id = v.column1 and d.attempts = v.column2 and d.status = 'pending'
              returning id`,
          ).all(
            updatedAt,
            ...states.flatMap(([id, n, status, nextAt, code, err, delivered]) => [id, n, status, at(nextAt), code, err, at(delivered)]),
          ) as Row[];
          statement(
            connection,
            `insert into webhook_attempts (${ATTEMPT_COLUMNS.join(', ')}) values ${attempts.map(() => `(${list(ATTEMPT_COLUMNS.length)})`).join(', ')}`,
          ).run(...attempts.flat());
          return changed.map((r) => String(r.id));
        })(),
      );
    },
  };
}
