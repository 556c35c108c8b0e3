/**
 * The console services about a project's resources (auth configs and connections, executions, the
 * toolkit catalog), built by console-services.ts on the domain services the native API uses, so
 * both planes apply the same rules to the same rows.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { AuthConfigService } from '../connections/auth-config-service.js';
import type { ConnectionService } from '../connections/connection-service.js';
import type { createConnectLinkService } from '../connections/connect-link-service.js';
import type { TokenService } from '../connections/token-service.js';
import type { createRepositories } from '../db/repositories/index.js';
import type { Audited } from '../tenancy/audited.js';
import { createConsoleResourceService } from './console-resource-service.js';
import { createConsoleExecutionService } from './console-execution-service.js';
import { createConsoleToolkits } from './console-toolkits.js';

/** The domain services (src/services.ts) the console's project routes act through. */
export interface ProjectDomainServices {
  authConfigs: AuthConfigService;
  connections: ConnectionService;
  tokens: Pick<TokenService, 'revokeConnection'>;
  /** Hosted connect links (the native POST /connect-links), for "Connect an account". */
  connectLinks: Pick<ReturnType<typeof createConnectLinkService>, 'create'>;
  catalog: Catalog;
  catalogService: CatalogService;
}

export function createProjectConsoleServices(
  deps: ProjectDomainServices & {
    repos: Pick<ReturnType<typeof createRepositories>, 'executions'>;
    audit: Pick<Audited, 'record'>;
    publicBaseUrl: string;
  },
) {
  return {
    consoleResources: createConsoleResourceService({
      audit: deps.audit,
      authConfigs: deps.authConfigs,
      connections: deps.connections,
      tokens: deps.tokens,
      connectLinks: deps.connectLinks,
    }),
    consoleExecutions: createConsoleExecutionService({ executions: deps.repos.executions }),
    consoleToolkits: createConsoleToolkits({
      catalog: deps.catalog,
      catalogService: deps.catalogService,
      publicBaseUrl: deps.publicBaseUrl,
    }),
  };
}
