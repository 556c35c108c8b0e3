/**
 * The OAuth callback (spec 4.12): the provider sent the user back. Only the connection named by a
 * valid signed state is touched, and its single-use state is claimed atomically; every refusal
 * after the claim marks the connection FAILED with the reason the page shows.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { OAuth2AuthMethodDef } from '../catalog/catalog-schema.js';
import { renderOAuth2 } from '../catalog/connection-config.js';
import type { ConnectionStatus } from '../db/entities/index.js';
import type { Db } from '../db/fork-per-call.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import type { HotCache } from '../cache/hot-cache.js';
import { BrokerError } from '../errors.js';
import type { ProviderHttpClient } from '../providers/http-client.js';
import type { VaultService } from '../vault/vault-service.js';
import type { AuthConfigService } from './auth-config-service.js';
import { exchangeCode } from './oauth2-client.js';
import type { StateSigner } from './oauth-state.js';
import type { Clock } from '../clock.js';
import type { ConnectionEvents } from './connection-events.js';
import type { ProviderAccountLookup } from '../triggers/ingress/provider-accounts.js';
import { browserMatches, type ConnectionVerifier } from './link-trust.js';

export interface CallbackOutcome {
  status: 'ACTIVE' | 'FAILED' | 'REJECTED';
  message: string;
  connectionId?: string;
  redirectUrl?: string | null;
}

export interface OAuthCallbackDeps {
  db: Db;
  rows: Pick<ConnectionRepository, 'findById' | 'claimState' | 'update'>;
  catalog: Catalog;
  vault: VaultService;
  authConfigs: Pick<AuthConfigService, 'get' | 'oauthClient'>;
  http: ProviderHttpClient;
  state: StateSigner;
  cache: HotCache;
  callbackUrl: (toolkitSlug: string) => string;
  setStatus: (id: string, status: ConnectionStatus, reason: string | null) => Promise<void>;
  /** Stamps obtained_at/expires_at on the exchanged tokens (tests move it). */
  clock: Clock;
  connectionEvents: Pick<ConnectionEvents, 'activated'>;
  /** The provider account the connection belongs to (HubSpot's hub id), recorded for provider webhooks; null when unknown. */
  providerAccount?: ProviderAccountLookup;
  /** The project's verifier, asked before a connection from a hosted link becomes ACTIVE (link-trust.ts). */
  verifier?: Pick<ConnectionVerifier, 'confirm'>;
}

/** Why a callback in another browser than the one that opened the link is refused (the page says it). */
export const OTHER_BROWSER_REASON =
  'The authorization was finished in a different browser from the one that opened the connect link, so it was refused. Ask the application that sent the link for a new one and open it in the browser you use.';

