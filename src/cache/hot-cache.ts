/**
 * Per-instance cache of what every execution reads: API key principals, connections with their
 * auth config, and their opened credentials (src/connections/token-service.ts).
 *
 * Correct across instances through the shared cache epoch (src/db/cache-epoch-store.ts). Every
 * change that could make cached data stale calls `invalidate()`, which bumps the epoch before the
 * change is reported to the caller; when the epoch moves, everything cached is dropped. Changes
 * are rare next to executions, so dropping the whole cache costs little and leaves no per-entry
 * invalidation to get wrong.
 *
 * How an instance learns that the epoch moved (`sync()`, run before each authenticated request):
 * - PostgreSQL, channel up: bumps are pushed (LISTEN/NOTIFY, typically within a few milliseconds
 *   of the commit) and the epoch is re-verified on a heartbeat; a warm request touches no database.
 *   If nothing verified the epoch for `safetyTtlMs` (a silently dead channel), the request reads it.
 * - PostgreSQL, channel down (or not up yet): every request reads the epoch, as before, until the
 *   listener is back.
 * - SQLite: changes made by this process drop the cache at once (`invalidate`). Another process
 *   on the file (the CLI revoking a key) can only be seen by reading the epoch, which a request
 *   does when the last read is older than SQLITE_RECHECK_MS (or the safety TTL, if shorter): a
 *   read per request (a read transaction on the WAL file) cost too much: docs/internals/performance.md#caches.
 *
 * A read that began before an invalidation must not refill the cache with what it read: each map
 * hands out a ticket (the generation) on a miss, and `set` stores only when no drop happened since.
 */
import type { EpochStore, EpochStoreStats } from '../db/cache-epoch-store.js';

const MAX_ENTRIES = 10_000;

/** SQLite: how long a read of the epoch is trusted; bounds when another process's change is seen. */
export const SQLITE_RECHECK_MS = 25;

export interface HotCacheStats extends EpochStoreStats {
  hits: number;
  misses: number;
  /** Times everything cached was dropped (an epoch change seen, or this instance's invalidate). */
  drops: number;
  /** Epoch reads on the request path (SQLite recheck, channel down, or the safety TTL lapsed). */
  epochReads: number;
}

export interface HotCache {
  /** Makes the cache as fresh as the rules above; undefined when no I/O was needed. */
  sync(): Promise<void> | undefined;
  invalidate(): Promise<void>;
  /** A map living as long as the current epoch. */
  map<V>(name: string): Map<string, V>;
  stats(): HotCacheStats;
}

interface Generation {
  value: number;
  hits: number;
  misses: number;
}

/** A Map that refuses fills begun before the last drop, and empties itself when full (bounded memory). */
class EpochMap<V> extends Map<string, V> {
  /** key -> generation of its oldest unanswered miss. */
  private readonly tickets = new Map<string, number>();

  constructor(private readonly gen: Generation) {
    super();
  }

  override get(key: string): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      this.gen.hits++;
      return value;
    }
    this.gen.misses++;
    // Keep the oldest ticket: a fill from before a drop must not borrow a newer one.
    if (!this.tickets.has(key)) {
      if (this.tickets.size >= MAX_ENTRIES) this.tickets.clear();
      this.tickets.set(key, this.gen.value);
    }
    return undefined;
  }

  override set(key: string, value: V): this {
    const ticket = this.tickets.get(key);
    this.tickets.delete(key);
    if (ticket !== this.gen.value) return this;
    if (this.size >= MAX_ENTRIES && !this.has(key)) super.clear();
    return super.set(key, value);
  }
}

export function createHotCache(epoch: EpochStore, options: { safetyTtlMs: number; now?: () => number }): HotCache {
  const now = options.now ?? Date.now;
  const maps = new Map<string, EpochMap<unknown>>();
  const gen: Generation = { value: 0, hits: 0, misses: 0 };
  let drops = 0;
  let epochReads = 0;
  let seen: number | undefined;
  let channelUp = false;
  let verifiedAt = -Infinity;

  const drop = () => {
    gen.value++;
    drops++;
    for (const m of maps.values()) m.clear();
  };
  const observe = (value: number) => {
    if (value === seen) return;
    if (seen !== undefined) drop();
    seen = value;
  };
  const read = (): Promise<void> | undefined => {
    const at = now();
    epochReads++;
    const value = epoch.read();
    const verified = (v: number) => {
      observe(v);
      verifiedAt = at;
    };
    if (typeof value === 'number') return void verified(value);
    return value.then(verified);
  };

  if (epoch.pushes) {
    epoch.listen(
      {
        confirmed(value) {
          observe(value);
          channelUp = true;
          verifiedAt = now();
        },
        notified: observe,
        lost() {
          channelUp = false;
        },
      },
      options.safetyTtlMs > 0 ? Math.max(Math.floor(options.safetyTtlMs / 2), 50) : 0,
    );
  }

  return {
    sync() {
      const trusted = epoch.pushes ? (channelUp ? options.safetyTtlMs : 0) : Math.min(options.safetyTtlMs, SQLITE_RECHECK_MS);
      if (now() - verifiedAt < trusted) return undefined;
      return read();
    },
    async invalidate() {
      drop();
      const value = await epoch.bump();
      // Entries filled while the bump was in flight predate it; our own notification then changes nothing.
      drop();
      seen = value;
    },
    map<V>(name: string): Map<string, V> {
      let m = maps.get(name);
      if (!m) maps.set(name, (m = new EpochMap<unknown>(gen)));
      return m as Map<string, V>;
    },
    stats: () => ({ ...epoch.stats(), hits: gen.hits, misses: gen.misses, drops, epochReads }),
  };
}
