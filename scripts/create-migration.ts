/**
 * Generates a migration for each dialect from the current entities:
 *   npm run db:migration -- <name>
 * It migrates a scratch database (a temp SQLite file; a temp PostgreSQL database on
 * TEST_DATABASE_URL or the local server) to the latest migration, then diffs it against the
 * entities. Commit both generated files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openOrm } from '../src/db/orm.js';
import { withScratchPostgres } from '../sandbox/support/scratch-postgres.js';
import type { DatabaseConfig } from '../src/config.js';

const name = process.argv[2] ?? 'change';

async function generate(db: DatabaseConfig): Promise<void> {
  const orm = await openOrm(db);
  try {
    await migrate(orm);
    const result = await orm.getMigrator().createMigration(undefined, false, false, name);
    console.log(result.diff.up.length ? `${db.kind}: wrote ${result.fileName}` : `${db.kind}: no changes`);
  } finally {
    await orm.close(true);
  }
}

/** Pool limits of the scratch databases (one short-lived connection each). */
const SCRATCH_LIMITS = { poolMax: 2, acquireTimeoutMs: 10_000, statementTimeoutMs: 60_000 };

const dir = mkdtempSync(join(tmpdir(), 'broker-migration-'));
try {
  await generate({ kind: 'sqlite', url: join(dir, 'scratch.sqlite'), ...SCRATCH_LIMITS });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
await withScratchPostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', (url) =>
  generate({ kind: 'postgresql', url, ...SCRATCH_LIMITS }),
);
