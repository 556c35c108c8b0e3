import { defineEntity, p } from '@mikro-orm/core';

/**
 * One row whose value every instance reads once per request: any change that could make cached
 * data stale (key revoked, connection disabled/revoked/refreshed, auth config changed) bumps it,
 * and an instance that sees a new value drops its caches. See src/cache/hot-cache.ts.
 */
export const CacheEpoch = defineEntity({
  name: 'CacheEpoch',
  tableName: 'cache_epoch',
  properties: {
    id: p.integer().primary(),
    value: p.bigint('number'),
  },
});
