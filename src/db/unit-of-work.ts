/**
 * The unit of work: one entity-manager fork per repository call (`em()`), or one transaction's
 * fork passed along as `tx`. Every repository method loads, changes and flushes within itself,
 * so nothing needs an identity map that outlives a call. A fork per request (a MikroORM
 * RequestContext opened in an onRequest hook) used to cost every request about 20 us, even the
 * many that never reach the database (warm executions are served from src/cache/hot-cache.ts).
 * Repositories reach the database only through here.
 *
 * Reads that decide something pass `fresh` (refresh: true): inside a transaction the fork is
 * shared, another service, instance or transaction may have changed the row since that fork first
 * loaded it, and a decision must never rest on the identity map's older copy.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/core';

export interface Db {
  /** A fresh entity manager for one repository call. */
  em(): EntityManager;
  /** Runs `work` in one transaction on its own fork; repositories take the `tx` it is given. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T>;
  /** Whether rows can be locked across instances (PostgreSQL) or one process serves (SQLite). */
  readonly isPostgres: boolean;
  /** Throws when the database does not answer (readiness). */
  ping(): Promise<void>;
}

export const fresh = { refresh: true } as const;

export function createDb(orm: MikroORM, isPostgres: boolean): Db {
  const em = () => orm.em.fork();
  return {
    em,
    transaction: (work) => em().fork().transactional(work),
    isPostgres,
    async ping() {
      await orm.em.fork().getConnection().execute('select 1');
    },
  };
}
