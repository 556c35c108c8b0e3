import t from 'tap';
import { randomBytes } from 'node:crypto';
import { open, seal, sealedKeyId, VaultError } from '../../../src/vault/envelope.js';

const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };
const ring = new Map([
  [k1.id, k1.key],
  [k2.id, k2.key],
]);

t.test('round trip, fresh data key and IV per secret', async (t) => {
  const a = seal(k1, Buffer.from('top secret'), 'connection:ca_1:oauth_tokens');
  const b = seal(k1, Buffer.from('top secret'), 'connection:ca_1:oauth_tokens');
  t.not(a, b, 'same plaintext seals differently');
  t.equal(open(ring, a, 'connection:ca_1:oauth_tokens').toString(), 'top secret');
  t.equal(sealedKeyId(a), 'k1');
  t.notMatch(a, 'top secret');
  t.notMatch(Buffer.from(a.split('.').slice(2).join(''), 'base64url').toString('latin1'), 'top secret');
});

t.test('tampering, wrong key, moved ciphertext and unknown key fail loudly', async (t) => {
  const sealed = seal(k1, Buffer.from('value'), 'aad-1');
  const parts = sealed.split('.');
  const flip = (i: number) => {
    const p = [...parts];
    const bytes = Buffer.from(p[i]!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    p[i] = bytes.toString('base64url');
    return p.join('.');
  };
  for (const i of [2, 3, 4, 5, 6, 7]) t.throws(() => open(ring, flip(i), 'aad-1'), VaultError, `part ${i} tampered`);
  t.throws(() => open(ring, sealed, 'aad-2'), /failed authentication/, 'moved to another record');
  t.throws(() => open(new Map([['k1', k2.key]]), sealed, 'aad-1'), /failed authentication/, 'wrong key under the same id');
  t.throws(() => open(new Map([['k2', k2.key]]), sealed, 'aad-1'), /not in VAULT_KEYS/, 'unknown key id');
  t.throws(() => open(ring, 'v1.k1.garbage', 'aad-1'), /malformed/);
  t.throws(() => open(ring, parts.join('.').replace(/^v1/, 'v9'), 'aad-1'), /malformed/);
});
