/**
 * The OAuth `state` parameter: a signed, expiring token bound to one pending connection. Any
 * instance can verify it (HMAC with a key derived from SESSION_SECRET); single use is enforced by
 * the connection's stored nonce, which the callback clears atomically.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export const STATE_TTL_MS = 10 * 60 * 1000;

export interface StatePayload {
  /** connection id */
  c: string;
  /** toolkit slug */
  s: string;
  /** single-use nonce */
  n: string;
  /** expiry, ms since epoch */
  e: number;
}

export type StateCheck =
  | { ok: true; payload: StatePayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' }
  | { ok: false; reason: 'expired'; payload: StatePayload };

export function createStateSigner(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'connector-broker', 'oauth-state-v1', 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    newNonce: () => randomBytes(16).toString('base64url'),

    sign(payload: StatePayload): string {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },

    verify(state: string, now = Date.now()): StateCheck {
      const [body, sig, extra] = state.split('.');
      if (!body || !sig || extra !== undefined) return { ok: false, reason: 'malformed' };
      const expected = mac(body);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
      let payload: StatePayload;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof payload.c !== 'string' || typeof payload.n !== 'string' || typeof payload.e !== 'number') {
        return { ok: false, reason: 'malformed' };
      }
      if (payload.e < now) return { ok: false, reason: 'expired', payload };
      return { ok: true, payload };
    },
  };
}

export type StateSigner = ReturnType<typeof createStateSigner>;
