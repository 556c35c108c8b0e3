/**
 * A native connection as the v3.1 ConnectedAccount object (compat-v3.1.md section 7). `state`
 * tells the SDK the auth scheme and status; where its schema demands a credential field
 * (`access_token`, `username`/`password`, `token`) the value is a placeholder, never the secret.
 * Combinations the SDK's state union has no variant for are sent without `state`.
 */
import type { IAuthConfig, IConnection } from '../db/entities/index.js';
import { connectionView, type ConnectionView } from '../connections/connection-view.js';
import { compatStatus, schemeOf, type AuthScheme, type CompatStatus } from './mapping.js';

export const REDACTED = '[REDACTED]';

const SECRET_PLACEHOLDERS: Record<AuthScheme, Record<string, string>> = {
  OAUTH2: { access_token: REDACTED },
  API_KEY: {},
  BASIC: { username: REDACTED, password: REDACTED },
  BEARER_TOKEN: { token: REDACTED },
};

export function connectionState(
  scheme: AuthScheme,
  status: CompatStatus,
): { authScheme: AuthScheme; val: Record<string, string> } | undefined {
  // OAuth INITIATED needs the authorize URL, which is not kept after initiate; only OAuth has REVOKED.
  if (scheme === 'OAUTH2' && status === 'INITIATED') return undefined;
  if (status === 'REVOKED' && scheme !== 'OAUTH2') return undefined;
  const needsPlaceholders =
    status === 'ACTIVE' || status === 'INACTIVE' || (scheme === 'BASIC' && (status === 'FAILED' || status === 'EXPIRED'));
  return { authScheme: scheme, val: { status, ...(needsPlaceholders ? SECRET_PLACEHOLDERS[scheme] : {}) } };
}

export type AuthConfigFlags = Pick<IAuthConfig, 'isManaged' | 'disabled'>;

/** What the single read adds to a list item. */
export interface AccountDetail {
  requestedScopes: readonly string[];
}

export function connectedAccountItem(c: IConnection, authConfig: AuthConfigFlags | undefined, detail = false) {
  return connectedAccountOf(connectionView(c), authConfig, detail ? { requestedScopes: c.requestedScopes ?? [] } : undefined);
}

/**
 * The v3.1 object from the native view: the compat reads and the Composio-scheme webhook payloads
 * (whose events carry the native view) render the same account. `detail`: the single read's extras.
 */
export function connectedAccountOf(v: ConnectionView, authConfig: AuthConfigFlags | undefined, detail?: AccountDetail) {
  const scheme = schemeOf(v.authMethodKind);
  const status = compatStatus(v.status, v.disabled);
  const state = connectionState(scheme, status);
  return {
    id: v.id,
    user_id: v.entityId,
    status,
    status_reason: v.disabled ? `Disabled${v.statusReason ? `; ${v.statusReason}` : ''}` : v.statusReason,
    is_disabled: v.disabled,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
    toolkit: { slug: v.providerSlug },
    auth_config: {
      id: v.authConfigId,
      auth_scheme: scheme,
      is_composio_managed: authConfig?.isManaged ?? false,
      is_disabled: authConfig?.disabled ?? false,
    },
    alias: v.alias,
    // The non-secret connection fields (what `connection.data` set on create); never a credential.
    data: { ...(v.connectionConfig ?? {}) },
    experimental: { account_type: 'PRIVATE' },
    ...(state ? { state } : {}),
    ...(detail ? { params: {}, requested_scopes: [...detail.requestedScopes], requested_user_scopes: [] } : {}),
  };
}

export type ConnectedAccount = ReturnType<typeof connectedAccountOf>;
