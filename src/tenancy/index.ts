/**
 * The tenancy module: organizations, projects, memberships, invitations, API keys and agent sessions. Its commands
 * take an Actor and write the change and its audit entry in one transaction (audited.ts); the
 * console, the CLI and first-start bootstrap all call them, and nothing else writes those tables.
 */
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import type { HotCache } from '../cache/hot-cache.js';
import { createTenancyRepositories } from '../db/repositories/tenancy.js';
import type { Db } from '../db/fork-per-call.js';
import { createAccess } from './access.js';
import { createAgentSessions } from './agent-sessions.js';
import { createApiKeys } from './api-keys.js';
import { createAudited } from './audited.js';
import { createInvitations } from './invitations.js';
import { createMembers } from './members.js';
import { createOrganizations } from './organizations.js';
import { createProjects, verifierSecret } from './projects.js';
import { createSignUp } from './sign-up.js';
import { createOwnership } from './ownership.js';
import { createOwnershipRepository } from '../db/repositories/ownership-repository.js';

export function createTenancy(deps: {
  db: Db;
  cache: HotCache;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl' | 'console' | 'sessionSecret'>;
}) {
  const { db, cache, clock, config } = deps;
  const repos = createTenancyRepositories(db);
  const audited = createAudited({ db, audit: repos.audit, clock });
  const defaultMonthlyExecutionQuota = config.console.defaultMonthlyExecutionQuota;
  const projects = createProjects({ repos, audited, verifierSecret: (projectId) => verifierSecret(config.sessionSecret, projectId) });
  const invitations = createInvitations({ repos, audited, config, clock });
  return {
    access: createAccess({ memberships: repos.memberships, projects: repos.projects }),
    audited,
    organizations: createOrganizations({ repos, audited, cache, clock, defaultMonthlyExecutionQuota }),
    projects,
    members: createMembers({ repos, audited }),
    invitations,
    apiKeys: createApiKeys({ repos, audited, cache, clock }),
    agentSessions: createAgentSessions({ repos, audited, cache, clock, config }),
    signUp: createSignUp({ audited, projects, invitations, defaultMonthlyExecutionQuota }),
    /** 403 for another project's resource, 404 for none (ownership.ts). */
    ownership: createOwnership({ owners: createOwnershipRepository(db) }),
  };
}

export type Tenancy = ReturnType<typeof createTenancy>;