export function createOAuthCallbackHandler(deps: OAuthCallbackDeps) {
  const { db, rows, catalog, vault, authConfigs, http, state, cache, callbackUrl, setStatus } = deps;
  return {
    /** The provider sent the user back. Only the connection named by a valid state is touched. */
    async handleCallback(
      slug: string,
      query: { code?: string; state?: string; error?: string; error_description?: string },
      /** The browser's connect-link cookie for a connection (link-trust.ts), when the plane reads cookies. */
      browserCookie: (connectionId: string) => string | undefined = () => undefined,
    ): Promise<CallbackOutcome> {
      if (!query.state)
        return { status: 'REJECTED', message: 'The request carries no state; start the connection again from your application.' };
      const checked = state.verify(query.state);
      if (!checked.ok && checked.reason !== 'expired') {
        return { status: 'REJECTED', message: 'The authorization state is invalid; start the connection again from your application.' };
      }
      const payload = checked.payload;
      const conn = await rows.findById(payload.c);
      if (!conn) return { status: 'REJECTED', message: 'This connection no longer exists.' };
      const out = (status: 'ACTIVE' | 'FAILED', message: string): CallbackOutcome => ({
        status,
        message,
        connectionId: conn.id,
        redirectUrl: conn.callbackRedirectUrl ?? null,
      });
      if (conn.status !== 'INITIATED' || conn.stateNonce !== payload.n) {
        // A replayed state never changes a connection that already completed.
        return {
          status: 'REJECTED',
          // A FAILED attempt (e.g. expired by the sweep) says why instead.
          message:
            conn.status === 'FAILED' && conn.statusReason
              ? `This connection attempt already ended: ${conn.statusReason}`
              : 'This authorization link was already used; start the connection again if needed.',
          connectionId: conn.id,
        };
      }
      // Claim the state atomically: of two concurrent callbacks only one proceeds.
      if (!(await rows.claimState(conn.id, payload.n)))
        return { status: 'REJECTED', message: 'This authorization link was already used.', connectionId: conn.id };
      const fail = async (reason: string) => {
        await setStatus(conn.id, 'FAILED', reason);
        await vault.destroy({ ownerType: 'connection', ownerId: conn.id, name: 'pkce_verifier' });
        return out('FAILED', reason);
      };
      // Started from a hosted link: only the browser that opened it may finish (a forwarded consent URL is refused).
      if (conn.stateBrowserHash && !browserMatches(conn.stateBrowserHash, browserCookie(conn.id))) {
        await fail(OTHER_BROWSER_REASON);
        return { status: 'REJECTED', message: OTHER_BROWSER_REASON, connectionId: conn.id };
      }
      if (!checked.ok) return fail('The authorization link expired before the user finished; initiate a new connection.');
      if (payload.s !== slug) return fail(`The callback arrived for toolkit ${slug} but the connection is for ${payload.s}.`);
      if (query.error)
        return fail(
          `The provider refused authorization: ${query.error.slice(0, 100)}${query.error_description ? ` (${query.error_description.slice(0, 200)})` : ''}`,
        );
      if (!query.code) return fail('The provider sent no authorization code.');
      // No API caller to answer here: the shared lookup's refusal becomes the FAILED reason.
      let method: OAuth2AuthMethodDef;
      try {
        method = catalog.requireOAuthMethod('connection', conn);
      } catch (err) {
        if (err instanceof BrokerError) return fail(err.message);
        throw err;
      }
      const authConfig = await authConfigs.get(conn.projectId, conn.authConfigId);
      const verifier = await vault.get<string>({ ownerType: 'connection', ownerId: conn.id, name: 'pkce_verifier' });
      // The token URL as rendered for this connection ({connectionConfig.<name>}).
      const oauth = renderOAuth2(method.oauth2, conn.connectionConfig);
      let result;
      try {
        result = await exchangeCode(
          http,
          oauth,
          await authConfigs.oauthClient(authConfig),
          {
            code: query.code,
            redirectUri: callbackUrl(conn.toolkitSlug),
            ...(verifier ? { codeVerifier: verifier.value } : {}),
          },
          deps.clock,
        );
      } catch (err) {
        return fail(`The token exchange with the provider failed: ${err instanceof Error ? err.message : 'network error'}`);
      }
      if (!result.ok)
        return fail(`The provider refused the token exchange: ${result.error}${result.description ? ` (${result.description})` : ''}`);
      const tokens = result.tokens;
      // A connection from a hosted link: the application confirms the end user first (nothing is stored if not).
      if (conn.stateBrowserHash && deps.verifier) {
        const refusal = await deps.verifier.confirm(conn);
        if (refusal) return fail(refusal);
      }
      const providerAccountId = deps.providerAccount
        ? await deps.providerAccount({
            toolkitSlug: conn.toolkitSlug,
            tokenUrl: oauth.tokenUrl,
            accessToken: tokens.access_token,
            hint: result.accountHint,
          })
        : null;
      await db.transaction(async (tx) => {
        await vault.put({ ownerType: 'connection', ownerId: conn.id, name: 'oauth_tokens' }, tokens, tx);
        await vault.destroy({ ownerType: 'connection', ownerId: conn.id, name: 'pkce_verifier' }, tx);
        await rows.update(
          conn.id,
          {
            status: 'ACTIVE',
            statusReason: null,
            stateExpiresAt: null,
            stateBrowserHash: null,
            grantedScopes: result.grantedScopes ?? conn.requestedScopes ?? [],
            tokenExpiresAt: tokens.expires_at ? new Date(tokens.expires_at) : null,
            // New tokens: a backoff left by failed refreshes of the old ones no longer applies.
            refreshFailures: 0,
            nextRefreshAt: null,
            // A re-authorization that could not learn it keeps the one recorded before.
            ...(providerAccountId ? { providerAccountId } : {}),
          },
          {},
          tx,
        );
        // Created, or recovered when a re-authorization brought back one that had worked (`conn`: as it was).
        await deps.connectionEvents.activated(tx, conn, conn);
      });
      await cache.invalidate();
      return out('ACTIVE', `Connected to ${catalog.getToolkit(conn.toolkitSlug)?.name ?? conn.toolkitSlug}. You can close this window.`);
    },
  };
}
