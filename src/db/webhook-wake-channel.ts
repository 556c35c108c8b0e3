/**
 * Wakes the webhook workers of every instance when deliveries are queued (src/events/delivery).
 * PostgreSQL: `notify()` sends a NOTIFY on a channel every instance LISTENs on
 * (notify-listener.ts), so a delivery queued on one instance starts at once wherever a worker is
 * free; the poll interval remains the fallback (retries fall due without any notification, and a
 * lost channel loses no work). SQLite: one process serves the file, nothing to send.
 * Notifications are coalesced: however many events a burst records, at most one NOTIFY is in
 * flight and one more follows it.
 */
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { listenOnChannel, sideClientConfig, type ChannelState } from './notify-listener.js';

const CHANNEL = 'broker_webhook_wake';
/** The listener's application_name (pg_stat_activity shows it). */
const LISTENER_NAME = 'broker-webhook-listener';

export interface WakeChannel {
  /** Tells every instance's worker (this one's included) that deliveries are due. */
  notify(): void;
  /** Calls `onWake` for each notification (and once the channel is (re)connected). */
  listen(onWake: () => void): void;
  close(): Promise<void>;
}

export function createWakeChannel(db: DatabaseConfig): WakeChannel {
  if (db.kind !== 'postgresql') return { notify: () => undefined, listen: () => undefined, close: async () => undefined };
  const clientConfig = sideClientConfig(db, 'broker-webhook-wake');
  const pool = new pg.Pool({ ...clientConfig, max: 1 });
  pool.on('error', () => undefined);
  const state: ChannelState = { channel: 'down', notifications: 0, reconnects: 0 };
  let stopListener: (() => Promise<void>) | undefined;
  let sending = false;
  let again = false;
  let closed = false;

  function send(): void {
    sending = true;
    again = false;
    pool.query(`select pg_notify('${CHANNEL}', '')`).then(
      () => {
        sending = false;
        if (again && !closed) send();
      },
      // Not delivered: the other instances' poll finds the work.
      () => {
        sending = false;
      },
    );
  }

  return {
    notify() {
      if (closed) return;
      if (sending) again = true;
      else send();
    },
    listen(onWake) {
      stopListener ??= listenOnChannel(
        clientConfig,
        CHANNEL,
        LISTENER_NAME,
        // Work queued while the channel was down was not announced: look once it is back.
        { ready: async () => undefined, up: onWake, notified: onWake, lost: () => undefined },
        0,
        state,
      );
    },
    async close() {
      closed = true;
      await stopListener?.();
      await pool.end();
    },
  };
}
