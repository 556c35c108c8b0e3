/**
 * The connection lifecycle (spec 1, 2.1, 3, 4.1, 4.2, 4.4, 4.5, 4.12): initiate (OAuth redirect
 * or pending), connect with credentials, the OAuth callback, reads, alias/disable, delete. Token
 * refresh and revocation live in token-service.ts. States are documented in docs/connections.md.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { Config } from '../config.js';
import type { Catalog } from '../catalog/catalog.js';
import type { OAuth2AuthMethodDef, ToolkitFile } from '../catalog/catalog-schema.js';
import { AuthConfig, Connection, type ConnectionStatus, type IAuthConfig, type IConnection } from '../db/entities/index.js';
import { badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { ProviderHttpClient } from '../providers/http-client.js';
import type { VaultService } from '../vault/vault-service.js';
import type { AuthConfigService } from './auth-config-service.js';
import { connectionView, type ConnectionView } from './connection-view.js';
import { buildAuthorizeUrl, exchangeCode } from './oauth2-client.js';
import { STATE_TTL_MS, type StateSigner } from './oauth-state.js';
import { newCodeVerifier, s256Challenge } from './pkce.js';
import type { HotCache } from '../cache/hot-cache.js';

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

export interface ConnectInput {
  entityId: string;
  credentials: Record<string, string>;
  authConfigId?: string;
  authMethodId?: string;
  connectionConfig?: Record<string, string>;
  /** Completes a PENDING connection made by initiate instead of creating a new one. */
  connectionId?: string;
  alias?: string;
}

export interface ListConnectionsQuery {
  authConfigId?: string;
  entityId?: string;
  toolkit?: string;
  status?: ConnectionStatus;
  ids?: string[];
  limit: number;
  offset: number;
}

export interface CallbackOutcome {
  status: 'ACTIVE' | 'FAILED' | 'REJECTED';
  message: string;
  connectionId?: string;
  redirectUrl?: string | null;
}

