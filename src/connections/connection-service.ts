/**
 * The connection lifecycle (spec 1, 2.1, 3, 4.1, 4.2, 4.4, 4.5, 4.12): initiate (OAuth redirect
 * or pending), connect with credentials, the OAuth callback, reads, alias/disable, delete. Token
 * refresh and revocation live in token-service.ts. States are documented in docs/guides/connections.md.
 */
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import type { Catalog } from '../catalog/catalog.js';
import type { OAuth2AuthMethodDef, ToolkitFile } from '../catalog/catalog-schema.js';
import { renderOAuth2, validateConnectionConfig } from '../catalog/connection-config.js';
import type { ConnectionStatus, IAuthConfig, IConnection } from '../db/entities/index.js';
import type { Db } from '../db/fork-per-call.js';
import type { ConnectionFilters, ConnectionRepository, NewConnection } from '../db/repositories/connection-repository.js';
import type { AuthConfigRepository } from '../db/repositories/auth-config-repository.js';
import type { Projects } from '../tenancy/projects.js';
import { assertAllowedRedirect } from './redirect-allowlist.js';
import type { TokenService } from './token-service.js';
import { createCredentialConnections } from './credential-connections.js';
import { createCredentialVerifier } from './credential-verification.js';
import type { ConnectionVerifier } from './link-trust.js';
import { createOAuthCallbackHandler } from './oauth-callback-handler.js';

import { badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { ProviderHttpClient } from '../providers/http-client.js';
import type { VaultService } from '../vault/vault-service.js';
import type { AuthConfigService } from './auth-config-service.js';
import { connectionView, type ConnectionView } from './connection-view.js';
import { oauthCallbackUrl, type StateSigner } from './oauth-state.js';
import { createOAuthAuthorization } from './oauth-authorization.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { ConnectionEvents } from './connection-events.js';
import type { ProviderAccountLookup } from '../triggers/ingress/provider-accounts.js';
import type { Ownership } from '../tenancy/ownership.js';

export interface InitiateInput {
  entityId: string;
  authConfigId?: string;
  authMethodId?: string;
  scopes?: string[];
  connectionConfig?: Record<string, string>;
  /** Where to send the user's browser after the callback (optional). */
  redirectUrl?: string;
  alias?: string;
}

/** Why an OAuth attempt whose state lifetime ended reads FAILED (the callback says the same). */
const ABANDONED_REASON = 'The authorization link expired before the user finished; initiate a new connection.';

export interface ListConnectionsQuery {
  authConfigId?: string;
  entityId?: string;
  toolkit?: string;
  status?: ConnectionStatus;
  ids?: string[];
  limit: number;
  offset: number;
}

/** Revoke applies to these (docs/guides/connections.md); the others hold no provider credentials to revoke. */
const revocable = (c: IConnection) => c.status === 'ACTIVE' || c.status === 'EXPIRED';

export function createConnectionService(deps: {
  /** 403 for another project's resource, 404 for none (src/tenancy/ownership.ts). */
  ownership: Ownership;
  db: Db;
  connectionRows: ConnectionRepository;
  authConfigRows: Pick<AuthConfigRepository, 'findInProject' | 'findManyInProject'>;
  /** Revocation at the provider (delete with revoke). */
  tokens: Pick<TokenService, 'revokeConnection'>;
  catalog: Catalog;
  vault: VaultService;
  authConfigs: AuthConfigService;
  http: ProviderHttpClient;
  /** The provider client of tool calls: sends credential verification requests (credential-verification.ts). */
  providerHttp: Pick<ProviderHttpClient, 'request'>;
  state: StateSigner;
  cache: HotCache;
  config: Pick<Config, 'publicBaseUrl'>;
  clock: Clock;
  /** The project's allowed redirect URLs, for an initiate's `redirectUrl`. */
  projects: Pick<Projects, 'find'>;
  /** The lifecycle's events (created, recovered, deleted…), each in the transaction of its change. */
  connectionEvents: Pick<ConnectionEvents, 'activated' | 'recordView'>;
  /** Learns a new OAuth connection's provider account (provider webhooks route by it). */
  providerAccount?: ProviderAccountLookup;
  /** The project's verifier of connections made through hosted links (link-trust.ts). */
  verifier?: ConnectionVerifier;
}) {
  const { db, connectionRows: rows, catalog, vault, authConfigs, http, state, cache } = deps;

  const callbackUrl = (slug: string) => oauthCallbackUrl(deps.config.publicBaseUrl, slug);

  function toolkitOrFail(slug: string): ToolkitFile {
    const toolkit = catalog.getToolkit(slug);
    if (!toolkit) throw notFound(`Unknown toolkit "${slug}"`, 'toolkit');
    return toolkit;
  }

  /** Which auth config a new connection uses (explicit; the only one; or a managed one made now). */
  async function resolveAuthConfig(
    projectId: string,
    toolkit: ToolkitFile,
    input: { authConfigId?: string; authMethodId?: string },
    wantDirect: boolean,
    /** Runs before an implicit auth config is created, so bad input leaves nothing behind. */
    beforeCreate: (authMethodId: string) => void = () => undefined,
  ): Promise<IAuthConfig> {
    if (input.authConfigId) {
      const found = await deps.authConfigRows.findInProject(projectId, input.authConfigId);
      if (!found)
        throw await deps.ownership.refusal(projectId, 'auth_config', input.authConfigId, `Auth config ${input.authConfigId} not found`);
      if (found.toolkitSlug !== toolkit.slug) {
        throw badRequest(`Auth config ${found.id} belongs to toolkit ${found.toolkitSlug}, not ${toolkit.slug}`, {
          errors: [{ field: 'authConfigId', message: 'belongs to another toolkit' }],
        });
      }
      if (found.disabled) throw badRequest(`Auth config ${found.id} is disabled; enable it or use another`);
      return found;
    }
    let candidates = await authConfigs.forToolkit(projectId, toolkit.slug);
    if (input.authMethodId) candidates = candidates.filter((c) => c.authMethodId === input.authMethodId);
    if (wantDirect) candidates = candidates.filter((c) => c.authMethodKind !== 'oauth2');
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length > 1) {
      throw badRequest(
        `Several auth configs exist for ${toolkit.slug} (${candidates.map((c) => c.id).join(', ')}); pass authConfigId to choose one`,
        {
          errors: [{ field: 'authConfigId', message: 'required when several auth configs exist' }],
        },
      );
    }
    const methods = toolkit.authMethods.filter((m) => (wantDirect ? m.kind !== 'oauth2' : true));
    const methodId = input.authMethodId ?? (methods.length === 1 ? methods[0]!.id : undefined);
    if (!methodId) {
      throw badRequest(
        `${toolkit.slug} has no auth config in this project; pass authMethodId (one of: ${methods.map((m) => m.id).join(', ') || 'none'}) or create an auth config first`,
        {
          errors: [{ field: 'authMethodId', message: 'required when no auth config exists' }],
        },
      );
    }
    if (toolkit.authMethods.find((m) => m.id === methodId)?.kind === 'oauth2' && !authConfigs.isManagedClientConfigured(toolkit.slug)) {
      // The implicit config would borrow the platform's OAuth app; without one the caller brings theirs.
      throw badRequest(
        `No platform-managed OAuth client is configured for ${toolkit.slug}, so no auth config can be made for you: create one with your own OAuth app ` +
          `(POST /api/v1/auth_configs {"slug": "${toolkit.slug}", "authMethodId": "${methodId}", "isManaged": false, "clientId": "...", "clientSecret": "..."}) and pass its id as authConfigId`,
        {
          errors: [
            {
              field: 'authConfigId',
              message: `required: ${toolkit.slug} has no platform-managed OAuth client; create an auth config with clientId and clientSecret`,
            },
          ],
        },
      );
    }
    beforeCreate(methodId);
    return authConfigs.create(projectId, { slug: toolkit.slug, authMethodId: methodId });
  }

  /** An OAuth attempt past its state lifetime still stored as INITIATED (the sweep has not run yet). */
  const abandoned = (c: IConnection) => c.status === 'INITIATED' && !!c.stateExpiresAt && c.stateExpiresAt.getTime() < deps.clock.now();

  /** Marks the abandoned attempts among rows just read FAILED, so polling ends; true when there were any (read again). */
  async function failAbandonedAmong(projectId: string, found: IConnection[]): Promise<boolean> {
    const ids = found.filter(abandoned).map((c) => c.id);
    if (ids.length === 0) return false;
    if ((await rows.failExpiredInitiated(new Date(deps.clock.now()), ABANDONED_REASON, { projectId, ids })) > 0) await cache.invalidate();
    return true;
  }

  async function loadConnection(projectId: string, id: string): Promise<IConnection> {
    let found = await rows.findInProject(projectId, id);
    if (found && (await failAbandonedAmong(projectId, [found]))) found = await rows.findInProject(projectId, id);
    if (!found) throw await deps.ownership.refusal(projectId, 'connection', id, `Connection ${id} not found`);
    return found;
  }

  async function setStatus(id: string, status: ConnectionStatus, reason: string | null, extra: Partial<NewConnection> = {}): Promise<void> {
    await rows.update(id, { status, statusReason: reason, ...extra });
    await cache.invalidate();
  }

  const credentials = createCredentialConnections({
    db,
    rows,
    catalog,
    vault,
    authConfigs,
    cache,
    toolkitOrFail,
    loadConnection,
    resolveAuthConfig,
    connectionEvents: deps.connectionEvents,
    verifyCredentials: createCredentialVerifier(deps.providerHttp),
    ...(deps.verifier ? { verifier: deps.verifier } : {}),
  });
  const authorization = createOAuthAuthorization({
    db,
    rows,
    authConfigRows: deps.authConfigRows,
    catalog,
    vault,
    authConfigs,
    state,
    cache,
    clock: deps.clock,
    callbackUrl,
    loadConnection,
  });
  const callbacks = createOAuthCallbackHandler({
    db,
    rows,
    catalog,
    vault,
    authConfigs,
    http,
    state,
    cache,
    callbackUrl,
    setStatus,
    clock: deps.clock,
    connectionEvents: deps.connectionEvents,
    ...(deps.providerAccount ? { providerAccount: deps.providerAccount } : {}),
    ...(deps.verifier ? { verifier: deps.verifier } : {}),
  });

  return {
    async initiate(projectId: string, slug: string, input: InitiateInput): Promise<{ connectionId: string; redirectUrl?: string }> {
      const toolkit = toolkitOrFail(slug);
      if (input.redirectUrl) await assertAllowedRedirect(deps.projects, projectId, input.redirectUrl, 'redirectUrl');
      // Fields are checked before an implicit auth config is made, so bad input leaves nothing behind.
      const checkFields = (methodId: string) => {
        const m = toolkit.authMethods.find((x) => x.id === methodId);
        if (m) validateConnectionConfig(m, input.connectionConfig);
      };
      const authConfig = await resolveAuthConfig(projectId, toolkit, input, false, checkFields);
      const method = catalog.requireAuthMethod('auth config', authConfig);
      const connectionConfig = validateConnectionConfig(method, input.connectionConfig);
      const id = newId('ca');
      const base = {
        id,
        projectId,
        authConfigId: authConfig.id,
        toolkitSlug: toolkit.slug,
        authMethodId: method.id,
        authMethodKind: method.kind,
        entityId: input.entityId,
        disabled: false,
        alias: input.alias ?? null,
        connectionConfig,
        callbackRedirectUrl: input.redirectUrl ?? null,
        grantedScopes: null,
        tokenExpiresAt: null,
        lastRefreshedAt: null,
      };
      if (method.kind !== 'oauth2') {
        await rows.insert({
          ...base,
          status: 'PENDING',
          statusReason: 'waiting for credentials (POST /connectors/{slug}/connect with connectionId)',
          requestedScopes: null,
          stateNonce: null,
          stateExpiresAt: null,
        });
        return { connectionId: id };
      }
      // OAuth URLs as rendered for this connection ({connectionConfig.<name>}).
      const oauth = renderOAuth2((method as OAuth2AuthMethodDef).oauth2, connectionConfig);
      const scopes = input.scopes ?? authConfig.scopes ?? oauth.defaultScopes;
      const redirectUrl = await authorization.start({ id, toolkitSlug: toolkit.slug, oauth, authConfig, scopes }, (attempt, tx) =>
        rows.insert(
          {
            ...base,
            status: 'INITIATED',
            statusReason: 'waiting for the user to authorize at the provider',
            requestedScopes: scopes,
            ...attempt,
          },
          tx,
        ),
      );
      return { connectionId: id, redirectUrl };
    },

    /** A new authorization of an EXPIRED or FAILED OAuth connection, in place (oauth-authorization.ts). */
    reauthorize: authorization.reauthorize,
    needsReauthorization: authorization.needsReauthorization,

    connect: credentials.connect,
    replaceCredentials: credentials.replaceCredentials,
    handleCallback: callbacks.handleCallback,

    /**
     * Binds an INITIATED OAuth attempt to the browser that continued its hosted link: the hash of
     * the cookie set there (link-trust.ts). False when the attempt is no longer waiting.
     */
    async bindBrowser(projectId: string, id: string, browserHash: string): Promise<boolean> {
      return (await rows.update(id, { stateBrowserHash: browserHash }, { projectId, status: 'INITIATED' })) === 1;
    },

    get: loadConnection,

    async view(projectId: string, id: string): Promise<ConnectionView> {
      return connectionView(await loadConnection(projectId, id));
    },

    async list(projectId: string, q: ListConnectionsQuery): Promise<{ items: ConnectionView[]; total: number }> {
      const filters: ConnectionFilters = {
        ...(q.authConfigId ? { authConfigIds: [q.authConfigId] } : {}),
        ...(q.entityId ? { entityIds: [q.entityId] } : {}),
        ...(q.toolkit ? { toolkitSlugs: [q.toolkit] } : {}),
        ...(q.status ? { states: [{ statuses: [q.status] }] } : {}),
        ...(q.ids ? { ids: q.ids } : {}),
        limit: q.limit,
        offset: q.offset,
      };
      let found = await rows.list(projectId, filters);
      // Expired attempts may change status: read again so filters and totals see FAILED.
      if (await failAbandonedAmong(projectId, found.rows)) found = await rows.list(projectId, filters);
      return { items: found.rows.map(connectionView), total: found.total };
    },

    /** Rows with several values per filter (the compat list), with their auth configs. */
    async listRows(
      projectId: string,
      filters: ConnectionFilters,
    ): Promise<{ rows: IConnection[]; total: number; authConfigs: Map<string, IAuthConfig> }> {
      let found = await rows.list(projectId, filters);
      if (await failAbandonedAmong(projectId, found.rows)) found = await rows.list(projectId, filters);
      const configs = await deps.authConfigRows.findManyInProject(projectId, [...new Set(found.rows.map((r) => r.authConfigId))]);
      return { ...found, authConfigs: new Map(configs.map((c) => [c.id, c])) };
    },

    async update(projectId: string, id: string, input: { alias?: string | null; disabled?: boolean }): Promise<ConnectionView> {
      await loadConnection(projectId, id);
      const changes: Partial<NewConnection> = {};
      if (input.alias !== undefined) changes.alias = input.alias;
      if (input.disabled !== undefined) changes.disabled = input.disabled;
      if (Object.keys(changes).length > 0) {
        await rows.update(id, changes);
        await cache.invalidate();
      }
      return connectionView(await loadConnection(projectId, id));
    },

    /** Deletes the connection and destroys its secrets; with `revoke`, first revokes its tokens at the provider (best effort, as a non-strict revoke; only ACTIVE and EXPIRED connections hold any). */
    async remove(projectId: string, id: string, options: { revoke?: boolean } = {}): Promise<void> {
      const conn = await loadConnection(projectId, id);
      if (options.revoke && revocable(conn)) await deps.tokens.revokeConnection(conn, false);
      await db.transaction(async (tx) => {
        // As it was just before: it is gone afterwards.
        const last = await rows.findInProject(projectId, id, tx);
        await vault.destroy({ ownerType: 'connection', ownerId: id }, tx);
        if ((await rows.delete(projectId, id, tx)) === 1 && last) await deps.connectionEvents.recordView(tx, last, 'connection.deleted');
      });
      await cache.invalidate();
    },

    /** Deletes an auth config with its connections; with `revoke`, their tokens are first revoked at the provider (best effort). */
    async removeAuthConfig(projectId: string, authConfigId: string, options: { revoke?: boolean } = {}): Promise<string[]> {
      await authConfigs.get(projectId, authConfigId);
      if (options.revoke) {
        for (const id of await rows.idsForAuthConfig(projectId, authConfigId)) {
          const conn = await rows.findInProject(projectId, id);
          if (conn && revocable(conn)) await deps.tokens.revokeConnection(conn, false);
        }
      }
      return authConfigs.remove(projectId, authConfigId);
    },

    setStatus,

    /** The periodic sweep (plugins/services.ts): every abandoned OAuth attempt, in every project, FAILED. Returns how many. */
    async failAbandoned(): Promise<number> {
      const changed = await rows.failExpiredInitiated(new Date(deps.clock.now()), ABANDONED_REASON);
      if (changed > 0) await cache.invalidate();
      return changed;
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
