/**
 * Connections made from submitted credentials (API key, basic, bearer): connect, which creates an
 * ACTIVE connection or completes a PENDING one from initiate, and credential replacement on an
 * existing one. The row and its sealed credentials always change in one transaction, so no reader
 * ever sees a connection without credentials or a half-replaced one.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ToolkitFile } from '../catalog/catalog-schema.js';
import type { ConnectionStatus, IAuthConfig, IConnection } from '../db/entities/index.js';
import type { Db } from '../db/fork-per-call.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import type { HotCache } from '../cache/hot-cache.js';
import { validateConnectionConfig } from '../catalog/connection-config.js';
import { badRequest, forbidden } from '../errors.js';
import { newId } from '../ids.js';
import type { VaultService } from '../vault/vault-service.js';
import type { AuthConfigService } from './auth-config-service.js';
import type { ConnectionEvents } from './connection-events.js';
import type { CredentialVerifier } from './credential-verification.js';
import type { ConnectionVerifier } from './link-trust.js';

export interface ConnectInput {
  entityId: string;
  credentials: Record<string, string>;
  authConfigId?: string;
  authMethodId?: string;
  connectionConfig?: Record<string, string>;
  /** Completes a PENDING connection made by initiate instead of creating a new one. */
  connectionId?: string;
  alias?: string;
  /** Made through a hosted connect link: the project's verifier confirms it before it becomes ACTIVE. */
  viaConnectLink?: boolean;
}

export interface CredentialConnectionDeps {
  db: Db;
  rows: Pick<ConnectionRepository, 'insert' | 'update' | 'findInProject'>;
  catalog: Catalog;
  vault: VaultService;
  authConfigs: Pick<AuthConfigService, 'get'>;
  cache: HotCache;
  toolkitOrFail: (slug: string) => ToolkitFile;
  loadConnection: (projectId: string, id: string) => Promise<IConnection>;
  resolveAuthConfig: (
    projectId: string,
    toolkit: ToolkitFile,
    input: { authConfigId?: string; authMethodId?: string },
    wantDirect: boolean,
    beforeCreate?: (authMethodId: string) => void,
  ) => Promise<IAuthConfig>;
  connectionEvents: Pick<ConnectionEvents, 'activated'>;
  /** Sends the auth method's verification request with the submitted credentials (credential-verification.ts). */
  verifyCredentials: CredentialVerifier;
  /** The project's verifier (link-trust.ts), asked about connections made through hosted links. */
  verifier?: Pick<ConnectionVerifier, 'confirm'>;
}

