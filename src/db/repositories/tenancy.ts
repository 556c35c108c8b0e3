/**
 * The tenancy tables' repositories: organizations and projects, memberships, invitations, API
 * keys, agent sessions. Only src/tenancy/ builds them (the layer check in .dependency-cruiser.cjs), on the shared
 * fork-per-call database access or on one transaction (src/tenancy/audited.ts), together with the
 * users and the audit log its commands also write.
 */
import type { Db } from '../fork-per-call.js';
import { createAgentSessionRepository } from './agent-session-repository.js';
import { createApiKeyRepository } from './api-key-repository.js';
import { createAuditRepository } from './audit-repository.js';
import { createInvitationRepository } from './invitation-repository.js';
import { createMembershipRepository } from './membership-repository.js';
import { createProjectRepository } from './project-repository.js';
import { createUserRepository } from './user-repository.js';

export function createTenancyRepositories(db: Db) {
  return {
    agentSessions: createAgentSessionRepository(db),
    apiKeys: createApiKeyRepository(db),
    audit: createAuditRepository(db),
    invitations: createInvitationRepository(db),
    memberships: createMembershipRepository(db),
    projects: createProjectRepository(db),
    users: createUserRepository(db),
  };
}

export type TenancyRepositories = ReturnType<typeof createTenancyRepositories>;
