/**
 * Starting an OAuth authorization on a connection: for a new connection (initiate) and, in place,
 * for one that needs a new authorization (reauthorize: EXPIRED or FAILED). Each attempt gets a
 * fresh state nonce and expiry and, with PKCE, a fresh verifier in the vault; the callback
 * (oauth-callback-handler.ts) completes it the same way in both cases.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Catalog } from '../catalog/catalog.js';
import type { OAuth2Config } from '../catalog/catalog-schema.js';
import { renderOAuth2 } from '../catalog/connection-config.js';
import type { Clock } from '../clock.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { ConnectionStatus, IAuthConfig, IConnection } from '../db/entities/index.js';
import type { AuthConfigRepository } from '../db/repositories/auth-config-repository.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import type { Db } from '../db/fork-per-call.js';
import { badRequest, notFound } from '../errors.js';
import type { VaultService } from '../vault/vault-service.js';
import type { AuthConfigService } from './auth-config-service.js';
import { buildAuthorizeUrl } from './oauth2-client.js';
import { STATE_TTL_MS, type StateSigner } from './oauth-state.js';
import { newCodeVerifier, s256Challenge } from './pkce.js';

/** OAuth connections that need a new authorization and may get one in place. */
const REAUTHORIZABLE: readonly ConnectionStatus[] = ['EXPIRED', 'FAILED'];

/** What a re-authorization in place is given besides the connection. */
interface ReauthorizeInput {
  /** Where the callback sends the browser afterwards; null: nowhere (its own page); absent: as before. */
  redirectUrl?: string | null;
  /** A hosted reconnect link's browser binding (link-trust.ts), stored with the new state. */
  browserHash?: string;
  /** The statuses it may start from (default EXPIRED or FAILED; a reconnect link also takes REVOKED). */
  from?: readonly ConnectionStatus[];
}

export interface OAuthAttempt {
  id: string;
  toolkitSlug: string;
  /** The method's OAuth settings as rendered for this connection. */
  oauth: OAuth2Config;
  authConfig: IAuthConfig;
  scopes: string[];
}

/** Writes the connection row of an attempt (insert or update) inside the attempt's transaction. */
export type StoreAttempt = (fields: { stateNonce: string; stateExpiresAt: Date }, tx: EntityManager) => Promise<unknown>;

export function createOAuthAuthorization(deps: {
  db: Db;
  rows: Pick<ConnectionRepository, 'update'>;
  authConfigRows: Pick<AuthConfigRepository, 'findInProject'>;
  catalog: Pick<Catalog, 'requireOAuthMethod'>;
  vault: VaultService;
  authConfigs: Pick<AuthConfigService, 'oauthClient'>;
  state: StateSigner;
  cache: HotCache;
  clock: Clock;
  callbackUrl: (toolkitSlug: string) => string;
  loadConnection: (projectId: string, id: string) => Promise<IConnection>;
}) {
  const { db, rows, vault, state } = deps;

  /**
   * One attempt: nonce, expiry and verifier written with the row (`store`) in one transaction, then
   * the provider's authorize URL. The OAuth client is read first, so a missing one leaves nothing.
   */
  async function start(attempt: OAuthAttempt, store: StoreAttempt): Promise<string> {
    const { id, toolkitSlug, oauth, scopes } = attempt;
    const client = await deps.authConfigs.oauthClient(attempt.authConfig);
    const nonce = state.newNonce();
    const expiresAt = deps.clock.now() + STATE_TTL_MS;
    const verifier = oauth.pkce ? newCodeVerifier() : undefined;
    await db.transaction(async (tx) => {
      await store({ stateNonce: nonce, stateExpiresAt: new Date(expiresAt) }, tx);
      if (verifier) await vault.put({ ownerType: 'connection', ownerId: id, name: 'pkce_verifier' }, verifier, tx);
    });
    return buildAuthorizeUrl(oauth, {
      clientId: client.clientId,
      redirectUri: deps.callbackUrl(toolkitSlug),
      scopes,
      state: state.sign({ c: id, s: toolkitSlug, n: nonce, e: expiresAt }),
      ...(verifier ? { codeChallenge: s256Challenge(verifier) } : {}),
    });
  }

  /** True when `reauthorize` applies: an OAuth connection that is EXPIRED or FAILED. */
  const needsReauthorization = (conn: IConnection): boolean => conn.authMethodKind === 'oauth2' && REAUTHORIZABLE.includes(conn.status);

  /**
   * A new authorization in place: the same id goes back to INITIATED with a new nonce, expiry and
   * verifier; the callback then stores the new tokens over the old ones (or marks it FAILED). A
   * state issued before no longer matches the nonce, so an old link is refused. `redirectUrl`
   * replaces where the callback sends the browser.
   */
  async function reauthorize(
    projectId: string,
    id: string,
    input: ReauthorizeInput = {},
  ): Promise<{ connectionId: string; redirectUrl: string }> {
    const from = input.from ?? REAUTHORIZABLE;
    const conn = await deps.loadConnection(projectId, id);
    if (conn.authMethodKind !== 'oauth2') {
      throw badRequest(`Connection ${id} uses ${conn.authMethodKind} credentials: give it new credentials instead of re-authorizing`);
    }
    if (!from.includes(conn.status)) {
      throw badRequest(`Connection ${id} is ${conn.status}; only ${from.join(' or ')} OAuth connections are re-authorized`);
    }
    const method = deps.catalog.requireOAuthMethod('connection', conn);
    const authConfig = await deps.authConfigRows.findInProject(projectId, conn.authConfigId);
    if (!authConfig) throw notFound(`Auth config ${conn.authConfigId} not found`, 'auth_config');
    if (authConfig.disabled) throw badRequest(`Auth config ${authConfig.id} is disabled; enable it to re-authorize ${id}`);
    const oauth = renderOAuth2(method.oauth2, conn.connectionConfig);
    const scopes = conn.requestedScopes ?? authConfig.scopes ?? oauth.defaultScopes;
    const redirectUrl = await start({ id, toolkitSlug: conn.toolkitSlug, oauth, authConfig, scopes }, async (attempt, tx) => {
      // A verifier left by an abandoned attempt must not reach the next code exchange.
      await vault.destroy({ ownerType: 'connection', ownerId: id, name: 'pkce_verifier' }, tx);
      const changed = await rows.update(
        id,
        {
          status: 'INITIATED',
          statusReason: `waiting for the user to authorize again at the provider (was ${conn.status})`,
          requestedScopes: scopes,
          callbackRedirectUrl: input.redirectUrl !== undefined ? input.redirectUrl : conn.callbackRedirectUrl,
          // Through the API: no browser of an earlier hosted link is expected; a reconnect link binds its own.
          stateBrowserHash: input.browserHash ?? null,
          ...attempt,
        },
        { status: { $in: [...from] } },
        tx,
      );
      if (changed !== 1)
        throw badRequest(`Connection ${id} changed while it was being re-authorized (it is no longer ${conn.status}); read it again`);
    });
    await deps.cache.invalidate();
    return { connectionId: id, redirectUrl };
  }

  return { start, needsReauthorization, reauthorize };
}