export function createCredentialConnections(deps: CredentialConnectionDeps) {
  const { db, rows, catalog, vault, authConfigs, cache, toolkitOrFail, loadConnection, resolveAuthConfig } = deps;

  /** The submitted fields checked against the auth method's credential schema (400 naming each field). */
  function checkCredentials(
    toolkitSlug: string,
    authMethodId: string,
    credentials: Record<string, string>,
    field = 'credentials',
  ): Record<string, string> {
    const result = catalog.validateCredentials(toolkitSlug, authMethodId, credentials);
    if (!result.ok) {
      throw badRequest(
        `Invalid credentials: ${result.errors.map((e) => `${e.field ? `${field}.${e.field}` : field} ${e.message}`).join('; ')}`,
        {
          errors: result.errors.map((e) => ({ field: `${field}${e.field ? '.' + e.field : ''}`, message: e.message })),
        },
      );
    }
    return result.value as Record<string, string>;
  }

  return {
    async connect(projectId: string, slug: string, input: ConnectInput): Promise<{ connectionId: string }> {
      const toolkit = toolkitOrFail(slug);
      const direct = toolkit.authMethods.filter((m) => m.kind !== 'oauth2');
      if (direct.length === 0) {
        throw badRequest(
          `${toolkit.slug} does not accept submitted credentials; its auth methods are: ${toolkit.authMethods.map((m) => `${m.id} (${m.kind})`).join(', ')}. Use initiate for OAuth.`,
        );
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
      // A pending connection keeps the fields given at initiate unless new ones are given.
      const fieldsOf = (authMethodId: string) => {
        const method = toolkit.authMethods.find((m) => m.id === authMethodId);
        if (pending && input.connectionConfig === undefined) return pending.connectionConfig ?? null;
        return method ? validateConnectionConfig(method, input.connectionConfig) : (input.connectionConfig ?? null);
      };
      const authConfig = pending
        ? await authConfigs.get(projectId, pending.authConfigId)
        : await resolveAuthConfig(projectId, toolkit, input, true, (methodId) => {
            validate(methodId);
            fieldsOf(methodId);
          });
      if (authConfig.authMethodKind === 'oauth2') {
        throw badRequest(
          `Auth config ${authConfig.id} uses OAuth; submit credentials with an ${direct.map((m) => m.kind).join('/')} auth config`,
        );
      }
      const credentials = validate(authConfig.authMethodId) as Record<string, string>;
      const connectionConfig = fieldsOf(authConfig.authMethodId);
      const method = toolkit.authMethods.find((m) => m.id === authConfig.authMethodId);
      // Before anything is written: a key the provider refuses is a 400 and leaves nothing behind.
      if (method && method.kind !== 'oauth2') await deps.verifyCredentials(toolkit, method, credentials, connectionConfig);
      const id = pending?.id ?? newId('ca');
      if (input.viaConnectLink && deps.verifier) {
        const refusal = await deps.verifier.confirm({
          id,
          projectId,
          entityId: pending?.entityId ?? input.entityId,
          toolkitSlug: toolkit.slug,
        });
        if (refusal) {
          // PENDING -> FAILED with the verifier's answer: the state says why; nothing is stored.
          if (pending) await rows.update(id, { status: 'FAILED', statusReason: refusal }, { status: 'PENDING' });
          await cache.invalidate();
          throw forbidden(refusal, { verifier: true });
        }
      }
      await db.transaction(async (tx) => {
        const before = pending ? ((await rows.findInProject(projectId, id, tx)) ?? undefined) : undefined;
        if (pending) {
          await rows.update(
            id,
            { status: 'ACTIVE', statusReason: null, connectionConfig, ...(input.alias ? { alias: input.alias } : {}) },
            {},
            tx,
          );
        } else {
          await rows.insert(
            {
              id,
              projectId,
              authConfigId: authConfig.id,
              toolkitSlug: toolkit.slug,
              authMethodId: authConfig.authMethodId,
              authMethodKind: authConfig.authMethodKind,
              entityId: input.entityId,
              status: 'ACTIVE',
              statusReason: null,
              disabled: false,
              alias: input.alias ?? null,
              requestedScopes: null,
              grantedScopes: null,
              connectionConfig,
              callbackRedirectUrl: null,
              stateNonce: null,
              stateExpiresAt: null,
              tokenExpiresAt: null,
              lastRefreshedAt: null,
            },
            tx,
          );
        }
        await vault.put({ ownerType: 'connection', ownerId: id, name: 'credentials' }, credentials, tx);
        await deps.connectionEvents.activated(tx, { id, projectId }, before);
      });
      await cache.invalidate();
      return { connectionId: id };
    },

    /**
     * New credentials for an existing credential (non-OAuth) connection, whatever its status: the
     * sealed credentials and the ACTIVE status are written in one transaction (no PENDING window,
     * nothing to put back on failure). `field` names where the caller put them, for error messages.
     * From a hosted reconnect link (`viaConnectLink`), the project's verifier confirms first (a
     * refusal leaves the connection as it was) and `from` limits the statuses it may come from.
     */
    async replaceCredentials(
      projectId: string,
      id: string,
      credentials: Record<string, string>,
      field = 'credentials',
      options: { viaConnectLink?: boolean; from?: readonly ConnectionStatus[] } = {},
    ): Promise<IConnection> {
      const conn = await loadConnection(projectId, id);
      const method = catalog.requireAuthMethod('connection', conn);
      if (method.kind === 'oauth2') {
        throw badRequest(`Connection ${id} uses OAuth; its tokens come from the provider. Initiate a new connection to re-authorize.`, {
          errors: [{ field, message: 'cannot be set on an OAuth connection' }],
        });
      }
      const { from } = options;
      const notFrom = (status: ConnectionStatus) =>
        badRequest(`Connection ${id} is ${status}; only ${from!.join(', ')} connections get new credentials this way`);
      if (from && !from.includes(conn.status)) throw notFrom(conn.status);
      const checked = checkCredentials(conn.toolkitSlug, conn.authMethodId, credentials, field);
      await deps.verifyCredentials(toolkitOrFail(conn.toolkitSlug), method, checked, conn.connectionConfig ?? null, field);
      if (options.viaConnectLink && deps.verifier) {
        // Refused: nothing is stored and the connection keeps its status (it worked before, or may have).
        const refusal = await deps.verifier.confirm(conn);
        if (refusal) throw forbidden(refusal, { verifier: true });
      }
      await db.transaction(async (tx) => {
        const before = (await rows.findInProject(projectId, id, tx)) ?? undefined;
        // Changed meanwhile (another reconnect, a revoke): nothing is written.
        if (from && before && !from.includes(before.status)) throw notFrom(before.status);
        await vault.put({ ownerType: 'connection', ownerId: id, name: 'credentials' }, checked, tx);
        await rows.update(id, { status: 'ACTIVE', statusReason: null }, {}, tx);
        await deps.connectionEvents.activated(tx, { id, projectId }, before);
      });
      await cache.invalidate();
      return loadConnection(projectId, id);
    },
  };
}
