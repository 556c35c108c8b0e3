/**
 * Per-instance cache of what every execution reads: API key principals, connections with their
 * auth config, and sealed token rows (decrypted per call, never cached in clear).
 *
 * Correct across instances: `sync()` runs once per request (the API-key hook) and reads the shared
 * cache epoch; when it moved, everything cached is dropped. Every change that could make cached
 * data stale calls `invalidate()`, which bumps the epoch in the database before the change is
 * reported to the caller, so a key revoked or a connection disabled on one instance is refused by
 * every instance on its next request. Changes are rare next to executions, so dropping the whole
 * cache on any of them costs little and leaves no per-entry invalidation to get wrong.
 */
import type { EpochStore } from '../db/cache-epoch-store.js';

const MAX_ENTRIES = 10_000;

/** A Map that empties itself when full: bounded memory, and a rebuild costs one read per entry. */
class BoundedMap<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    if (this.size >= MAX_ENTRIES && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}

export interface HotCache {
  sync(): Promise<void>;
  invalidate(): Promise<void>;
  /** A map living as long as the current epoch. */
  map<V>(name: string): Map<string, V>;
}

export function createHotCache(epoch: EpochStore): HotCache {
  const maps = new Map<string, Map<string, unknown>>();
  let seen: number | undefined;
  const clear = () => {
    for (const m of maps.values()) m.clear();
  };
  return {
    async sync() {
      const now = await epoch.read();
      if (now !== seen) {
        clear();
        seen = now;
      }
    },
    async invalidate() {
      clear();
      seen = await epoch.bump();
      clear(); // entries filled while the bump was in flight predate it
    },
    map<V>(name: string): Map<string, V> {
      let m = maps.get(name);
      if (!m) maps.set(name, (m = new BoundedMap<string, unknown>()));
      return m as Map<string, V>;
    },
  };
}