export function createConnectionService(deps: {
  orm: MikroORM;
  catalog: Catalog;
  vault: VaultService;
  authConfigs: AuthConfigService;
  http: ProviderHttpClient;
  state: StateSigner;
  cache: HotCache;
  config: Pick<Config, 'publicBaseUrl'>;
}) {
  const { orm, catalog, vault, authConfigs, http, state, cache } = deps;

  const callbackUrl = (slug: string) => `${deps.config.publicBaseUrl}/api/v1/connectors/${encodeURIComponent(slug)}/callback`;

  function toolkitOrFail(slug: string): ToolkitFile {
    const toolkit = catalog.getToolkit(slug);
    if (!toolkit) throw notFound(`Unknown toolkit "${slug}"`);
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
      const found = await orm.em.fork().findOne(AuthConfig, { id: input.authConfigId, projectId });
      if (!found) throw notFound(`Auth config ${input.authConfigId} not found`);
      if (found.toolkitSlug !== toolkit.slug) {
        throw badRequest(`Auth config ${found.id} belongs to toolkit ${found.toolkitSlug}, not ${toolkit.slug}`, { errors: [{ field: 'authConfigId', message: 'belongs to another toolkit' }] });
      }
      if (found.disabled) throw badRequest(`Auth config ${found.id} is disabled; enable it or use another`);
      return found;
    }
    let candidates = await authConfigs.forToolkit(projectId, toolkit.slug);
    if (input.authMethodId) candidates = candidates.filter((c) => c.authMethodId === input.authMethodId);
    if (wantDirect) candidates = candidates.filter((c) => c.authMethodKind !== 'oauth2');
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length > 1) {
      throw badRequest(`Several auth configs exist for ${toolkit.slug} (${candidates.map((c) => c.id).join(', ')}); pass authConfigId to choose one`, {
        errors: [{ field: 'authConfigId', message: 'required when several auth configs exist' }],
      });
    }
    const methods = toolkit.authMethods.filter((m) => (wantDirect ? m.kind !== 'oauth2' : true));
    const methodId = input.authMethodId ?? (methods.length === 1 ? methods[0]!.id : undefined);
    if (!methodId) {
      throw badRequest(`${toolkit.slug} has no auth config in this project; pass authMethodId (one of: ${methods.map((m) => m.id).join(', ') || 'none'}) or create an auth config first`, {
        errors: [{ field: 'authMethodId', message: 'required when no auth config exists' }],
      });
    }
    beforeCreate(methodId);
    return authConfigs.create(projectId, { slug: toolkit.slug, authMethodId: methodId });
  }

  async function loadConnection(projectId: string, id: string): Promise<IConnection> {
    const found = await orm.em.fork().findOne(Connection, { id, projectId });
    if (!found) throw notFound(`Connection ${id} not found`);
    return found;
  }

  async function setStatus(id: string, status: ConnectionStatus, reason: string | null, extra: Partial<IConnection> = {}): Promise<void> {
    await orm.em.fork().nativeUpdate(Connection, { id }, { status, statusReason: reason, updatedAt: new Date(), ...extra });
    await cache.invalidate();
  }

  return {
    async initiate(projectId: string, slug: string, input: InitiateInput): Promise<{ connectionId: string; redirectUrl?: string }> {
      const toolkit = toolkitOrFail(slug);
      const authConfig = await resolveAuthConfig(projectId, toolkit, input, false);
      const method = catalog.getAuthMethod(toolkit.slug, authConfig.authMethodId);
      if (!method) throw badRequest(`Auth method ${authConfig.authMethodId} no longer exists in ${toolkit.slug}`);
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
        connectionConfig: input.connectionConfig ?? null,
        callbackRedirectUrl: input.redirectUrl ?? null,
        grantedScopes: null,
        tokenExpiresAt: null,
        lastRefreshedAt: null,
      };
      const em = orm.em.fork();
      if (method.kind !== 'oauth2') {
        em.create(Connection, { ...base, status: 'PENDING', statusReason: 'waiting for credentials (POST /connectors/{slug}/connect with connectionId)', requestedScopes: null, stateNonce: null, stateExpiresAt: null });
        await em.flush();
        return { connectionId: id };
      }
      const oauth = (method as OAuth2AuthMethodDef).oauth2;
      const client = await authConfigs.oauthClient(authConfig);
      const scopes = input.scopes ?? authConfig.scopes ?? oauth.defaultScopes;
      const nonce = state.newNonce();
      const expiresAt = Date.now() + STATE_TTL_MS;
      const verifier = oauth.pkce ? newCodeVerifier() : undefined;
      await em.transactional(async (tx) => {
        tx.create(Connection, { ...base, status: 'INITIATED', statusReason: 'waiting for the user to authorize at the provider', requestedScopes: scopes, stateNonce: nonce, stateExpiresAt: new Date(expiresAt) });
        await tx.flush();
        if (verifier) await vault.put({ ownerType: 'connection', ownerId: id, name: 'pkce_verifier' }, verifier, tx);
      });
      const redirectUrl = buildAuthorizeUrl(oauth, {
        clientId: client.clientId,
        redirectUri: callbackUrl(toolkit.slug),
        scopes,
        state: state.sign({ c: id, s: toolkit.slug, n: nonce, e: expiresAt }),
        ...(verifier ? { codeChallenge: s256Challenge(verifier) } : {}),
      });
      return { connectionId: id, redirectUrl };
    },

    async connect(projectId: string, slug: string, input: ConnectInput): Promise<{ connectionId: string }> {
      const toolkit = toolkitOrFail(slug);
      const direct = toolkit.authMethods.filter((m) => m.kind !== 'oauth2');
      if (direct.length === 0) {
        throw badRequest(`${toolkit.slug} does not accept submitted credentials; its auth methods are: ${toolkit.authMethods.map((m) => `${m.id} (${m.kind})`).join(', ')}. Use initiate for OAuth.`);
      }
      let pending: IConnection | undefined;
      if (input.connectionId) {
        pending = await loadConnection(projectId, input.connectionId);
        if (pending.toolkitSlug !== toolkit.slug || pending.status !== 'PENDING') {
          throw badRequest(`Connection ${pending.id} is not a pending ${toolkit.slug} connection (status ${pending.status})`);
        }
      }
      const validate = (authMethodId: string) => {
        const result = catalog.validateCredentials(toolkit.slug, authMethodId, input.credentials);
        if (!result.ok) {
          throw badRequest(`Invalid credentials: ${result.errors.map((e) => `${e.field || 'credentials'} ${e.message}`).join('; ')}`, {
            errors: result.errors.map((e) => ({ field: `credentials${e.field ? '.' + e.field : ''}`, message: e.message })),
          });
        }
        return result.value;
      };
      const authConfig = pending
        ? await authConfigs.get(projectId, pending.authConfigId)
        : await resolveAuthConfig(projectId, toolkit, input, true, validate);
      if (authConfig.authMethodKind === 'oauth2') {
        throw badRequest(`Auth config ${authConfig.id} uses OAuth; submit credentials with an ${direct.map((m) => m.kind).join('/')} auth config`);
      }
      const credentials = validate(authConfig.authMethodId);
      const id = pending?.id ?? newId('ca');
      await orm.em.fork().transactional(async (tx) => {
        if (pending) {
          await tx.nativeUpdate(Connection, { id }, { status: 'ACTIVE', statusReason: null, updatedAt: new Date(), ...(input.alias ? { alias: input.alias } : {}) });
        } else {
          tx.create(Connection, {
            id, projectId, authConfigId: authConfig.id, toolkitSlug: toolkit.slug, authMethodId: authConfig.authMethodId,
            authMethodKind: authConfig.authMethodKind, entityId: input.entityId, status: 'ACTIVE', statusReason: null,
            disabled: false, alias: input.alias ?? null, requestedScopes: null, grantedScopes: null,
            connectionConfig: input.connectionConfig ?? null, callbackRedirectUrl: null, stateNonce: null, stateExpiresAt: null,
            tokenExpiresAt: null, lastRefreshedAt: null,
          });
          await tx.flush();
        }
        await vault.put({ ownerType: 'connection', ownerId: id, name: 'credentials' }, credentials, tx);
      });
      await cache.invalidate();
      return { connectionId: id };
    },

    /** The provider sent the user back. Only the connection named by a valid state is touched. */
    async handleCallback(slug: string, query: { code?: string; state?: string; error?: string; error_description?: string }): Promise<CallbackOutcome> {
      if (!query.state) return { status: 'REJECTED', message: 'The request carries no state; start the connection again from your application.' };
      const checked = state.verify(query.state);
      if (!checked.ok && checked.reason !== 'expired') {
        return { status: 'REJECTED', message: 'The authorization state is invalid; start the connection again from your application.' };
      }
      const payload = checked.payload;
      const conn = await orm.em.fork().findOne(Connection, { id: payload.c });
      if (!conn) return { status: 'REJECTED', message: 'This connection no longer exists.' };
      const out = (status: 'ACTIVE' | 'FAILED', message: string): CallbackOutcome => ({ status, message, connectionId: conn.id, redirectUrl: conn.callbackRedirectUrl ?? null });
      if (conn.status !== 'INITIATED' || conn.stateNonce !== payload.n) {
        // A replayed state never changes a connection that already completed.
        return { status: 'REJECTED', message: 'This authorization link was already used; start the connection again if needed.', connectionId: conn.id };
      }
      // Claim the state atomically: of two concurrent callbacks only one proceeds.
      const claimed = await orm.em.fork().nativeUpdate(Connection, { id: conn.id, status: 'INITIATED', stateNonce: payload.n }, { stateNonce: null });
      if (claimed !== 1) return { status: 'REJECTED', message: 'This authorization link was already used.', connectionId: conn.id };
      const fail = async (reason: string) => {
        await setStatus(conn.id, 'FAILED', reason);
        await vault.destroy({ ownerType: 'connection', ownerId: conn.id, name: 'pkce_verifier' });
        return out('FAILED', reason);
      };
      if (!checked.ok) return fail('The authorization link expired before the user finished; initiate a new connection.');
      if (payload.s !== slug) return fail(`The callback arrived for toolkit ${slug} but the connection is for ${payload.s}.`);
      if (query.error) return fail(`The provider refused authorization: ${query.error.slice(0, 100)}${query.error_description ? ` (${query.error_description.slice(0, 200)})` : ''}`);
      if (!query.code) return fail('The provider sent no authorization code.');
      const method = catalog.getAuthMethod(conn.toolkitSlug, conn.authMethodId);
      if (!method || method.kind !== 'oauth2') return fail('The toolkit no longer has this OAuth method.');
      const authConfig = await authConfigs.get(conn.projectId, conn.authConfigId);
      const verifier = await vault.get<string>({ ownerType: 'connection', ownerId: conn.id, name: 'pkce_verifier' });
      let result;
      try {
        result = await exchangeCode(http, method.oauth2, await authConfigs.oauthClient(authConfig), {
          code: query.code,
          redirectUri: callbackUrl(conn.toolkitSlug),
          ...(verifier ? { codeVerifier: verifier.value } : {}),
        });
      } catch (err) {
        return fail(`The token exchange with the provider failed: ${err instanceof Error ? err.message : 'network error'}`);
      }
      if (!result.ok) return fail(`The provider refused the token exchange: ${result.error}${result.description ? ` (${result.description})` : ''}`);
      const tokens = result.tokens;
      await orm.em.fork().transactional(async (tx) => {
        await vault.put({ ownerType: 'connection', ownerId: conn.id, name: 'oauth_tokens' }, tokens, tx);
        await vault.destroy({ ownerType: 'connection', ownerId: conn.id, name: 'pkce_verifier' }, tx);
        await tx.nativeUpdate(Connection, { id: conn.id }, {
          status: 'ACTIVE', statusReason: null, updatedAt: new Date(), stateExpiresAt: null,
          grantedScopes: result.grantedScopes ?? conn.requestedScopes ?? [],
          tokenExpiresAt: tokens.expires_at ? new Date(tokens.expires_at) : null,
        });
      });
      await cache.invalidate();
      return out('ACTIVE', `Connected to ${catalog.getToolkit(conn.toolkitSlug)?.name ?? conn.toolkitSlug}. You can close this window.`);
    },

    get: loadConnection,

    async view(projectId: string, id: string): Promise<ConnectionView> {
      return connectionView(await loadConnection(projectId, id));
    },

    async list(projectId: string, q: ListConnectionsQuery): Promise<{ items: ConnectionView[]; total: number }> {
      const where: Record<string, unknown> = { projectId };
      if (q.authConfigId) where.authConfigId = q.authConfigId;
      if (q.entityId) where.entityId = q.entityId;
      if (q.toolkit) where.toolkitSlug = q.toolkit;
      if (q.status) where.status = q.status;
      if (q.ids) where.id = { $in: q.ids };
      const [rows, total] = await orm.em.fork().findAndCount(Connection, where, { limit: q.limit, offset: q.offset, orderBy: { createdAt: 'desc', id: 'desc' } });
      return { items: rows.map(connectionView), total };
    },

    async update(projectId: string, id: string, input: { alias?: string | null; disabled?: boolean }): Promise<ConnectionView> {
      const em = orm.em.fork();
      const found = await em.findOne(Connection, { id, projectId });
      if (!found) throw notFound(`Connection ${id} not found`);
      if (input.alias !== undefined) found.alias = input.alias;
      if (input.disabled !== undefined) found.disabled = input.disabled;
      await em.flush();
      await cache.invalidate();
      return connectionView(found);
    },

    /** Deletes the connection and destroys its secrets. */
    async remove(projectId: string, id: string): Promise<void> {
      await loadConnection(projectId, id);
      await orm.em.fork().transactional(async (tx) => {
        await vault.destroy({ ownerType: 'connection', ownerId: id }, tx);
        await tx.nativeDelete(Connection, { id, projectId });
      });
      await cache.invalidate();
    },

    setStatus,
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
