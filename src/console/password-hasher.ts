/**
 * Passwords: scrypt (memory-hard, in node:crypto) with a random salt per password. The stored form
 * names its parameters (`scrypt$N$r$p$salt$hash`), so the cost can change and every stored hash
 * still verifies with the parameters it was made with. Production cost N=2^15, r=8 (memory and time
 * per hash: docs/internals/performance.md#passwords): slow for an attacker with a stolen table,
 * cheap for one sign-in. A lower cost exists only for the test suite (PASSWORD_HASH_COST, NODE_ENV=test).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** log2 of scrypt's N in production; config.ts refuses anything lower outside NODE_ENV=test. */
export const PRODUCTION_PASSWORD_HASH_COST = 15;
const KEY_LENGTH = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether `password` matches `stored` (at the parameters `stored` names); false for a malformed value. */
  verify(password: string, stored: string): Promise<boolean>;
  /** A hash of nothing anyone knows, at this hasher's cost: sign-in checks it for unknown emails so timing does not tell them apart. */
  decoy: string;
}

export function createPasswordHasher(cost = PRODUCTION_PASSWORD_HASH_COST): PasswordHasher {
  const params: ScryptParams = { N: 2 ** cost, r: 8, p: 1 };
  const format = (salt: Buffer, key: Buffer) =>
    ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  return {
    async hash(password) {
      const salt = randomBytes(16);
      return format(salt, await derive(password, salt, params));
    },
    verify: verifyPassword,
    decoy: format(randomBytes(16), randomBytes(KEY_LENGTH)),
  };
}

/** Whether `password` matches `stored`; false for a malformed stored value (never throws on input). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
