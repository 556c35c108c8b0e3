/** The Connection resource of spec 2.1 (plus `statusReason`, `connectionConfig` and `health`), built from a row. */
import type { Static } from '@sinclair/typebox';
import type { IConnection } from '../db/entities/index.js';
import type { ConnectionSchema } from './api-schemas.js';

export type ConnectionView = Static<typeof ConnectionSchema>;

export function connectionView(c: IConnection): ConnectionView {
  return {
    id: c.id,
    providerSlug: c.toolkitSlug,
    authMethodId: c.authMethodId,
    authMethodKind: c.authMethodKind as ConnectionView['authMethodKind'],
    status: c.status,
    statusReason: c.statusReason ?? null,
    disabled: c.disabled,
    entityId: c.entityId,
    authConfigId: c.authConfigId,
    alias: c.alias ?? null,
    connectionConfig: c.connectionConfig ? { ...c.connectionConfig } : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    health: {
      lastRefreshedAt: c.lastRefreshedAt?.toISOString() ?? null,
      lastFailureAt: c.lastRefreshFailedAt?.toISOString() ?? null,
      lastFailure: c.lastRefreshError ?? null,
      nextRefreshAt: c.nextRefreshAt?.toISOString() ?? null,
    },
  };
}
