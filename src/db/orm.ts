/**
 * Builds the MikroORM instance for either database. The same entities serve both; migrations are
 * generated per dialect from those entities (`npm run db:migration`) because DDL differs.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MikroORM, type Options } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { DatabaseConfig } from '../config.js';
import { entities } from './entities/index.js';
import { withMigrationLock } from './migration-lock.js';

export function migrationsDir(kind: DatabaseConfig['kind']): string {
  return fileURLToPath(new URL(`./migrations/${kind}`, import.meta.url));
}

/**
 * Extra time the client gives a statement beyond the server's statement_timeout: the server
 * cancels a slow statement first (the connection stays usable); the client-side timeout only
 * fires when nothing comes back at all (a partition).
 */
const CLIENT_TIMEOUT_MARGIN_MS = 500;

/**
 * Bounds of one pg client. `request` bounds every wait (a cut or partitioned database fails a
 * request within acquire + statement time); `maintenance` (migrations, which may take long and
 * wait on the cross-instance lock) bounds only the connect.
 */
function postgresClientLimits(db: DatabaseConfig, use: OrmUse = 'request'): Record<string, number | boolean> {
  const connect = { connectionTimeoutMillis: db.acquireTimeoutMs, keepAlive: true };
  if (use === 'maintenance') return connect;
  return { ...connect, statement_timeout: db.statementTimeoutMs, query_timeout: db.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS };
}

/** What an ORM instance serves: requests (every wait bounded) or maintenance (migrations). */
type OrmUse = 'request' | 'maintenance';

interface SqliteConnection {
  pragma(statement: string): unknown;
}

/** The parts of a pg client (as knex pools it) that retireOnReadTimeout touches. */
interface PgConnection {
  query(...args: unknown[]): unknown;
  /** knex's mark of a client not to hand out again: its pool's validate destroys it on the next acquire. */
  __knex__disposed?: unknown;
  connection?: { stream?: { destroy(): void } };
}

/**
 * pg's client-side read timeout (query_timeout) fails the caller but leaves the statement active on
 * the connection, and knex returns that connection to the pool: every later query on it would queue
 * behind the unanswered one and wait a whole statement timeout of its own (a partition made requests
 * wait acquire + statement time, one after another, instead of failing at once). So a connection whose
 * statement timed out on the client side is marked for knex to discard and its socket is closed.
 */
function retireOnReadTimeout(conn: PgConnection, done: (err: Error | null, conn: unknown) => void): void {
  const query = conn.query.bind(conn);
  conn.query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: unknown, result: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') {
          conn.__knex__disposed ??= err.message;
          conn.connection?.stream?.destroy();
        }
        (callback as (err: unknown, result: unknown) => void)(err, result);
      };
    }
    return query(...args);
  };
  done(null, conn);
}

export function ormOptions(db: DatabaseConfig, use: OrmUse = 'request'): Options {
  const common: Options = {
    entities,
    extensions: [Migrator],
    preferTs: true,
    allowGlobalContext: false,
    // createdAt and the like are set by `em.create`: rows are written by native inserts, never by a
    // flush (src/db/fork-per-call.ts insertNew).
    processOnCreateHooksEarly: true,
    // Never an implicit flush before a query (MikroORM's default): nothing is written that way here.
    flushMode: 'commit',
    forceUtcTimezone: true,
    debug: false,
    migrations: {
      path: migrationsDir(db.kind),
      pathTs: migrationsDir(db.kind),
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
  };
  if (db.kind === 'sqlite') {
    return {
      ...common,
      driver: BetterSqliteDriver,
      dbName: db.url,
      pool: {
        // WAL lets the CLI and a running server share the file; the busy timeout rides out short
        // locks and bounds the wait on a long one (then "database is locked": 503).
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
          conn.pragma('journal_mode = WAL');
          conn.pragma(`busy_timeout = ${use === 'maintenance' ? Math.max(db.statementTimeoutMs, 30_000) : db.statementTimeoutMs}`);
          conn.pragma('foreign_keys = ON');
          done(null, conn);
        },
      },
    } as Options;
  }
  return {
    ...common,
    driver: PostgreSqlDriver,
    clientUrl: db.url,
    // Only a migration creates a missing database, and only where that is allowed (config.ts
    // createIfMissing); otherwise the connect fails with 3D000, named by src/startup-errors.ts.
    ensureDatabase: use === 'maintenance' && db.createIfMissing === true,
    // Every wait is bounded: for a pooled connection (acquire), to open one (create, connect), and
    // for a statement (server and client side). A cut or partitioned database fails requests fast
    // (503) instead of holding them, and start-up names DATABASE_URL within seconds.
    pool: {
      min: 0,
      max: db.poolMax,
      acquireTimeoutMillis: db.acquireTimeoutMs,
      createTimeoutMillis: db.acquireTimeoutMs,
      createRetryIntervalMillis: 100,
      ...(use === 'request' ? { afterCreate: retireOnReadTimeout } : {}),
    },
    driverOptions: { connection: postgresClientLimits(db, use) },
  } as Options;
}

export async function openOrm(db: DatabaseConfig, use: OrmUse = 'request'): Promise<MikroORM> {
  if (db.kind === 'sqlite' && db.url !== ':memory:') mkdirSync(dirname(db.url), { recursive: true });
  return MikroORM.init(ormOptions(db, use));
}

/** Applies pending migrations; returns the names applied. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

/** Migrations not yet applied (an app refuses to serve a schema older than its code). */
export async function pendingMigrations(orm: MikroORM): Promise<string[]> {
  return (await orm.getMigrator().getPendingMigrations()).map((m) => m.name);
}

/**
 * `broker migrate` and `npm start`: applies pending migrations under the cross-instance lock
 * (instances starting together migrate one after the other). Building an app never migrates.
 */
export async function migrateDatabase(db: DatabaseConfig): Promise<string[]> {
  const orm = await openOrm(db, 'maintenance');
  try {
    return await withMigrationLock(orm, () => migrate(orm));
  } finally {
    await orm.close(true);
  }
}
