/**
 * The cache epoch (see src/cache/hot-cache.ts): a counter bumped by every change that could make
 * cached data stale, and how a bump reaches every instance.
 *
 * PostgreSQL: `bump()` increments the epoch and `pg_notify`s the new value in one statement, so the
 * notification leaves exactly when the change it announces is committed. One dedicated client per
 * instance LISTENs on the channel and re-reads the epoch on a heartbeat (which also proves the
 * channel alive); a small pool serves `read()` when the hot cache cannot trust the channel. A lost
 * listener (server restart, `pg_terminate_backend`, network cut) reconnects with backoff; every
 * 'error' is handled, so a database outage never ends the process.
 * SQLite: one local file, no channel. `read()` is a prepared statement on a local handle (about a
 * microsecond, no round trip), cheap enough to run on every request, and it sees bumps made by any
 * process on the file (the CLI revoking a key) at once.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { listenOnChannel, sideClientConfig } from './notify-listener.js';

const CHANNEL = 'broker_cache_epoch';
const SELECT = 'select value from cache_epoch where id = 1';
const BUMP_AND_NOTIFY =
  `with bumped as (update cache_epoch set value = value + 1 where id = 1 returning value) ` +
  `select value, pg_notify('${CHANNEL}', value::text) from bumped`;
/** The listener's application_name (pg_stat_activity shows it; the fault tests find it by it). */
export const LISTENER_NAME = 'broker-cache-listener';

/** What the listener reports to the hot cache. */
export interface EpochEvents {
  /** The channel is up and the epoch was `value` when it was last verified (after LISTEN, each heartbeat). */
  confirmed(value: number): void;
  /** A pushed bump (any instance, this one included). */
  notified(value: number): void;
  /** The channel is down until the next `confirmed`: changes may go unannounced. */
  lost(): void;
}

export interface EpochStoreStats {
  /** `none` on SQLite (no channel: read per request). */
  channel: 'up' | 'down' | 'none';
  notifications: number;
  reconnects: number;
  /** The PostgreSQL pool behind `read()`/`bump()` (zeros on SQLite). */
  pool: { total: number; idle: number; waiting: number };
}

export interface EpochStore {
  /** True when bumps are pushed through `listen` (PostgreSQL); otherwise read per request. */
  readonly pushes: boolean;
  read(): number | Promise<number>;
  /** Bumps the epoch (and announces it); resolves with the new value once committed. */
  bump(): Promise<number>;
  /** Starts the channel (PostgreSQL; nothing on SQLite). `heartbeatMs` 0: no heartbeat. */
  listen(events: EpochEvents, heartbeatMs: number): void;
  stats(): EpochStoreStats;
  close(): Promise<void>;
}

export function createEpochStore(db: DatabaseConfig): EpochStore {
  return db.kind === 'sqlite' ? sqliteStore(db) : postgresStore(db);
}

function sqliteStore(db: DatabaseConfig): EpochStore {
  const handle = new Database(db.url, { fileMustExist: db.url !== ':memory:' });
  handle.pragma(`busy_timeout = ${db.statementTimeoutMs}`);
  const select = handle.prepare<[], { value: number }>(SELECT);
  const update = handle.prepare<[], { value: number }>('update cache_epoch set value = value + 1 where id = 1 returning value');
  return {
    pushes: false,
    read: () => select.get()?.value ?? 0,
    bump: async () => update.get()?.value ?? 0,
    listen: () => undefined,
    stats: () => ({ channel: 'none', notifications: 0, reconnects: 0, pool: { total: 0, idle: 0, waiting: 0 } }),
    close: async () => void handle.close(),
  };
}

function postgresStore(db: DatabaseConfig): EpochStore {
  const clientConfig = sideClientConfig(db, 'broker-cache-epoch');
  const pool = new pg.Pool({ ...clientConfig, max: 2 });
  // An idle client cut by the server must not take the process down; the next query opens another.
  pool.on('error', () => undefined);
  const readWith = async (q: Pick<pg.Pool | pg.Client, 'query'>) => Number((await q.query<{ value: string }>(SELECT)).rows[0]?.value ?? 0);
  const stats = { channel: 'down' as 'up' | 'down', notifications: 0, reconnects: 0 };
  let stopListener: (() => Promise<void>) | undefined;

  return {
    pushes: true,
    read: () => readWith(pool),
    bump: async () => Number((await pool.query<{ value: string }>(BUMP_AND_NOTIFY)).rows[0]?.value ?? 0),
    listen(events, heartbeatMs) {
      stopListener ??= listenOnChannel(
        clientConfig,
        CHANNEL,
        LISTENER_NAME,
        {
          // Read after LISTEN: a bump between the two is either in this value or notified.
          ready: (client) => readWith(client),
          up: (value) => events.confirmed(value),
          // A query answered on this client proves notifications still flow on it.
          heartbeat: async (client) => {
            const value = await readWith(client);
            if (stats.channel === 'up') events.confirmed(value);
          },
          notified: (payload) => payload && events.notified(Number(payload)),
          lost: () => events.lost(),
        },
        heartbeatMs,
        stats,
      );
    },
    stats: () => ({ ...stats, pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } }),
    async close() {
      await stopListener?.();
      await pool.end();
    },
  };
}
