/**
 * Connect-link tokens: `<connectionId>.<expiry base36>.<HMAC-SHA256>`, short enough for one path
 * segment. The key is derived from SESSION_SECRET with HKDF under its own info string, so a link
 * token can never pass as an OAuth state or a cookie signature and vice versa. The token proves
 * only "the broker issued a link for this connection until then"; single use is enforced by the
 * link record (connect-link-service.ts).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface LinkTokenPayload {
  connectionId: string;
  expiresAt: number;
}

export type LinkTokenCheck =
  | { ok: true; payload: LinkTokenPayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' }
  | { ok: false; reason: 'expired'; payload: LinkTokenPayload };

export function createLinkTokenSigner(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'connector-broker', 'connect-link-token-v1', 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    sign(payload: LinkTokenPayload): string {
      const body = `${payload.connectionId}.${payload.expiresAt.toString(36)}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },

    verify(token: string, now = Date.now()): LinkTokenCheck {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts[0] || !/^[a-z0-9]+$/.test(parts[1]!)) return { ok: false, reason: 'malformed' };
      const [connectionId, exp, sig] = parts as [string, string, string];
      const expected = mac(`${connectionId}.${exp}`);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
      const payload = { connectionId, expiresAt: parseInt(exp, 36) };
      if (payload.expiresAt < now) return { ok: false, reason: 'expired', payload };
      return { ok: true, payload };
    },
  };
}

export type LinkTokenSigner = ReturnType<typeof createLinkTokenSigner>;
