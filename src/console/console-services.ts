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
import { createUsageService } from './usage-service.js';
import { createOrganizationService } from './organization-service.js';
import { createMemberService } from './member-service.js';
import { createInvitationService } from './invitation-service.js';
import { createProjectConsoleServices, type ProjectDomainServices } from './project-console-services.js';

type Repositories = ReturnType<typeof createRepositories>;

export function createConsoleServices(deps: { repos: Repositories; config: Config; clock: Clock } & ProjectDomainServices) {
  const { repos, config, clock } = deps;
  const audit = createAuditService({ audit: repos.audit, clock });
  const orgAccess = createOrganizationAccess({ users: repos.users });
  const invitations = createInvitationService({
    invitations: repos.invitations,
    users: repos.users,
    projects: repos.projects,
    orgAccess,
    audit,
    config,
    clock,
  });
  return {
    accounts: createAccountService({
      users: repos.users,
      projects: repos.projects,
      config: config.console,
      invitations: invitations.gate,
      audit,
    }),
    sessions: createSessionService({ sessions: repos.sessions, config: config.console, clock }),
    usage: createUsageService({ usage: repos.usage, projects: repos.projects, clock }),
    orgAccess,
    audit,
    organizations: createOrganizationService({
      users: repos.users,
      projects: repos.projects,
      orgAccess,
      audit,
      config: config.console,
    }),
    members: createMemberService({ users: repos.users, orgAccess, audit }),
    invitations,
    // Projects, API keys, auth configs and connections, executions, the toolkit catalog.
    ...createProjectConsoleServices({ ...deps, orgAccess, audit }),
  };
}
