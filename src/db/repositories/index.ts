/** One repository per aggregate, all on one unit of work; built once by the composition root. */
import type { Db } from '../unit-of-work.js';
import { createApiKeyRepository } from './api-key-repository.js';
import { createAuditRepository } from './audit-repository.js';
import { createAuthConfigRepository } from './auth-config-repository.js';
import { createConnectionRepository } from './connection-repository.js';
import { createExecutionRepository } from './execution-repository.js';
import { createInvitationRepository } from './invitation-repository.js';
import { createProjectRepository } from './project-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createUsageRepository } from './usage-repository.js';
import { createUserRepository } from './user-repository.js';
import { createVaultSecretRepository } from './vault-secret-repository.js';

export function createRepositories(db: Db) {
  return {
    apiKeys: createApiKeyRepository(db),
    audit: createAuditRepository(db),
    authConfigs: createAuthConfigRepository(db),
    connections: createConnectionRepository(db),
    executions: createExecutionRepository(db),
    invitations: createInvitationRepository(db),
    projects: createProjectRepository(db),
    sessions: createSessionRepository(db),
    usage: createUsageRepository(db),
    users: createUserRepository(db),
    vaultSecrets: createVaultSecretRepository(db),
  };
}
