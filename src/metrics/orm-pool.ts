/**
 * The ORM's connection pool occupancy, for /metrics. MikroORM's SQL drivers run on knex, whose
 * pool is tarn's; neither exposes it in types, so it is reached defensively and read as numbers.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { PoolState } from './broker-metrics.js';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

interface KnexHolder {
  getKnex?: () => { client?: { pool?: Partial<TarnPool> | null } };
}

export function ormPoolReader(orm: MikroORM): () => PoolState | undefined {
  return () => {
    const pool = (orm.em.getConnection() as KnexHolder).getKnex?.().client?.pool;
    if (!pool?.numUsed || !pool.numFree || !pool.numPendingAcquires) return undefined;
    return { used: pool.numUsed(), idle: pool.numFree(), pending: pool.numPendingAcquires() };
  };
}
