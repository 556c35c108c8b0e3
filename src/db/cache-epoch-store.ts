/**
 * The cache epoch (see src/cache/hot-cache.ts), read on every request, so the read bypasses the ORM: a
 * prepared statement on a read-only better-sqlite3 handle (SQLite; WAL lets it read beside the
 * ORM's writer), or a small dedicated pg pool (PostgreSQL).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';

export interface EpochStore {
  read(): Promise<number>;
  bump(): Promise<number>;
  close(): Promise<void>;
}

export function createEpochStore(db: DatabaseConfig): EpochStore {
  if (db.kind === 'sqlite') {
    const handle = new Database(db.url, { fileMustExist: db.url !== ':memory:' });
    handle.pragma('busy_timeout = 5000');
    const select = handle.prepare<[], { value: number }>('select value from cache_epoch where id = 1');
    const update = handle.prepare('update cache_epoch set value = value + 1 where id = 1');
    return {
      read: async () => select.get()?.value ?? 0,
      bump: async () => {
        update.run();
        return select.get()?.value ?? 0;
      },
      close: async () => void handle.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  // An idle client cut by the server (restart, failover) must not take the process down; the
  // next query opens a new one.
  pool.on('error', () => undefined);
  return {
    read: async () => Number((await pool.query<{ value: string }>('select value from cache_epoch where id = 1')).rows[0]?.value ?? 0),
    bump: async () =>
      Number(
        (await pool.query<{ value: string }>('update cache_epoch set value = value + 1 where id = 1 returning value')).rows[0]?.value ?? 0,
      ),
    close: () => pool.end(),
  };
}
