/**
 * The composition root: every domain service built once, from the config and the ORM, with
 * only the dependencies it uses. Plugins, the CLI and tests all reach services through here.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createApiKeyService } from './projects/api-key-service.js';
import { createProjectService } from './projects/project-service.js';
import { BUILTIN_CATALOG_DIR, loadCatalog } from './catalog/catalog-loader.js';
import { parseToolkitOverrides } from './catalog/toolkit-overrides.js';
import { createCatalogService } from './catalog/catalog-service.js';
import { createVaultService } from './vault/vault-service.js';
import { createAuthConfigService } from './connections/auth-config-service.js';
import { createConnectionService } from './connections/connection-service.js';
import { createTokenService } from './connections/token-service.js';
import { createHotCache } from './cache/hot-cache.js';
import { createEpochStore } from './cache/epoch.js';
import { createStateSigner } from './connections/oauth-state.js';
import { createProviderHttpClient } from './providers/http-client.js';
import { privateAllowedHosts } from './providers/proxy-target.js';
import { createExecutionRecorder } from './tools/execution-recorder.js';
import { createConnectionResolver } from './connections/connection-resolver.js';
import { createExecutionService } from './tools/execution-service.js';
import { createConnectLinkService } from './connections/connect-link-service.js';
import { createConnectedAccountQuery } from './connections/connected-account-query.js';
import { createProxyService } from './tools/proxy-service.js';
import type { ToolkitFile } from './catalog/catalog-schema.js';

export interface ServiceDeps {
  config: Config;
  orm: MikroORM;
  log: FastifyBaseLogger;
}

function configuredUrls(toolkit: ToolkitFile): string[] {
  const urls = [toolkit.baseUrl];
  for (const m of toolkit.authMethods) {
    if (m.kind !== 'oauth2') continue;
    urls.push(m.oauth2.tokenUrl);
    if (m.oauth2.revocation) urls.push(m.oauth2.revocation.url.replace('{token}', 'x'));
  }
  return urls;
}

export function createServices(deps: ServiceDeps) {
  const { orm, config } = deps;
  const isPostgres = config.database.kind === 'postgresql';
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, ...config.catalogPaths], overrides: parseToolkitOverrides(config.toolkitOverrides) });
  // Only hosts an operator configured (toolkit base URLs and OAuth endpoints) may be private.
  const http = createProviderHttpClient({ timeoutMs: config.providerTimeoutMs, allowPrivateHosts: privateAllowedHosts(catalog.toolkits().flatMap(configuredUrls)) });
  const vault = createVaultService({ orm, keys: config.vaultKeys });
  const epoch = createEpochStore(config.database);
  const cache = createHotCache(epoch);
  const apiKeys = createApiKeyService({ orm, cache });
  const projects = createProjectService({ orm });
  const authConfigs = createAuthConfigService({ orm, catalog, vault, config, cache });
  const catalogService = createCatalogService({ catalog, isManagedClientConfigured: authConfigs.isManagedClientConfigured });
  const state = createStateSigner(config.sessionSecret);
  const connections = createConnectionService({ orm, catalog, vault, authConfigs, http, state, cache, config });
  const tokens = createTokenService({ orm, catalog, vault, authConfigs, http, cache, isPostgres });
  const recorder = createExecutionRecorder({ orm, log: deps.log });
  const resolver = createConnectionResolver({ orm, cache });
  const execution = createExecutionService({ catalog, resolver, tokens, http, recorder });
  const proxy = createProxyService({ catalog, resolver, tokens, http, recorder });
  const connectLinks = createConnectLinkService({ orm, vault, catalog, connections, authConfigs, config });
  const connectedAccounts = createConnectedAccountQuery({ orm });
  return {
    apiKeys, projects, catalog, catalogService, vault, authConfigs, connections, tokens, execution, proxy, connectLinks, connectedAccounts,
    // Internals: the auth hook syncs the cache; tests flush the recorder and sign states.
    cache, recorder, state,
    /** Flushes pending execution records and releases connections (app close). */
    async close(): Promise<void> {
      await recorder.close();
      http.close();
      await epoch.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
