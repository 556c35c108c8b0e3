/**
 * Builds a real broker for a test, exactly as the server does (buildApp), on a fresh database:
 * a temp SQLite file, or a scratch PostgreSQL database when TEST_DATABASE_URL is set. Closed
 * and dropped on teardown. A fresh database is a copy of the run's migrated template when
 * scripts/test.mjs made one (sandbox/support/database-template.ts), else migrated here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { buildApp } from '../../plugins/app.js';
import { migrateDatabase } from '../../src/db/orm.js';
import { createDb, type Db } from '../../src/db/fork-per-call.js';
import type { Clock } from '../../src/clock.js';
import { createScratchDatabase } from '../../sandbox/support/scratch-postgres.js';
import { OPERATOR } from '../../src/tenancy/actor.js';
import { copyOfTemplate } from '../../sandbox/support/database-template.js';
import { dropDatabase } from './database-drops.js';
import { testLogSink } from '../../sandbox/support/log-secret-scan.js';

/** A fixed development key ring for tests (never used outside them). */
export const TEST_VAULT_KEYS = `t1:${Buffer.alloc(32, 7).toString('base64')}`;

export interface TestContext {
  teardown(fn: () => unknown): void;
}

export interface TestDatabase {
  databaseUrl: string;
  dataDir: string;
  cleanup: () => Promise<void>;
  /** Runs before the database is dropped (apps on it close first, so no pooled connection is cut). */
  beforeDrop: (fn: () => Promise<unknown>) => void;
  /** Whether the schema is in place (false only for a database asked for `empty`). */
  migrated: boolean;
}

/** What kind of test database: `empty` has no tables (the tests of migrating itself); `sqlite` is embedded whatever TEST_DATABASE_URL says. */
export interface TestDatabaseOptions {
  empty?: boolean;
  sqlite?: boolean;
}

/** A fresh migrated database (and data dir) for one test; several apps may share it. */
export async function createTestDatabase(t: TestContext, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broker-test-'));
  const sqliteFile = join(dataDir, 'broker.sqlite');
  const postgresBaseUrl = options.sqlite ? undefined : process.env.TEST_DATABASE_URL;
  const copy = options.empty ? undefined : await copyOfTemplate(postgresBaseUrl ? { postgresBaseUrl } : { sqliteFile });
  let drop = copy?.drop;
  let databaseUrl = copy?.url ?? `sqlite:${sqliteFile}`;
  if (postgresBaseUrl && !copy) {
    const scratch = await createScratchDatabase(postgresBaseUrl);
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const closers: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const close of closers.splice(0)) await close();
    if (drop) await dropDatabase(drop);
    rmSync(dataDir, { recursive: true, force: true });
  };
  t.teardown(cleanup);
  const db: TestDatabase = { databaseUrl, dataDir, cleanup, beforeDrop: (fn) => void closers.push(fn), migrated: !!copy };
  if (!copy && !options.empty) {
    // As `npm start` does before it builds the app (buildApp itself never migrates).
    await migrateDatabase(testConfig(db).database);
    db.migrated = true;
  }
  return db;
}

export function testConfig(db: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    VAULT_KEYS: TEST_VAULT_KEYS,
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
    // Cheap console password hashes (allowed under NODE_ENV=test only, so not for a test that sets
    // another); test/unit/console/password-hasher.test.ts and the console sessions test keep the
    // production cost.
    ...(env.NODE_ENV && env.NODE_ENV !== 'test' ? {} : { PASSWORD_HASH_COST: '4' }),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  /** Every log line the app wrote (JSON), for secret scans. */
  logs: () => string;
}

export async function buildTestApp(
  t: TestContext,
  options: { env?: Record<string, string>; db?: TestDatabase; database?: TestDatabaseOptions; logLevel?: string; clock?: Clock } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase(t, options.database));
  const config = testConfig(db, { LOG_LEVEL: options.logLevel ?? 'info', ...options.env });
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  // Also to the suite's log files when npm test collects them for its secret scan.
  const sink = testLogSink(`buildTestApp: ${(t as { fullname?: string }).fullname ?? ''}`);
  stream.on('data', (c: Buffer) => {
    chunks.push(c);
    sink?.(c);
  });
  if (!db.migrated) {
    await migrateDatabase(config.database);
    db.migrated = true;
  }
  const app = await buildApp(config, { logStream: stream, clock: options.clock });
  await app.ready();
  let closing: Promise<unknown> | undefined;
  const close = () => (closing ??= app.close());
  t.teardown(close);
  db.beforeDrop(close);
  return { app, config, db, logs: () => Buffer.concat(chunks).toString('utf8') };
}

/** The app's database as the repositories reach it (tests that drive a repository directly). */
export function appDb({ app, config }: Pick<TestApp, 'app' | 'config'>): Db {
  return createDb(app.orm, config.database);
}

/** A new organization + project + API key in the app's database. */
export async function createProjectWithKey(app: FastifyInstance, name = 'test') {
  const org = await app.services.tenancy.organizations.create(OPERATOR, `${name} org`);
  const project = await app.services.tenancy.projects.create(OPERATOR, org.id, `${name} project`);
  const { key, apiKey } = await app.services.tenancy.apiKeys.create(OPERATOR, project.id, name);
  return { organizationId: org.id, projectId: project.id, key, apiKeyId: apiKey.id };
}
