/**
 * Valid credentials for outbound calls, refresh and revocation (spec 4.6). Every provider call
 * gets its injectable values here. Refresh is shared: concurrent callers in this process await
 * one promise, and on PostgreSQL instances serialise on a row lock of the sealed tokens, re-read
 * them after taking it, and skip the provider call when another instance already refreshed.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Catalog } from '../catalog/catalog.js';
import type { OAuth2AuthMethodDef } from '../catalog/catalog-schema.js';
import { renderOAuth2 } from '../catalog/connection-config.js';
import type { ConnectionStatus, IConnection } from '../db/entities/index.js';
import type { Db } from '../db/fork-per-call.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import { badRequest, BrokerError, internalError } from '../errors.js';
import type { ProviderHttpClient } from '../providers/http-client.js';
import type { SecretRef, VaultService } from '../vault/vault-service.js';
import type { AuthConfigService } from './auth-config-service.js';
import { refreshTokens, revokeAtProvider, type OAuthTokens } from './oauth2-client.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { BrokerMetrics } from '../metrics/broker-metrics.js';
import type { Clock } from '../clock.js';
import type { ConnectionRefreshConfig } from '../config.js';
import type { ConnectionEvents } from './connection-events.js';

/** Refresh this long before the provider's expiry, so a call never leaves with a dying token;
 *  at most half the token's lifetime, so short-lived tokens are not refreshed on every call. */
export const REFRESH_MARGIN_MS = 60_000;

/** `expired`: only a new authorization helps (refused refresh token, none issued). `error`: a
 *  transient failure (timeout, provider 5xx, network) that left the connection as it was. */
export type RefreshOutcome =
  { kind: 'ok'; tokens: OAuthTokens; refreshed: boolean } | { kind: 'expired'; reason: string } | { kind: 'error'; error: BrokerError };

const UNCHANGED = 'the connection is unchanged';

/** A refresh that threw: a timeout stays the declared 408 (spec 7 rule 4), anything else is 500. */
function transientFailure(err: unknown): BrokerError {
  const detail = err instanceof Error ? err.message : 'network error';
  if (err instanceof BrokerError && err.code === 'TIMEOUT')
    return new BrokerError('TIMEOUT', `Token refresh: ${detail}; ${UNCHANGED}; retry later`);
  return internalError(`Token refresh failed: ${detail}; ${UNCHANGED}; retry later`);
}

const tokensRef = (id: string): SecretRef => ({ ownerType: 'connection', ownerId: id, name: 'oauth_tokens' });
function expiresWithinMargin(t: OAuthTokens, now: number): boolean {
  if (t.expires_at === undefined) return false;
  const margin = Math.min(REFRESH_MARGIN_MS, (t.expires_at - t.obtained_at) / 2);
  return t.expires_at - now < margin;
}

