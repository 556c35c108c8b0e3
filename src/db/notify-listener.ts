/**
 * One PostgreSQL client that LISTENs on one channel and stays connected: a lost client (server
 * restart, `pg_terminate_backend`, network cut) reconnects with capped exponential backoff, and
 * every 'error' is handled, so a database outage never ends the process. Used by the cache epoch
 * (cache-epoch-store.ts) and the webhook worker's wake-up (webhook-wake-channel.ts).
 */
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';

/**
 * The client settings of a small pg pool beside the ORM's (the cache epoch, the webhook wake-up):
 * bounded waits, so a cut or silent database fails a query in seconds and never hangs a request.
 */
export function sideClientConfig(
  db: Pick<DatabaseConfig, 'url' | 'acquireTimeoutMs' | 'statementTimeoutMs'>,
  applicationName: string,
): pg.ClientConfig {
  return {
    connectionString: db.url,
    connectionTimeoutMillis: db.acquireTimeoutMs,
    statement_timeout: db.statementTimeoutMs,
    query_timeout: db.statementTimeoutMs,
    keepAlive: true,
    application_name: applicationName,
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export interface ChannelHandlers<T> {
  /** After each (re)connection's LISTEN, on that client (a read after LISTEN misses no change). */
  ready(client: pg.Client): Promise<T>;
  /** The channel is up, with what `ready` read. */
  up(value: T): void;
  /** Every `heartbeatMs` on the listening client (a query answered proves notifications still flow). */
  heartbeat?(client: pg.Client): Promise<void>;
  notified(payload: string): void;
  /** The channel went down (only after it was up). */
  lost(): void;
}

export interface ChannelState {
  channel: 'up' | 'down';
  notifications: number;
  reconnects: number;
}

/** Starts listening; returns the stopper. `state` is updated in place. */
export function listenOnChannel<T>(
  config: pg.ClientConfig,
  channel: string,
  applicationName: string,
  handlers: ChannelHandlers<T>,
  heartbeatMs: number,
  state: ChannelState,
): () => Promise<void> {
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let everUp = false;
  let current: { client: pg.Client; heartbeat?: NodeJS.Timeout } | undefined;

  function connect(): void {
    if (closed) return;
    const client = new pg.Client({ ...config, application_name: applicationName });
    let lost = false;
    const entry: NonNullable<typeof current> = { client };
    const lose = () => {
      if (lost) return;
      lost = true;
      clearInterval(entry.heartbeat);
      if (current === entry) current = undefined;
      if (state.channel === 'up') {
        state.channel = 'down';
        handlers.lost();
      }
      void client.end().catch(() => undefined);
      if (closed) return;
      const delay = Math.min(RECONNECT_MIN_MS * 2 ** attempt++, RECONNECT_MAX_MS);
      retry = setTimeout(connect, delay).unref();
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (n) => {
      if (n.channel !== channel) return;
      state.notifications++;
      handlers.notified(n.payload ?? '');
    });
    current = entry;
    void (async () => {
      await client.connect();
      await client.query(`listen ${channel}`);
      const value = await handlers.ready(client);
      if (lost || closed) return;
      if (everUp) state.reconnects++;
      everUp = true;
      attempt = 0;
      state.channel = 'up';
      handlers.up(value);
      const heartbeat = handlers.heartbeat;
      if (heartbeat && heartbeatMs > 0 && !lost) {
        entry.heartbeat = setInterval(() => void heartbeat(client).catch(lose), heartbeatMs).unref();
      }
    })().catch(lose);
  }

  connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    if (!current) return;
    clearInterval(current.heartbeat);
    // Its 'end' runs `lose`, which schedules nothing once closed.
    await current.client.end().catch(() => undefined);
  };
}
