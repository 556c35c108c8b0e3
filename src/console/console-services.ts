/**
 * The console plane's services (people, sessions, organizations, usage, audit), built by the
 * composition root (src/services.ts) from the shared repositories.
 */
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import type { createRepositories } from '../db/repositories/index.js';
import { createAccountService } from './account-service.js';
import { createSessionService } from './session-service.js';
import { createOrganizationAccess } from './organization-access.js';
import { createAuditService } from './audit-service.js';

type Repositories = ReturnType<typeof createRepositories>;

export function createConsoleServices(deps: { repos: Repositories; config: Config; clock: Clock }) {
  const { repos, config, clock } = deps;
  const audit = createAuditService({ audit: repos.audit, clock });
  const orgAccess = createOrganizationAccess({ users: repos.users });
  return {
    accounts: createAccountService({ users: repos.users, projects: repos.projects, config: config.console }),
    sessions: createSessionService({ sessions: repos.sessions, config: config.console, clock }),
    orgAccess,
    audit,
  };
}
