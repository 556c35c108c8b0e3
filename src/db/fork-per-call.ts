/**
 * Database access that forks per call: one entity-manager fork per repository call (`em()`), or
 * one transaction's fork passed along as `tx`. Every repository method loads, changes and flushes within itself,
 * so nothing needs an identity map that outlives a call. A fork per request (a MikroORM
 * RequestContext opened in an onRequest hook) cost every request, even the many that never reach
 * the database (warm executions are served from src/cache/hot-cache.ts).
 * Repositories reach the database only through here.
 *
 * Reads that decide something pass `fresh` (refresh: true): inside a transaction the fork is
 * shared, another service, instance or transaction may have changed the row since that fork first
 * loaded it, and a decision must never rest on the identity map's older copy.
 *
 * Writes are native statements (`insertNew`, `nativeUpdate`, `nativeDelete`, `bulkInsert`) and
 * transactions are the connection's, never MikroORM's `flush`, `transactional` or `findAndCount`:
 * those run inside an AsyncLocalStorage, and the first one turns Node's promise hooks on for the
 * rest of the process (Node 20), a cost every promise of every request then pays (measured:
 * docs/internals/performance.md#promise-hooks). The lint rules and test/unit/db/no-async-hooks.test.ts
 * hold the line.
 */
import type { EntityManager, EntityName, MikroORM, RequiredEntityData } from '@mikro-orm/core';
import { createBulkInsert, type BulkInsert } from './bulk-insert.js';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { sideClientConfig } from './notify-listener.js';
import { startSqliteThread, type SqliteThread } from './sqlite-thread.js';

/** Connections of the unsynced pool: the delivery worker runs one claim and one group write at a time (a lease renewal, every few seconds, waits its turn). */
const UNSYNCED_POOL_MAX = 2;

