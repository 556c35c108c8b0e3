/**
 * Connect-link tokens: `<connectionId>.<expiry base36>.<HMAC-SHA256>`, short enough for one path
 * segment. The key is derived from SESSION_SECRET with HKDF under its own info string, so a link
 * token can never pass as an OAuth state or a cookie signature and vice versa. The token proves
 * only "the broker issued a link for this connection until then"; single use is enforced by the
 * link record (connect-link-service.ts).
 */
import { createHmacSigner } from '../hmac-signer.js';

export interface LinkTokenPayload {
  connectionId: string;
  expiresAt: number;
}

export type LinkTokenCheck =
  | { ok: true; payload: LinkTokenPayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' }
  | { ok: false; reason: 'expired'; payload: LinkTokenPayload };

export function createLinkTokenSigner(sessionSecret: string) {
  const signer = createHmacSigner(sessionSecret, 'connect-link-token-v1');

  return {
    sign(payload: LinkTokenPayload): string {
      const body = `${payload.connectionId}.${payload.expiresAt.toString(36)}`;
      return `${body}.${signer.sign(body)}`;
    },

    verify(token: string, now = Date.now()): LinkTokenCheck {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts[0] || !/^[a-z0-9]+$/.test(parts[1]!)) return { ok: false, reason: 'malformed' };
      const [connectionId, exp, sig] = parts as [string, string, string];
      if (!signer.verify(`${connectionId}.${exp}`, sig)) return { ok: false, reason: 'bad-signature' };
      const payload = { connectionId, expiresAt: parseInt(exp, 36) };
      if (payload.expiresAt < now) return { ok: false, reason: 'expired', payload };
      return { ok: true, payload };
    },
  };
}
