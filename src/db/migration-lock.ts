import type { MikroORM } from '@mikro-orm/core';

/** An arbitrary constant: the advisory-lock key every broker instance uses for migrations. */
const MIGRATION_LOCK_KEY = 724_811_901;

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so several instances starting at
 * once migrate one after the other. SQLite serialises writers itself.
 */
export async function withMigrationLock<T>(orm: MikroORM, fn: () => Promise<T>): Promise<T> {
  if (orm.config.get('clientUrl')?.startsWith('postgres') !== true) return fn();
  // The lock lives in a transaction on one pooled connection and is released when it ends;
  // the migrator works on its own connection meanwhile.
  // The connection's own transaction, not em.transactional (src/db/fork-per-call.ts says why); the
  // lock is taken inside it.
  const connection = orm.em.getConnection();
  return connection.transactional(async (trx) => {
    await connection.execute(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`, [], 'run', trx);
    return fn();
  });
}
