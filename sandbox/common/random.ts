/** Random identifiers and a small deterministic hash for plausible, repeatable fake data. */
import { createHash, randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function randomBase64Url(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** `length` characters of [A-Za-z0-9], crypto-random. */
export function randomAlnum(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALNUM[bytes[i] % ALNUM.length];
  return out;
}

/** 32-bit FNV-1a of a string: stable across runs and platforms. */
export function hash32(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i += 1) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Deterministic integer in [min, max] derived from `key`. */
export function pick(key: string, min: number, max: number): number {
  return min + (hash32(key) % (max - min + 1));
}

export function sha256Base64Url(input: string): string {
  return createHash('sha256').update(input).digest('base64url');
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
