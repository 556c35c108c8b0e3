/** PKCE (RFC 7636): a random verifier kept in the vault, and its S256 challenge sent to the provider. */
import { createHash, randomBytes } from 'node:crypto';

export function newCodeVerifier(): string {
  return randomBytes(48).toString('base64url');
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
