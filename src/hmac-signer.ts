import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures under a key derived from SESSION_SECRET for one purpose (the HKDF info
 * string), so a token signed for one purpose (OAuth state, connect link) never verifies for
 * another. Verification compares in constant time.
 */
export function createHmacSigner(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'connector-broker', purpose, 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign: (body: string): string => mac(body).toString('base64url'),
    verify(body: string, signature: string): boolean {
      const expected = mac(body);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
