/**
 * Which connection a call runs through, and whether it may: the explicit connection id, or the
 * entity's most recently updated ACTIVE connection for the toolkit; it must belong to the key's
 * project (else 404), be ACTIVE and enabled (else 400 naming the status).
 */
import type { IAuthConfig, IConnection } from '../db/entities/index.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import type { AuthConfigRepository } from '../db/repositories/auth-config-repository.js';
import { BrokerError, badRequest, notFound } from '../errors.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { Ownership } from '../tenancy/ownership.js';

export interface ResolvedConnection {
  connection: IConnection;
  authConfig: IAuthConfig;
}

/**
 * The entity has no ACTIVE connection of the toolkit: the same 400 as any bad request on the wire,
 * typed so a plane can offer a way to connect (the MCP endpoint answers with a connect link).
 */
export class NoActiveConnectionError extends BrokerError {
  constructor(
    readonly entityId: string,
    readonly toolkitSlug: string,
  ) {
    super(
      'BAD_REQUEST',
      `Entity "${entityId}" has no ACTIVE ${toolkitSlug} connection; create one with POST /api/v1/connectors/${toolkitSlug}/initiate (OAuth) or /connect (credentials)`,
    );
  }
}

export function createConnectionResolver(deps: {
  /** 403 for another project's resource, 404 for none (src/tenancy/ownership.ts). */
  ownership: Ownership;
  connections: Pick<ConnectionRepository, 'findInProject' | 'findActiveForEntity'>;
  authConfigs: Pick<AuthConfigRepository, 'findInProject'>;
  cache: HotCache;
}) {
  const byId = deps.cache.map<ResolvedConnection>('connections');
  const byEntity = deps.cache.map<ResolvedConnection>('entityConnections');

  function assertUsable(c: IConnection): void {
    if (c.disabled)
      throw badRequest(`Connection ${c.id} is disabled; enable it with PATCH /api/v1/connectors/connections/${c.id} {"disabled": false}`);
    if (c.status !== 'ACTIVE') {
      throw badRequest(`Connection ${c.id} is ${c.status}, not ACTIVE${c.statusReason ? `: ${c.statusReason}` : ''}`, { status: c.status });
    }
  }

  async function load(
    projectId: string,
    toolkitSlug: string | null,
    by: { connectionId?: string; entityId?: string },
  ): Promise<ResolvedConnection> {
    let connection: IConnection | null;
    if (by.connectionId) {
      connection = await deps.connections.findInProject(projectId, by.connectionId);
      if (!connection)
        throw await deps.ownership.refusal(projectId, 'connection', by.connectionId, `Connection ${by.connectionId} not found`);
      if (toolkitSlug !== null && connection.toolkitSlug !== toolkitSlug) {
        throw badRequest(`Connection ${connection.id} is for ${connection.toolkitSlug}, not ${toolkitSlug}`);
      }
    } else if (by.entityId && toolkitSlug !== null) {
      connection = await deps.connections.findActiveForEntity(projectId, by.entityId, toolkitSlug);
      if (!connection) throw new NoActiveConnectionError(by.entityId, toolkitSlug);
    } else {
      throw badRequest("Pass connectedAccountId, or entityId to use that entity's connection", {
        errors: [{ field: 'connectedAccountId', message: 'or entityId is required' }],
      });
    }
    assertUsable(connection);
    const authConfig = await deps.authConfigs.findInProject(projectId, connection.authConfigId);
    if (!authConfig) throw notFound(`Auth config ${connection.authConfigId} of connection ${connection.id} not found`, 'auth_config');
    return { connection, authConfig };
  }

  return {
    /** `toolkitSlug` null: any toolkit (the proxy works on whatever the connection is for). */
    async resolve(
      projectId: string,
      toolkitSlug: string | null,
      by: { connectionId?: string; entityId?: string },
    ): Promise<ResolvedConnection> {
      const key = by.connectionId ? `${projectId}:${by.connectionId}` : `${projectId}:${by.entityId ?? ''}:${toolkitSlug ?? ''}`;
      const hit = (by.connectionId ? byId : byEntity).get(key);
      if (hit && (toolkitSlug === null || hit.connection.toolkitSlug === toolkitSlug)) {
        assertUsable(hit.connection);
        return hit;
      }
      const resolved = await load(projectId, toolkitSlug, by);
      (by.connectionId ? byId : byEntity).set(key, resolved);
      return resolved;
    },
  };
}

export type ConnectionResolver = ReturnType<typeof createConnectionResolver>;
