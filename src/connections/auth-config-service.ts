/**
 * Auth configs: how a project's connections to a toolkit authenticate (spec 2.4, 4.9). A managed
 * config borrows the platform's OAuth app for that toolkit (MANAGED_OAUTH_CLIENTS); a custom one
 * holds the project's own client id, with its secret sealed in the vault.
 */
import type { Config, ManagedOAuthClient } from '../config.js';
import type { Catalog } from '../catalog/catalog.js';
import type { AuthMethodDef, ToolkitFile } from '../catalog/catalog-schema.js';
import type { IAuthConfig } from '../db/entities/index.js';
import type { Db } from '../db/fork-per-call.js';
import type { AuthConfigFilters, AuthConfigRepository } from '../db/repositories/auth-config-repository.js';
import type { ConnectionRepository } from '../db/repositories/connection-repository.js';
import { badRequest } from '../errors.js';
import { newId } from '../ids.js';
import type { VaultService } from '../vault/vault-service.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { ConnectionEvents } from './connection-events.js';
import type { Ownership } from '../tenancy/ownership.js';

export interface CreateAuthConfigInput {
  slug: string;
  authMethodId: string;
  name?: string;
  isManaged?: boolean;
  clientId?: string;
  clientSecret?: string;
  restrictToTools?: string[];
  scopes?: string[];
}

export interface UpdateAuthConfigInput {
  name?: string;
  clientId?: string;
  clientSecret?: string;
  restrictToTools?: string[] | null;
  scopes?: string[] | null;
  disabled?: boolean;
}

export interface AuthConfigView {
  id: string;
  toolkit: string;
  authMethodId: string;
  authMethodKind: string;
  name: string;
  isManaged: boolean;
  clientId: string | null;
  hasClientSecret: boolean;
  restrictToTools: string[] | null;
  scopes: string[] | null;
  disabled: boolean;
  connectionsCount: number;
  createdAt: string;
  updatedAt: string;
}

