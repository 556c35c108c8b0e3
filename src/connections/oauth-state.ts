/**
 * The OAuth `state` parameter: a signed, expiring token bound to one pending connection. Any
 * instance can verify it (HMAC with a key derived from SESSION_SECRET); single use is enforced by
 * the connection's stored nonce, which the callback clears atomically.
 */
import { randomBytes } from 'node:crypto';
import { createHmacSigner } from '../hmac-signer.js';
import { systemClock, type Clock } from '../clock.js';

export const STATE_TTL_MS = 10 * 60 * 1000;

/** The broker's OAuth callback URL for a toolkit: the redirect_uri it sends, and what a custom OAuth client registers. */
export const oauthCallbackUrl = (publicBaseUrl: string, slug: string): string =>
  `${publicBaseUrl}/api/v1/connectors/${encodeURIComponent(slug)}/callback`;

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

export function createStateSigner(sessionSecret: string, clock: Clock = systemClock) {
  const signer = createHmacSigner(sessionSecret, 'oauth-state-v1');

  return {
    newNonce: () => randomBytes(16).toString('base64url'),

    sign(payload: StatePayload): string {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${signer.sign(body)}`;
    },

    verify(state: string, now = clock.now()): StateCheck {
      const [body, sig, extra] = state.split('.');
      if (!body || !sig || extra !== undefined) return { ok: false, reason: 'malformed' };
      if (!signer.verify(body, sig)) return { ok: false, reason: 'bad-signature' };
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
