/**
 * The console services about projects (projects, API keys, auth configs and connections,
 * executions, the toolkit catalog), built by console-services.ts on the domain services the
 * native API uses, so both planes apply the same rules to the same rows.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import type { AuthConfigService } from '../connections/auth-config-service.js';
import type { ConnectionService } from '../connections/connection-service.js';
import type { TokenService } from '../connections/token-service.js';
import type { createRepositories } from '../db/repositories/index.js';
import type { createApiKeyService } from '../projects/api-key-service.js';
import type { AuditService } from './audit-service.js';
import type { OrganizationAccess } from './organization-access.js';
import { createProjectScope } from './project-scope.js';
import { createConsoleProjectService } from './console-project-service.js';
import { createConsoleKeyService } from './console-key-service.js';
import { createConsoleResourceService } from './console-resource-service.js';
import { createConsoleExecutionService } from './console-execution-service.js';
import { createConsoleToolkits } from './console-toolkits.js';

/** The domain services (src/services.ts) the console's project routes act through. */
export interface ProjectDomainServices {
  apiKeys: ReturnType<typeof createApiKeyService>;
  authConfigs: AuthConfigService;
  connections: ConnectionService;
  tokens: Pick<TokenService, 'revokeConnection'>;
  catalog: Catalog;
  catalogService: CatalogService;
}

export function createProjectConsoleServices(
  deps: ProjectDomainServices & {
    repos: Pick<ReturnType<typeof createRepositories>, 'projects' | 'executions'>;
    orgAccess: OrganizationAccess;
    audit: AuditService;
  },
) {
  const { repos, orgAccess, audit } = deps;
  const scope = createProjectScope({ orgAccess, projects: repos.projects });
  return {
    consoleProjects: createConsoleProjectService({ projects: repos.projects, orgAccess, scope, audit }),
    consoleKeys: createConsoleKeyService({ apiKeys: deps.apiKeys, scope, audit }),
    consoleResources: createConsoleResourceService({
      scope,
      audit,
      authConfigs: deps.authConfigs,
      connections: deps.connections,
      tokens: deps.tokens,
    }),
    consoleExecutions: createConsoleExecutionService({ scope, executions: repos.executions }),
    consoleToolkits: createConsoleToolkits({ catalog: deps.catalog, catalogService: deps.catalogService }),
  };
}