export interface Db {
  /** A fresh entity manager for one repository call. */
  em(): EntityManager;
  /** Runs `work` in one transaction on its own fork; repositories take the `tx` it is given. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T>;
  /** Whether rows can be locked across instances (PostgreSQL) or one process serves (SQLite). */
  readonly isPostgres: boolean;
  /** Many new rows of `entity` at once, much cheaper per row than the ORM's insertMany (bulk-insert.ts). */
  bulkInsert<T>(entity: EntityName<T>): BulkInsert<T>;
  /**
   * PostgreSQL only: one statement (`?` placeholders) on a small pool of connections that commit
   * without waiting for the WAL to reach the disk, for work whose loss in a database crash is
   * harmless (the webhook delivery queue: a lost lease or record means a delivery is sent again,
   * which at-least-once allows). Statements are prepared once per connection.
   */
  unsynced(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * SQLite: a thread with a connection of its own to the database file, running the module at
   * `url` (sqlite-thread.ts), closed with this Db; undefined for PostgreSQL.
   * `name` says which thread in its failures.
   */
  sqliteThread<Req, Res>(url: URL, name: string): SqliteThread<Req, Res> | undefined;
  /** Throws when the database does not answer (readiness). */
  ping(): Promise<void>;
  /** Releases what the bulk inserts and threads hold (the SQLite threads, the unsynced pool); the ORM stays open. */
  close(): Promise<void>;
}

export const fresh = { refresh: true } as const;

/**
 * Inserts a new row and returns it as an entity, its `onCreate` values (createdAt…) filled in by
 * `create` (the ORM runs with processOnCreateHooksEarly) and database defaults read back.
 */
export async function insertNew<T extends object>(em: EntityManager, entity: EntityName<T>, data: RequiredEntityData<T>): Promise<T> {
  const created = em.create(entity, data);
  await em.insert(created);
  return created;
}

/**
 * The same access inside one transaction: every `em()` is the transaction's fork, and a
 * nested `transaction` joins it, so repositories built on it (src/tenancy/audited.ts) write a
 * change and its audit entry in one commit. Nothing else may use the database meanwhile on
 * SQLite: its single connection is the transaction's until it ends.
 */
export function boundTo(db: Db, tx: EntityManager): Db {
  return { ...db, em: () => tx, transaction: (work) => work(tx) };
}

/** Callbacks to run once each open transaction (keyed by its driver context) has committed. */
const commitCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `callback` once the transaction `em` belongs to has committed (never after a rollback), or
 * soon when `em` is not in one (its writes are committed already). The event recorder wakes the
 * delivery worker this way: woken before the commit, a worker on another connection would not
 * see the new rows yet.
 */
export function afterCommit(em: EntityManager, callback: () => void): void {
  const trx = em.getTransactionContext<object>();
  const pending = trx ? commitCallbacks.get(trx) : undefined;
  if (pending) pending.push(callback);
  else queueMicrotask(callback);
}

/** What createDb.transaction reads of a knex transaction. */
interface KnexTransaction {
  /** Settles when the transaction ends: rejected with what ended it when that was a failure. */
  executionPromise?: Promise<unknown>;
}

const ENDED_TRANSACTION = /Transaction query already complete/;

/**
 * The error a failed transaction should surface. When BEGIN itself fails (a partitioned database
 * answers nothing until the read timeout), knex marks the transaction ended yet still runs the
 * work, whose first statement then fails with "Transaction query already complete": an error that
 * names no database trouble, so it was answered 500. knex keeps the real cause (the timeout, a
 * 503) in the transaction's executionPromise; it has settled by the time the work's error arrives.
 */
async function causeOfEndedTransaction(err: unknown, trx: KnexTransaction | undefined): Promise<unknown> {
  const ended = err instanceof Error && ENDED_TRANSACTION.test(err.message);
  if (!ended || !trx?.executionPromise) return err;
  const cause = trx.executionPromise.then(
    () => err,
    (reason: unknown) => reason ?? err,
  );
  // A transaction that somehow has not settled keeps the work's own error rather than waiting.
  return Promise.race([cause, new Promise((resolve) => setImmediate(() => resolve(err)))]);
}

/**
 * SQLite: a transaction that read, then wants to write after another connection committed (the
 * execution-record writer thread, the cache-epoch handle) fails at once with SQLITE_BUSY_SNAPSHOT,
 * whatever the busy timeout: its snapshot is stale and cannot be upgraded. It wrote nothing and was
 * rolled back, so it is run again from the start, a few times.
 */
const SNAPSHOT_RETRIES = 4;
const staleSnapshot = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY_SNAPSHOT';

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the statements here hold no `?` of their own). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function createDb(orm: MikroORM, database: DatabaseConfig): Db {
  const em = () => orm.em.fork();
  const isPostgres = database.kind === 'postgresql';
  /** What close() releases: the bulk inserts and the SQLite threads. */
  const held: { close(): Promise<void> }[] = [];
  let unsyncedPool: pg.Pool | undefined;
  const statementNames = new Map<string, { name: string; text: string }>();
  return {
    em,
    // The connection's transaction with a fork bound to it: MikroORM's em.transactional would
    // also flush, inside an AsyncLocalStorage (see above). Work writes natively, so nothing waits
    // for a flush.
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        const committed: (() => void)[] = [];
        let knexTrx: KnexTransaction | undefined;
        let result;
        try {
          result = await orm.em.getConnection().transactional(async (trx) => {
            knexTrx = trx as KnexTransaction;
            commitCallbacks.set(trx, committed);
            const tx = orm.em.fork();
            tx.setTransactionContext(trx);
            return work(tx);
          });
        } catch (err) {
          // Rolled back, nothing written: run it again on a fresh snapshot (see staleSnapshot).
          if (!isPostgres && attempt < SNAPSHOT_RETRIES && staleSnapshot(err)) continue;
          throw await causeOfEndedTransaction(err, knexTrx);
        }
        for (const callback of committed) callback();
        return result;
      }
    },
    isPostgres,
    bulkInsert: (entity) => {
      const inserter = createBulkInsert(orm, database, entity);
      held.push(inserter);
      return inserter.insert;
    },
    async unsynced(sql, params) {
      if (!isPostgres) throw new Error('unsynced statements need PostgreSQL');
      if (!unsyncedPool) {
        unsyncedPool = new pg.Pool({
          ...sideClientConfig(database, 'broker-unsynced'),
          options: '-c synchronous_commit=off',
          max: UNSYNCED_POOL_MAX,
        });
        // An idle connection's error (a restart) must not end the process; the next query reconnects.
        unsyncedPool.on('error', () => undefined);
      }
      let named = statementNames.get(sql);
      if (!named) statementNames.set(sql, (named = { name: `unsynced_${statementNames.size + 1}`, text: numbered(sql) }));
      const result = await unsyncedPool.query({ ...named, values: [...params] });
      return result.rows as Record<string, unknown>[];
    },
    sqliteThread<Req, Res>(url: URL, name: string) {
      if (isPostgres) return undefined;
      const thread = startSqliteThread<Req, Res>(url, { file: database.url, busyTimeoutMs: database.statementTimeoutMs }, name);
      held.push(thread);
      return thread;
    },
    async ping() {
      await orm.em.fork().getConnection().execute('select 1');
    },
    async close() {
      await Promise.all([...held.map((h) => h.close()), unsyncedPool?.end()]);
    },
  };
}