export function authConfigView(a: IAuthConfig, connectionsCount: number): AuthConfigView {
  return {
    id: a.id,
    toolkit: a.toolkitSlug,
    authMethodId: a.authMethodId,
    authMethodKind: a.authMethodKind,
    name: a.name,
    isManaged: a.isManaged,
    clientId: a.clientId ?? null,
    hasClientSecret: a.hasClientSecret,
    restrictToTools: a.restrictToTools ?? null,
    scopes: a.scopes ?? null,
    disabled: a.disabled,
    connectionsCount,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function createAuthConfigService(deps: {
  /** 403 for another project's resource, 404 for none (src/tenancy/ownership.ts). */
  ownership: Ownership;
  db: Db;
  authConfigs: AuthConfigRepository;
  connections: Pick<ConnectionRepository, 'countByAuthConfig' | 'idsForAuthConfig' | 'deleteForAuthConfig' | 'findInProject'>;
  /** connection.deleted for each connection deleted with the config, in the same transaction. */
  connectionEvents: Pick<ConnectionEvents, 'recordView'>;
  catalog: Catalog;
  vault: VaultService;
  config: Pick<Config, 'managedOAuthClients'>;
  cache: HotCache;
}) {
  const { db, authConfigs, catalog, vault } = deps;

  const managedClient = (slug: string): ManagedOAuthClient | undefined => deps.config.managedOAuthClients[slug];

  function toolkitOrFail(slug: string): ToolkitFile {
    const toolkit = catalog.getToolkit(slug);
    if (!toolkit)
      throw badRequest(`Unknown toolkit "${slug}"`, { errors: [{ field: 'slug', message: 'is not a toolkit in the catalog' }] });
    return toolkit;
  }

  function methodOrFail(toolkit: ToolkitFile, authMethodId: string, field = 'authMethodId'): AuthMethodDef {
    const method = toolkit.authMethods.find((m) => m.id === authMethodId);
    if (!method) {
      const known = toolkit.authMethods.map((m) => m.id).join(', ') || 'none';
      throw badRequest(`Toolkit ${toolkit.slug} has no auth method "${authMethodId}" (it has: ${known})`, {
        errors: [{ field, message: `must be one of: ${known}` }],
      });
    }
    return method;
  }

  function checkTools(toolkit: ToolkitFile, tools: string[] | undefined | null): void {
    if (!tools) return;
    const known = new Set(catalog.toolsOf(toolkit.slug).map((t) => t.slug));
    const unknown = tools.filter((t) => !known.has(t));
    if (unknown.length > 0) {
      throw badRequest(`restrictToTools names tools that ${toolkit.slug} does not have: ${unknown.join(', ')}`, {
        errors: unknown.map((t) => ({ field: 'restrictToTools', message: `unknown tool ${t}` })),
      });
    }
  }

  const countConnections = (ids: string[]) => deps.connections.countByAuthConfig(ids);

  async function load(projectId: string, id: string): Promise<IAuthConfig> {
    const found = await authConfigs.findInProject(projectId, id);
    if (!found) throw await deps.ownership.refusal(projectId, 'auth_config', id, `Auth config ${id} not found`);
    return found;
  }

  return {
    /** True when the platform has an OAuth app for this toolkit (drives auth method status). */
    isManagedClientConfigured: (slug: string) => managedClient(slug) !== undefined,

    async create(projectId: string, input: CreateAuthConfigInput): Promise<IAuthConfig> {
      const toolkit = toolkitOrFail(input.slug);
      const method = methodOrFail(toolkit, input.authMethodId);
      checkTools(toolkit, input.restrictToTools);
      let isManaged = false;
      if (method.kind === 'oauth2') {
        isManaged = input.isManaged ?? input.clientId === undefined;
        if (isManaged && !managedClient(toolkit.slug)) {
          throw badRequest(
            `No platform-managed OAuth client is configured for ${toolkit.slug}; create the auth config with isManaged=false and your own clientId and clientSecret`,
            { errors: [{ field: 'isManaged', message: 'no managed client for this toolkit' }] },
          );
        }
        if (!isManaged) {
          const missing = (['clientId', 'clientSecret'] as const).filter((f) => !input[f]);
          if (missing.length > 0) {
            throw badRequest(`A custom OAuth auth config needs ${missing.join(' and ')}`, {
              errors: missing.map((f) => ({ field: f, message: 'is required when isManaged is false' })),
            });
          }
        }
      } else if (input.isManaged) {
        throw badRequest(`isManaged applies to OAuth methods only; ${method.id} is ${method.kind}`, {
          errors: [{ field: 'isManaged', message: `must be false for ${method.kind}` }],
        });
      }
      const row = {
        id: newId('ac'),
        projectId,
        toolkitSlug: toolkit.slug,
        authMethodId: method.id,
        authMethodKind: method.kind,
        // The method's name alone when it already says the toolkit ("HubSpot OAuth 2.0", not "HubSpot HubSpot OAuth 2.0").
        name:
          input.name?.trim() ||
          (method.displayName.startsWith(toolkit.name) ? method.displayName : `${toolkit.name} ${method.displayName}`),
        isManaged,
        clientId: !isManaged && method.kind === 'oauth2' ? input.clientId! : null,
        hasClientSecret: !isManaged && method.kind === 'oauth2',
        restrictToTools: input.restrictToTools ?? null,
        scopes: input.scopes ?? null,
        disabled: false,
      };
      return db.transaction(async (tx) => {
        const config = await authConfigs.insert(row, tx);
        if (config.hasClientSecret)
          await vault.put({ ownerType: 'auth_config', ownerId: config.id, name: 'client_secret' }, input.clientSecret, tx);
        return config;
      });
    },

    get: load,

    async view(projectId: string, id: string): Promise<AuthConfigView> {
      const found = await load(projectId, id);
      return authConfigView(found, (await countConnections([id])).get(id) ?? 0);
    },

    async list(projectId: string, q: AuthConfigFilters) {
      const { rows, total } = await authConfigs.list(projectId, q);
      const counts = await countConnections(rows.map((r) => r.id));
      return { items: rows.map((r) => authConfigView(r, counts.get(r.id) ?? 0)), total };
    },

    /** The enabled auth configs a project has for one toolkit (connection initiation resolves among them). */
    forToolkit: (projectId: string, toolkitSlug: string): Promise<IAuthConfig[]> => authConfigs.enabledForToolkit(projectId, toolkitSlug),

    /** The toolkits the project has at least one auth config for. */
    toolkitsInUse: async (projectId: string): Promise<Set<string>> => new Set(await authConfigs.toolkitSlugs(projectId)),

    /** The tools connections of these auth configs may run: each config's toolkit, narrowed by restrictToTools; unknown ids select nothing. */
    async toolsAllowed(projectId: string, ids: string[]): Promise<Set<string>> {
      const allowed = new Set<string>();
      for (const config of await authConfigs.findManyInProject(projectId, ids)) {
        for (const t of catalog.toolsOf(config.toolkitSlug))
          if (!config.restrictToTools || config.restrictToTools.includes(t.slug)) allowed.add(t.slug);
      }
      return allowed;
    },

    async update(projectId: string, id: string, input: UpdateAuthConfigInput): Promise<AuthConfigView> {
      const found = await load(projectId, id);
      const toolkit = toolkitOrFail(found.toolkitSlug);
      if (input.restrictToTools !== undefined) checkTools(toolkit, input.restrictToTools);
      if ((input.clientId !== undefined || input.clientSecret !== undefined) && (found.isManaged || found.authMethodKind !== 'oauth2')) {
        throw badRequest('clientId and clientSecret can be set only on a custom OAuth auth config', {
          errors: [{ field: input.clientId !== undefined ? 'clientId' : 'clientSecret', message: 'not applicable' }],
        });
      }
      const { clientSecret, ...fields } = input;
      const changes = { ...fields, ...(clientSecret !== undefined ? { hasClientSecret: true } : {}) };
      // The row and its sealed secret change together or not at all.
      await db.transaction(async (tx) => {
        if (clientSecret !== undefined) await vault.put({ ownerType: 'auth_config', ownerId: id, name: 'client_secret' }, clientSecret, tx);
        await authConfigs.update(projectId, id, changes, tx);
      });
      await deps.cache.invalidate();
      return authConfigView(await load(projectId, id), (await countConnections([id])).get(id) ?? 0);
    },

    /** Deletes the config and its connections, destroying their secrets. */
    async remove(projectId: string, id: string): Promise<string[]> {
      await load(projectId, id);
      const deleted = await db.transaction(async (tx) => {
        const connectionIds = await deps.connections.idsForAuthConfig(projectId, id, tx);
        for (const c of connectionIds) {
          await vault.destroy({ ownerType: 'connection', ownerId: c }, tx);
          const conn = await deps.connections.findInProject(projectId, c, tx);
          if (conn) await deps.connectionEvents.recordView(tx, conn, 'connection.deleted');
        }
        await vault.destroy({ ownerType: 'auth_config', ownerId: id }, tx);
        await deps.connections.deleteForAuthConfig(projectId, id, tx);
        await authConfigs.delete(projectId, id, tx);
        return connectionIds;
      });
      await deps.cache.invalidate();
      return deleted;
    },

    /** The OAuth client (id + secret) an auth config uses; the secret is read from the vault. */
    async oauthClient(config: IAuthConfig): Promise<{ clientId: string; clientSecret: string }> {
      if (config.isManaged) {
        const managed = managedClient(config.toolkitSlug);
        if (!managed) throw badRequest(`The platform-managed OAuth client for ${config.toolkitSlug} is no longer configured`);
        return managed;
      }
      const secret = await vault.get<string>({ ownerType: 'auth_config', ownerId: config.id, name: 'client_secret' });
      if (!config.clientId || !secret)
        throw badRequest(`Auth config ${config.id} has no client credentials; update it with clientId and clientSecret`);
      return { clientId: config.clientId, clientSecret: secret.value };
    },
  };
}

export type AuthConfigService = ReturnType<typeof createAuthConfigService>;
