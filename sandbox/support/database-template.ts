/**
 * One migrated database per test run, copied for every test database instead of migrating each:
 * PostgreSQL copies it with CREATE DATABASE … TEMPLATE, SQLite copies the file. scripts/test.mjs
 * creates it before a database phase and hands it to the test processes in TEST_DATABASE_TEMPLATE
 * (`sqlite:<file>` or the template's PostgreSQL URL); without it (one file run alone) the helpers
 * migrate each database as `npm start` would.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../../src/config.js';
import { migrateDatabase } from '../../src/db/orm.js';
import { closeToConnections, createScratchDatabase, databaseNameOf } from './scratch-postgres.js';

export const TEMPLATE_VARIABLE = 'TEST_DATABASE_TEMPLATE';

export interface DatabaseTemplate {
  /** The value of TEST_DATABASE_TEMPLATE. */
  value: string;
  drop(): Promise<void>;
}

async function migrate(databaseUrl: string, dataDir: string): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  await migrateDatabase(config.database);
}

/** Migrates a new template: on PostgreSQL when `postgresBaseUrl` is given, else an SQLite file. */
export async function createDatabaseTemplate(postgresBaseUrl?: string): Promise<DatabaseTemplate> {
  const dir = mkdtempSync(join(tmpdir(), 'broker-template-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (postgresBaseUrl) {
    const scratch = await createScratchDatabase(postgresBaseUrl, { prefix: 'broker_template' });
    await migrate(scratch.url, dir);
    await closeToConnections(postgresBaseUrl, databaseNameOf(scratch.url));
    removeDir();
    return { value: scratch.url, drop: scratch.drop };
  }
  const file = join(dir, 'template.sqlite');
  await migrate(`sqlite:${file}`, dir);
  // Everything into the main file, so a plain copy of it is the whole database.
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  return { value: `sqlite:${file}`, drop: async () => removeDir() };
}

/**
 * A migrated copy of the run's template for a test database, or undefined when there is none for
 * this kind of database (the caller then migrates).
 */
export async function copyOfTemplate(
  target: { postgresBaseUrl: string } | { sqliteFile: string },
): Promise<{ url: string; drop?: () => Promise<void> } | undefined> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template) return undefined;
  if ('sqliteFile' in target) {
    if (!template.startsWith('sqlite:')) return undefined;
    copyFileSync(template.slice('sqlite:'.length), target.sqliteFile);
    return { url: `sqlite:${target.sqliteFile}` };
  }
  if (!/^postgres(ql)?:/.test(template)) return undefined;
  return createScratchDatabase(target.postgresBaseUrl, { template: databaseNameOf(template) });
}
