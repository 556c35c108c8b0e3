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

/** Time limit of opening one PostgreSQL connection (TCP, TLS and authentication). */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

interface SqliteConnection {
  pragma(statement: string): unknown;
}

export function ormOptions(db: DatabaseConfig): Options {
  const common: Options = {
    entities,
    extensions: [Migrator],
    preferTs: true,
    allowGlobalContext: false,
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
        // WAL lets the CLI and a running server share the file; the timeout rides out short locks.
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
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
    pool: { min: 0, max: 10 },
    // An unreachable or silent server fails a connection in seconds (start-up names DATABASE_URL),
    // not after the operating system's TCP timeout of minutes.
    driverOptions: { connection: { connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS } },
  } as Options;
}

export async function openOrm(db: DatabaseConfig): Promise<MikroORM> {
  if (db.kind === 'sqlite' && db.url !== ':memory:') mkdirSync(dirname(db.url), { recursive: true });
  return MikroORM.init(ormOptions(db));
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
  const orm = await openOrm(db);
  try {
    return await withMigrationLock(orm, () => migrate(orm));
  } finally {
    await orm.close(true);
  }
}
