import type { MikroORM } from '@mikro-orm/core';

/** An arbitrary constant: the advisory-lock key every broker instance uses for migrations. */
const MIGRATION_LOCK_KEY = 724_811_901;

interface RawExecutor {
  execute(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so several instances starting at
 * once migrate one after the other. SQLite serialises writers itself.
 */
export async function withMigrationLock<T>(orm: MikroORM, fn: () => Promise<T>): Promise<T> {
  if (orm.config.get('clientUrl')?.startsWith('postgres') !== true) return fn();
  // The lock lives in a transaction on one pooled connection and is released when it ends;
  // the migrator works on its own connection meanwhile.
  return orm.em.fork().transactional(async (tx) => {
    // The entity manager's execute runs inside its transaction (the connection's would not: no lock).
    await (tx as unknown as RawExecutor).execute(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    return fn();
  });
}
