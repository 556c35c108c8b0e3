/**
 * The unit of work: one entity-manager fork per request. plugins/db.ts opens a RequestContext for
 * every request, and `em()` returns that request's fork; outside a request (CLI, timers, start-up)
 * each call gets a fresh fork. Repositories reach the database only through here.
 *
 * Reads that decide something pass `fresh` (refresh: true): another service, instance or
 * transaction may have changed the row since this request's fork first loaded it, and a decision
 * must never rest on the identity map's older copy.
 */
import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/core';

export interface Db {
  /** This request's entity manager (or a fresh fork outside a request). */
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
  const em = () => RequestContext.getEntityManager(orm.em.name) ?? orm.em.fork();
  return {
    em,
    transaction: (work) => em().fork().transactional(work),
    isPostgres,
    async ping() {
      await orm.em.fork().getConnection().execute('select 1');
    },
  };
}