/** Stored reasons stay short: a cause for a person, not a transcript. */
const MAX_REASON_LENGTH = 300;
const shortReason = (reason: string) => (reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…` : reason);

/** What the health refresher did with one connection (renewInBackground). */
export type BackgroundRenewal = 'renewed' | 'failed' | 'expired' | 'skipped';

export function createTokenService(deps: {
  db: Db;
  connectionRows: Pick<ConnectionRepository, 'update' | 'findInProject' | 'recordRefreshFailure'>;
  catalog: Catalog;
  vault: VaultService;
  authConfigs: AuthConfigService;
  http: ProviderHttpClient;
  cache: HotCache;
  clock: Clock;
  metrics: Pick<BrokerMetrics, 'recordRefresh'>;
  /** When the health refresher should next renew a connection, and how it backs off. */
  health: Pick<ConnectionRefreshConfig, 'windowMs' | 'idleMs' | 'retryBaseMs' | 'retryMaxMs'>;
  /** connection.expired / refresh_failed / recovered / revoked, each in the transaction of its change. */
  connectionEvents: Pick<ConnectionEvents, 'record' | 'refreshFailed' | 'refreshed'>;
}) {
  const { db, connectionRows: rows, catalog, vault, authConfigs, http, cache, connectionEvents: events } = deps;
  const expiringSoon = (t: OAuthTokens) => expiresWithinMargin(t, deps.clock.now());
  const inflight = new Map<string, Promise<RefreshOutcome>>();
  /**
   * Opened secrets by `connection:name`, for as long as the cache epoch lasts (any change to a
   * connection or its tokens drops them, on every instance). Opening a row (two AES-GCM
   * decryptions) per execution showed (docs/internals/performance.md#caches); the process holds the master keys anyway,
   * so a value kept opened in its memory exposes nothing a memory dump would not.
   */
  const openedSecrets = cache.map<{ value: unknown; version: number }>('openedSecrets');

  async function storedSecret<T>(connId: string, name: 'oauth_tokens' | 'credentials'): Promise<{ value: T; version: number } | undefined> {
    const key = `${connId}:${name}`;
    let opened = openedSecrets.get(key);
    if (!opened) {
      const loaded = await vault.get<T>({ ownerType: 'connection', ownerId: connId, name });
      if (!loaded) return undefined;
      openedSecrets.set(key, (opened = loaded));
    }
    return opened as { value: T; version: number };
  }

  const oauthMethod = (conn: IConnection): OAuth2AuthMethodDef => catalog.requireOAuthMethod('connection', conn);

  /**
   * When the refresher next renews tokens it just got: before they enter the expiry window, and
   * at the latest when the refresh token has been idle too long; never sooner than half the
   * token's lifetime, so a token shorter-lived than the window is not renewed on every run.
   */
  function nextRenewalAt(t: OAuthTokens, now: number): Date {
    let at = t.obtained_at + deps.health.idleMs;
    if (t.expires_at !== undefined) at = Math.min(at, Math.max(t.expires_at - deps.health.windowMs, now + (t.expires_at - now) / 2));
    return new Date(at);
  }

  /** ACTIVE -> EXPIRED (told once, with its event); an EXPIRED one only gets the newer reason. */
  async function markExpired(conn: IConnection, reason: string): Promise<void> {
    // Health: the refused refresh is the last failure; nothing to renew until authorized again.
    const health = { lastRefreshFailedAt: new Date(deps.clock.now()), lastRefreshError: shortReason(reason), nextRefreshAt: null };
    await db.transaction(async (tx) => {
      if ((await rows.update(conn.id, { status: 'EXPIRED', statusReason: reason, ...health }, { status: 'ACTIVE' }, tx)) === 1)
        await events.record(tx, conn, 'connection.expired');
      else await rows.update(conn.id, { statusReason: reason, ...health }, { status: 'EXPIRED' }, tx);
    });
    await cache.invalidate();
  }

  /** A transient refresh failure: the connection is unchanged; subscribers are told once (connection-events.ts). */
  async function reportRefreshFailure(conn: IConnection, reason: string): Promise<void> {
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      // Health first, so the event's connection shows the failure and the next attempt's time.
      const failures = await rows.recordRefreshFailure(conn.id, new Date(now), shortReason(reason), tx);
      const wait = Math.min(deps.health.retryMaxMs, deps.health.retryBaseMs * 2 ** Math.min(failures - 1, 30));
      await rows.update(conn.id, { nextRefreshAt: new Date(now + wait) }, { status: 'ACTIVE' }, tx);
      const current = await rows.findInProject(conn.projectId, conn.id, tx);
      if (current) await events.refreshFailed(tx, current);
    });
  }

  /** One refresh against the provider, under the row lock; `seenVersion` is what the caller held. */
  async function refreshLocked(conn: IConnection, seenVersion: number | undefined, force: boolean): Promise<RefreshOutcome> {
    const method = oauthMethod(conn);
    // Read before locking: inside the lock only the token row and the provider call remain.
    const client = await authConfigs.oauthClient(await authConfigs.get(conn.projectId, conn.authConfigId));
    type Locked = RefreshOutcome & { usedRefresh?: string };
    const work = async (tx: EntityManager): Promise<Locked> => {
      const row = await vault.getForUpdate<OAuthTokens>(tokensRef(conn.id), tx);
      if (!row) return { kind: 'expired', reason: 'No tokens are stored for this connection; authorize again.' };
      const current = row.value;
      // Another caller (or instance) refreshed while we waited for the lock: use its tokens.
      if (seenVersion !== undefined && row.version !== seenVersion && !expiringSoon(current))
        return { kind: 'ok', tokens: current, refreshed: false };
      if (!force && !expiringSoon(current)) return { kind: 'ok', tokens: current, refreshed: false };
      if (!method.oauth2.refresh || !current.refresh_token) {
        return { kind: 'expired', reason: `The access token expired and ${conn.toolkitSlug} issued no refresh token; authorize again.` };
      }
      let result;
      try {
        result = await refreshTokens(http, renderOAuth2(method.oauth2, conn.connectionConfig), client, current.refresh_token, deps.clock);
      } catch (err) {
        return { kind: 'error', error: transientFailure(err) };
      }
      if (!result.ok) {
        return result.invalidGrant
          ? {
              kind: 'expired',
              reason: `The provider refused the refresh token (${result.error}); authorize again.`,
              usedRefresh: current.refresh_token,
            }
          : {
              kind: 'error',
              error: internalError(
                `Token refresh failed at the provider: ${result.error} (HTTP ${result.status}); ${UNCHANGED}` +
                  (result.status >= 500 || result.status === 429 ? '; retry later' : ''),
              ),
            };
      }
      const tokens = result.tokens;
      const grantedScopes = result.grantedScopes;
      // The new pair, the status and its event in one transaction: on PostgreSQL the one holding
      // the lock; on SQLite one of its own, opened only now that the provider call is done.
      const store = async (w: EntityManager) => {
        const before = await rows.findInProject(conn.projectId, conn.id, w);
        await vault.put(tokensRef(conn.id), tokens, w);
        const changed = await rows.update(
          conn.id,
          {
            status: 'ACTIVE',
            statusReason: null,
            // The injected clock, as every lifetime here: the refresher compares these with it.
            lastRefreshedAt: new Date(deps.clock.now()),
            tokenExpiresAt: tokens.expires_at ? new Date(tokens.expires_at) : null,
            refreshFailures: 0,
            nextRefreshAt: nextRenewalAt(tokens, deps.clock.now()),
            ...(grantedScopes ? { grantedScopes } : {}),
          },
          // Only ACTIVE (or EXPIRED, revived) connections: never one revoked or re-authorizing meanwhile.
          { status: { $in: ['ACTIVE', 'EXPIRED'] } },
          w,
        );
        if (changed === 1) await events.refreshed(w, conn, before ?? undefined);
      };
      await (db.isPostgres ? store(tx) : db.transaction(store));
      return { kind: 'ok', tokens, refreshed: true };
    };
    // PostgreSQL: a transaction holding the row lock serialises instances. SQLite serves one
    // process (the single flight above covers it) and has one connection, which a transaction
    // spanning the provider call would hold hostage.
    const outcome = db.isPostgres ? await db.transaction(work) : await work(db.em());
    if (outcome.kind === 'error' || outcome.usedRefresh || (outcome.kind === 'ok' && outcome.refreshed))
      deps.metrics.recordRefresh(conn.toolkitSlug, outcome.kind === 'ok' ? 'success' : outcome.kind === 'error' ? 'error' : 'rejected');
    if (outcome.kind === 'expired' && outcome.usedRefresh) {
      // A rotated refresh token may simply have been used by another instance: re-read first.
      const now = await vault.get<OAuthTokens>(tokensRef(conn.id));
      if (now && now.value.refresh_token !== outcome.usedRefresh && !expiringSoon(now.value))
        return { kind: 'ok', tokens: now.value, refreshed: false };
    }
    if (outcome.kind === 'expired') await markExpired(conn, outcome.reason);
    if (outcome.kind === 'error') await reportRefreshFailure(conn, outcome.error.message);
    if (outcome.kind === 'ok' && outcome.refreshed) await cache.invalidate();
    if (outcome.kind === 'ok') return { kind: 'ok', tokens: outcome.tokens, refreshed: outcome.refreshed };
    return outcome.kind === 'expired' ? { kind: 'expired', reason: outcome.reason } : outcome;
  }

  /** Single flight per connection in this process. */
  function refresh(conn: IConnection, seenVersion: number | undefined, force: boolean): Promise<RefreshOutcome> {
    const running = inflight.get(conn.id);
    if (running) return running;
    const p = refreshLocked(conn, seenVersion, force).finally(() => inflight.delete(conn.id));
    inflight.set(conn.id, p);
    return p;
  }

  return {
    /**
     * The values an auth method's inject templates need: OAuth `{access_token}` (refreshed when
     * about to expire) or the submitted credential fields.
     */
    async injectValues(conn: IConnection): Promise<Record<string, string>> {
      if (conn.authMethodKind !== 'oauth2') {
        const creds = await storedSecret<Record<string, string>>(conn.id, 'credentials');
        if (!creds) throw badRequest(`Connection ${conn.id} has no stored credentials; connect it again`);
        return creds.value;
      }
      const stored = await storedSecret<OAuthTokens>(conn.id, 'oauth_tokens');
      if (!stored) throw badRequest(`Connection ${conn.id} has no stored tokens; authorize it again`);
      let tokens = stored.value;
      if (expiringSoon(tokens)) {
        const outcome = await refresh(conn, stored.version, false);
        if (outcome.kind === 'error') throw outcome.error;
        if (outcome.kind === 'expired') throw badRequest(`Connection ${conn.id} needs re-authorization: ${outcome.reason}`);
        tokens = outcome.tokens;
      }
      return { access_token: tokens.access_token };
    },

    /**
     * After a provider 401 on an OAuth connection: the values to retry with, from one refresh
     * shared with concurrent callers (or the token another caller already got), or undefined
     * when there is none (a refused refresh token has then marked the connection EXPIRED). A
     * transient refresh failure throws (408 or 500), as it does before a call.
     */
    async refreshAfterUnauthorized(conn: IConnection, usedAccessToken: string): Promise<Record<string, string> | undefined> {
      const stored = await vault.get<OAuthTokens>(tokensRef(conn.id));
      if (stored && stored.value.access_token !== usedAccessToken) return { access_token: stored.value.access_token };
      const outcome = await refresh(conn, stored?.version, true);
      if (outcome.kind === 'error') throw outcome.error;
      return outcome.kind === 'ok' ? { access_token: outcome.tokens.access_token } : undefined;
    },

    /**
     * The health refresher's renewal of one ACTIVE OAuth connection, through the same single
     * flight and row lock as every other refresh: tokens about to expire are renewed, and an idle
     * refresh token is used once (so the provider does not let it lapse). A connection with
     * nothing to refresh with is left alone until its access token is about to expire, when the
     * refresh marks it EXPIRED as a call would.
     */
    async renewInBackground(conn: IConnection, due: { expiringBefore: number; idleBefore: number }): Promise<BackgroundRenewal> {
      const method = catalog.getAuthMethod(conn.toolkitSlug, conn.authMethodId);
      const stored = await vault.get<OAuthTokens>(tokensRef(conn.id));
      const now = deps.clock.now();
      if (!method || method.kind !== 'oauth2' || !stored) {
        // Nothing to renew (a retired auth method, no tokens): look again in a day.
        await rows.update(conn.id, { nextRefreshAt: new Date(now + deps.health.idleMs) });
        return 'skipped';
      }
      // Renewed since the connection was picked (a call, another instance): nothing left to do.
      const { expires_at: expiresAt, obtained_at: obtainedAt } = stored.value;
      if (!(expiresAt !== undefined && expiresAt <= due.expiringBefore) && obtainedAt > due.idleBefore) {
        await rows.update(conn.id, { nextRefreshAt: nextRenewalAt(stored.value, now) });
        return 'skipped';
      }
      const canRefresh = !!method.oauth2.refresh && !!stored.value.refresh_token;
      if (!canRefresh && !expiringSoon(stored.value)) {
        // Look again when the token is about to die (then it is EXPIRED), or in a day.
        await rows.update(conn.id, { nextRefreshAt: new Date(expiresAt ? expiresAt - REFRESH_MARGIN_MS : now + deps.health.idleMs) });
        return 'skipped';
      }
      const outcome = await refresh(conn, stored.version, canRefresh);
      return outcome.kind === 'ok' ? 'renewed' : outcome.kind === 'expired' ? 'expired' : 'failed';
    },

    /**
     * The provider answered 401 to a credential (non-OAuth) connection's call: nothing can renew
     * a key, so it is EXPIRED (with `connection.expired`) until new credentials are given. Only
     * when the credentials used are still the stored ones: a 401 to a key replaced meanwhile
     * says nothing about the new one.
     */
    async credentialsRejected(conn: IConnection, used: Readonly<Record<string, string>>): Promise<void> {
      const stored = await vault.get<Record<string, string>>({ ownerType: 'connection', ownerId: conn.id, name: 'credentials' });
      if (!stored || JSON.stringify(stored.value) !== JSON.stringify(used)) return;
      await markExpired(conn, 'The provider rejected the stored credentials (HTTP 401); give the connection new credentials');
    },

    /** The provider rejected the refreshed token too: only a new authorization can help. */
    async rejectedAfterRefresh(conn: IConnection): Promise<void> {
      await markExpired(conn, 'The provider rejected the token again after a refresh (HTTP 401)');
    },

    /** POST /connections/{id}/refresh. */
    async refreshConnection(conn: IConnection, strict: boolean): Promise<{ status: ConnectionStatus; needsRedirect: boolean }> {
      const method = catalog.requireAuthMethod('connection', conn);
      const supported = method.kind === 'oauth2' && method.oauth2.refresh;
      if (!supported) {
        if (strict) throw badRequest(`${conn.toolkitSlug} (${conn.authMethodKind}) does not support refreshing credentials`);
        return { status: conn.status, needsRedirect: ['EXPIRED', 'FAILED', 'REVOKED'].includes(conn.status) };
      }
      if (!['ACTIVE', 'EXPIRED'].includes(conn.status)) return { status: conn.status, needsRedirect: true };
      const outcome = await refresh(conn, undefined, true);
      if (outcome.kind === 'ok') return { status: 'ACTIVE', needsRedirect: false };
      if (outcome.kind === 'expired') return { status: 'EXPIRED', needsRedirect: true };
      throw outcome.error;
    },

    /**
     * POST /connections/{id}/revoke, from ACTIVE or EXPIRED only: revocation at the provider, then
     * local destruction and REVOKED. Where the provider cannot revoke (no revocation endpoint, a
     * credential connection, a retired auth method) a lenient revoke changes nothing (spec 4.6):
     * destroying our copy would report a revocation while the credential stays valid at the
     * provider. Deleting the connection is how to forget such credentials.
     */
    async revokeConnection(conn: IConnection, strict: boolean): Promise<{ status: ConnectionStatus; revokedTokens: string[] }> {
      if (conn.status !== 'ACTIVE' && conn.status !== 'EXPIRED') {
        throw badRequest(`Connection ${conn.id} is ${conn.status}; only ACTIVE or EXPIRED connections can be revoked`, {
          status: conn.status,
        });
      }
      const method = strict ? catalog.requireAuthMethod('connection', conn) : catalog.getAuthMethod(conn.toolkitSlug, conn.authMethodId);
      const unsupported = !method
        ? `Connection ${conn.id} uses auth method "${conn.authMethodId}", which ${conn.toolkitSlug} no longer has`
        : method.kind !== 'oauth2'
          ? `${conn.toolkitSlug} (${method.kind}) credentials cannot be revoked at the provider; delete the connection to forget them`
          : !method.oauth2.revocation
            ? `${conn.toolkitSlug} has no token revocation endpoint; delete the connection to forget its tokens`
            : undefined;
      if (unsupported) {
        if (strict) throw badRequest(unsupported);
        return { status: conn.status, revokedTokens: [] };
      }
      if (method?.kind === 'oauth2') {
        const revocation = method.oauth2.revocation;
        const stored = await vault.get<OAuthTokens>(tokensRef(conn.id));
        if (revocation && stored) {
          let status = 0;
          let failure: unknown;
          try {
            status = await revokeAtProvider(
              http,
              renderOAuth2(method.oauth2, conn.connectionConfig),
              await authConfigs.oauthClient(await authConfigs.get(conn.projectId, conn.authConfigId)),
              stored.value,
            );
          } catch (err) {
            status = 0;
            failure = err;
          }
          const accepted = (status >= 200 && status < 300) || status === 404;
          if (!accepted && strict && failure instanceof BrokerError && failure.code === 'TIMEOUT')
            throw new BrokerError('TIMEOUT', `The provider did not confirm the revocation: ${failure.message}; nothing was changed`);
          if (!accepted && strict)
            throw internalError(
              `The provider did not confirm the revocation (${status ? `HTTP ${status}` : 'no answer'}); nothing was changed`,
            );
        }
      }
      // The secrets, the status and its event together: a reader never sees REVOKED with tokens, nor the event without the change.
      const destroyed = await db.transaction(async (tx) => {
        const names = await vault.destroy({ ownerType: 'connection', ownerId: conn.id }, tx);
        const changed = await rows.update(
          conn.id,
          { status: 'REVOKED', statusReason: 'Revoked through the API; stored credentials were destroyed.', tokenExpiresAt: null },
          { status: { $in: ['ACTIVE', 'EXPIRED'] } },
          tx,
        );
        if (changed === 1) await events.record(tx, conn, 'connection.revoked');
        return names;
      });
      const stored = destroyed.includes('oauth_tokens');
      const revokedTokens = [
        ...(stored ? ['access_token'] : []),
        ...(stored && method?.kind === 'oauth2' && method.oauth2.refresh ? ['refresh_token'] : []),
      ];
      await cache.invalidate();
      return { status: 'REVOKED', revokedTokens };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
