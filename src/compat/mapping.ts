/**
 * The value maps between the native plane and the compat mount, in one place so that both
 * directions agree: auth schemes (kind <-> scheme) and connection statuses (native status plus
 * `disabled` <-> compat status). See docs/guides/compat.md for the table.
 */
import type { ConnectionStatus } from '../db/entities/index.js';

export type AuthKind = 'oauth2' | 'api_key' | 'basic' | 'bearer';
export type AuthScheme = 'OAUTH2' | 'API_KEY' | 'BASIC' | 'BEARER_TOKEN';

const SCHEME_BY_KIND: Record<AuthKind, AuthScheme> = { oauth2: 'OAUTH2', api_key: 'API_KEY', basic: 'BASIC', bearer: 'BEARER_TOKEN' };
const KIND_BY_SCHEME = Object.fromEntries(Object.entries(SCHEME_BY_KIND).map(([k, s]) => [s, k])) as Record<AuthScheme, AuthKind>;

export function schemeOf(kind: string): AuthScheme {
  const scheme = SCHEME_BY_KIND[kind as AuthKind];
  if (!scheme) throw new Error(`no compat auth scheme for kind ${kind}`);
  return scheme;
}

/** undefined for schemes the broker has no auth method kind for (OAUTH1, SAML, ...). */
export function kindOf(scheme: string): AuthKind | undefined {
  return KIND_BY_SCHEME[scheme.toUpperCase() as AuthScheme];
}

export const COMPAT_STATUSES = ['INITIALIZING', 'INITIATED', 'ACTIVE', 'FAILED', 'EXPIRED', 'INACTIVE', 'REVOKED'] as const;
export type CompatStatus = (typeof COMPAT_STATUSES)[number];

const STATUS_BY_NATIVE: Record<ConnectionStatus, CompatStatus> = {
  INITIATED: 'INITIATED',
  // Waiting for the user (credentials on the hosted connect page): the SDK's INITIATED.
  PENDING: 'INITIATED',
  ACTIVE: 'ACTIVE',
  FAILED: 'FAILED',
  EXPIRED: 'EXPIRED',
  REVOKED: 'REVOKED',
};

/**
 * A disabled connection is INACTIVE on the compat mount (what the v3.1 API reports after
 * `PATCH .../status {enabled: false}`); `is_disabled` carries the flag too. Re-enabling shows the
 * native status again, which disabling never changed.
 */
export function compatStatus(status: ConnectionStatus, disabled: boolean): CompatStatus {
  return disabled ? 'INACTIVE' : STATUS_BY_NATIVE[status];
}

/** The rows a compat status filter selects: exactly those whose `compatStatus` is that value. */
export function nativeFilterFor(status: CompatStatus): { statuses: ConnectionStatus[] } | { disabled: true } | undefined {
  if (status === 'INACTIVE') return { disabled: true };
  const statuses = (Object.keys(STATUS_BY_NATIVE) as ConnectionStatus[]).filter((s) => STATUS_BY_NATIVE[s] === status);
  return statuses.length > 0 ? { statuses } : undefined;
}
