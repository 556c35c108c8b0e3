/**
 * A project's auth configs and connections as the console shows and changes them. The reads and
 * the changes are the native API's own (src/connections services and views, which never hold a
 * secret); this adds the console's audit log entry for every change. Who may read or change is
 * the routes' declared role (plugins/console/route-access.ts).
 *
 * The connection list pages with an opaque cursor over the native list's offset (newest first):
 * a connection made between two page reads shifts the rest by one, so one item may show twice;
 * none is skipped for that reason.
 */
import type { ConnectionStatus } from '../db/entities/index.js';
import type {
  AuthConfigService,
  AuthConfigView,
  CreateAuthConfigInput,
  UpdateAuthConfigInput,
} from '../connections/auth-config-service.js';
import type { createConnectLinkService } from '../connections/connect-link-service.js';
import type { ConnectionService } from '../connections/connection-service.js';
import type { ConnectionView } from '../connections/connection-view.js';
import type { TokenService } from '../connections/token-service.js';
import { badRequest } from '../errors.js';
import type { Actor } from '../tenancy/actor.js';
import { changedFields, type Audited } from '../tenancy/audited.js';

/** Where a request acts: the organization's project it names. */
export interface ProjectTarget {
  organizationId: string;
  projectId: string;
}

export interface ConnectionListQuery {
  status?: ConnectionStatus | undefined;
  toolkit?: string | undefined;
  userId?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const encodeOffset = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function decodeOffset(cursor: string): number {
  const match = /^o:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('cursor is not a cursor this list returned', { errors: [{ field: 'cursor', message: 'unknown cursor' }] });
  return Number(match[1]);
}

/** A change of an auth config from the console: `enabled`, or the native update's fields. */
export type AuthConfigChange = Omit<UpdateAuthConfigInput, 'disabled'> & { enabled?: boolean | undefined };

/** A hosted connect link as the console shows it; `reconnect`: it brings back the connection `connectionId` itself. */
export interface ConsoleConnectLink {
  connectionId: string;
  url: string;
  expiresAt: string;
  reconnect?: boolean;
}

export function createConsoleResourceService(deps: {
  audit: Pick<Audited, 'record'>;
  authConfigs: Pick<AuthConfigService, 'create' | 'list' | 'view' | 'update' | 'remove'>;
  connections: Pick<ConnectionService, 'list' | 'get' | 'update' | 'remove'>;
  connectLinks: Pick<ReturnType<typeof createConnectLinkService>, 'create'>;
  tokens: Pick<TokenService, 'revokeConnection'>;
}) {
  const { audit, authConfigs, connections } = deps;

  const record = (actor: Actor, t: ProjectTarget, action: string, targetType: string, targetId: string, detail: Record<string, unknown>) =>
    audit.record(actor, { organizationId: t.organizationId, projectId: t.projectId, action, targetType, targetId, detail });

  const configDetail = (c: AuthConfigView) => ({ name: c.name, toolkit: c.toolkit });
  const connectionDetail = (c: { toolkitSlug: string; entityId: string }) => ({ toolkit: c.toolkitSlug, userId: c.entityId });

  return {
    async listAuthConfigs(t: ProjectTarget, q: { toolkit?: string | undefined; limit: number; offset: number }) {
      return authConfigs.list(t.projectId, { toolkit: q.toolkit, limit: q.limit, offset: q.offset });
    },

    /** Creates one through the native service (same checks, same errors); the secret goes to the vault. */
    async createAuthConfig(actor: Actor, t: ProjectTarget, input: CreateAuthConfigInput): Promise<AuthConfigView> {
      const created = await authConfigs.create(t.projectId, input);
      const view = await authConfigs.view(t.projectId, created.id);
      await record(actor, t, 'auth_config.created', 'auth_config', view.id, {
        ...configDetail(view),
        authMethodId: view.authMethodId,
        isManaged: view.isManaged,
      });
      return view;
    },

    /**
     * Changes name, scopes, tools, client id or secret (the native update's rules) and/or enables or
     * disables. The audit entry names the fields changed, never a value of the secret.
     */
    async updateAuthConfig(actor: Actor, t: ProjectTarget, authConfigId: string, change: AuthConfigChange): Promise<AuthConfigView> {
      const { enabled, ...fields } = change;
      const edits = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as UpdateAuthConfigInput;
      let view = await authConfigs.view(t.projectId, authConfigId);
      if (Object.keys(edits).length > 0) {
        view = await authConfigs.update(t.projectId, authConfigId, edits);
        await record(actor, t, 'auth_config.updated', 'auth_config', authConfigId, {
          ...configDetail(view),
          changed: changedFields(edits),
        });
      }
      return enabled === undefined ? view : this.setAuthConfigEnabled(actor, t, authConfigId, enabled);
    },

    /** Enables or disables; no audit entry when it already was so. */
    async setAuthConfigEnabled(actor: Actor, t: ProjectTarget, authConfigId: string, enabled: boolean): Promise<AuthConfigView> {
      const before = await authConfigs.view(t.projectId, authConfigId);
      if (before.disabled === !enabled) return before;
      const after = await authConfigs.update(t.projectId, authConfigId, { disabled: !enabled });
      await record(actor, t, enabled ? 'auth_config.enabled' : 'auth_config.disabled', 'auth_config', authConfigId, configDetail(after));
      return after;
    },

    /** Deletes the auth config with its connections and their secrets (as the native DELETE does). */
    async deleteAuthConfig(actor: Actor, t: ProjectTarget, authConfigId: string): Promise<void> {
      const before = await authConfigs.view(t.projectId, authConfigId);
      const deletedConnections = await authConfigs.remove(t.projectId, authConfigId);
      await record(actor, t, 'auth_config.deleted', 'auth_config', authConfigId, {
        ...configDetail(before),
        deletedConnections: deletedConnections.length,
      });
    },

    async listConnections(t: ProjectTarget, q: ConnectionListQuery): Promise<{ items: ConnectionView[]; nextCursor: string | null }> {
      const offset = q.cursor ? decodeOffset(q.cursor) : 0;
      const page = await connections.list(t.projectId, {
        status: q.status,
        toolkit: q.toolkit,
        entityId: q.userId,
        limit: q.limit,
        offset,
      });
      const next = offset + page.items.length;
      return { items: page.items, nextCursor: page.items.length > 0 && next < page.total ? encodeOffset(next) : null };
    },

    /** Enables or disables; no audit entry when it already was so. */
    async setConnectionEnabled(actor: Actor, t: ProjectTarget, connectionId: string, enabled: boolean): Promise<ConnectionView> {
      const before = await connections.get(t.projectId, connectionId);
      // Read now: the row is the request's managed entity, which the update's re-read refreshes.
      const changes = before.disabled !== !enabled;
      const detail = connectionDetail(before);
      const after = await connections.update(t.projectId, connectionId, { disabled: !enabled });
      if (changes) await record(actor, t, enabled ? 'connection.enabled' : 'connection.disabled', 'connection', connectionId, detail);
      return after;
    },

    /** Revokes the tokens at the provider where it can (best effort, as a non-strict native revoke) and destroys them. */
    async revokeConnection(actor: Actor, t: ProjectTarget, connectionId: string) {
      const conn = await connections.get(t.projectId, connectionId);
      const result = await deps.tokens.revokeConnection(conn, false);
      await record(actor, t, 'connection.revoked', 'connection', connectionId, {
        ...connectionDetail(conn),
        revokedTokens: result.revokedTokens,
      });
      return result;
    },

    /**
     * A hosted connect link (the native POST /connect-links) for an end user: a new connection of
     * the auth config, INITIATED (OAuth) or PENDING (credentials), completed by the user on the page.
     */
    async createConnectLink(
      actor: Actor,
      t: ProjectTarget,
      input: { authConfigId: string; entityId: string },
    ): Promise<ConsoleConnectLink> {
      const link = await deps.connectLinks.create(t.projectId, { authConfigId: input.authConfigId, entityId: input.entityId });
      await record(actor, t, 'connect_link.created', 'connection', link.connectionId, {
        userId: input.entityId,
        authConfigId: input.authConfigId,
      });
      return { connectionId: link.connectionId, url: link.url, expiresAt: link.expiresAt.toISOString() };
    },

    /**
     * Reconnect an EXPIRED, FAILED or REVOKED connection in place: a hosted link (the native POST
     * /connect-links with `connectionId`) that brings back this same connection, ACTIVE with its id,
     * once the end user consents or enters new credentials. The link service refuses other statuses.
     */
    async reconnect(actor: Actor, t: ProjectTarget, connectionId: string): Promise<ConsoleConnectLink> {
      const conn = await connections.get(t.projectId, connectionId);
      // Read now: the row is the request's managed entity, which the link service's reads refresh.
      const detail = { ...connectionDetail(conn), authConfigId: conn.authConfigId, reconnect: true };
      const link = await deps.connectLinks.create(t.projectId, { authConfigId: conn.authConfigId, entityId: conn.entityId, connectionId });
      await record(actor, t, 'connect_link.created', 'connection', link.connectionId, detail);
      return { connectionId: link.connectionId, url: link.url, expiresAt: link.expiresAt.toISOString(), reconnect: true };
    },

    /** Deletes the connection and destroys its secrets. */
    async deleteConnection(actor: Actor, t: ProjectTarget, connectionId: string): Promise<void> {
      const conn = await connections.get(t.projectId, connectionId);
      await connections.remove(t.projectId, connectionId);
      await record(actor, t, 'connection.deleted', 'connection', connectionId, connectionDetail(conn));
    },
  };
}
