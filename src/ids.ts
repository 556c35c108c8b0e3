import { randomBytes } from 'node:crypto';

/**
 * Opaque, path-safe, prefixed ids (`prj_…`, `ca_…`). The prefix tells a reader (and a support
 * engineer) what an id points at; 120 random bits make them unguessable.
 */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(15).toString('base64url')}`;
}
