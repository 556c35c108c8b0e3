/**
 * AES-256-GCM envelope encryption. Each secret gets a fresh 256-bit data key; the data key is
 * wrapped (AES-256-GCM) by the active master key. The sealed form records the master key id, so
 * master keys rotate without downtime. The additional authenticated data (AAD) binds a ciphertext
 * to its owner: copying it onto another record makes it fail to open.
 *
 * Sealed format: `v1.<keyId>.<wrapIv>.<wrapTag>.<wrappedKey>.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface MasterKey {
  id: string;
  key: Buffer;
}

export class VaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultError';
  }
}

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';

function gcmEncrypt(key: Buffer, plaintext: Buffer, aad: Buffer): [iv: Buffer, tag: Buffer, ct: Buffer] {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(aad);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, cipher.getAuthTag(), ct];
}

function gcmDecrypt(key: Buffer, iv: Buffer, tag: Buffer, ct: Buffer, aad: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

export function seal(master: MasterKey, plaintext: Buffer, aad: string): string {
  const dataKey = randomBytes(32);
  try {
    const aadBytes = Buffer.from(aad, 'utf8');
    const [wrapIv, wrapTag, wrapped] = gcmEncrypt(master.key, dataKey, Buffer.from(`${VERSION}:${master.id}`, 'utf8'));
    const [iv, tag, ct] = gcmEncrypt(dataKey, plaintext, aadBytes);
    return [VERSION, master.id, b64(wrapIv), b64(wrapTag), b64(wrapped), b64(iv), b64(tag), b64(ct)].join('.');
  } finally {
    dataKey.fill(0);
  }
}

/** The master key id a sealed value was wrapped with (no decryption). */
export function sealedKeyId(sealed: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 8 || parts[0] !== VERSION) throw new VaultError('Sealed secret is malformed');
  return parts[1]!;
}

export function open(keys: ReadonlyMap<string, Buffer>, sealed: string, aad: string): Buffer {
  const parts = sealed.split('.');
  if (parts.length !== 8 || parts[0] !== VERSION) throw new VaultError('Sealed secret is malformed');
  const [, keyId, wrapIv, wrapTag, wrapped, iv, tag, ct] = parts as [string, string, string, string, string, string, string, string];
  const master = keys.get(keyId);
  if (!master) throw new VaultError(`Sealed secret uses master key "${keyId}", which is not in VAULT_KEYS`);
  let dataKey: Buffer | undefined;
  try {
    dataKey = gcmDecrypt(master, unb64(wrapIv), unb64(wrapTag), unb64(wrapped), Buffer.from(`${VERSION}:${keyId}`, 'utf8'));
    return gcmDecrypt(dataKey, unb64(iv), unb64(tag), unb64(ct), Buffer.from(aad, 'utf8'));
  } catch (err) {
    if (err instanceof VaultError) throw err;
    throw new VaultError(`Sealed secret failed authentication (tampered, wrong key "${keyId}", or moved to another record)`);
  } finally {
    dataKey?.fill(0);
  }
}
