/**
 * The repositories every part of the domain may use, all on one database access that forks per call (fork-per-call.ts); built once by the
 * composition root. The tenancy tables' repositories (organizations, projects, memberships,
 * invitations, API keys) are apart, in tenancy.ts: only src/tenancy/ uses them (the layer check).
 */
import type { Db } from '../fork-per-call.js';
import { createAuditRepository } from './audit-repository.js';
import { createAuthConfigRepository } from './auth-config-repository.js';
import { createConnectionRepository } from './connection-repository.js';
import { createEventRepository } from './event-repository.js';
import { createExecutionRepository } from './execution-repository.js';
import { createScheduledTaskRepository } from './scheduled-task-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createTriggerInstanceRepository } from './trigger-instance-repository.js';
import { createUsageRepository } from './usage-repository.js';
import { createUserRepository } from './user-repository.js';
import { createVaultSecretRepository } from './vault-secret-repository.js';
import { createWebhookAttemptRepository } from './webhook-attempt-repository.js';
import { createWebhookDeliveryRepository } from './webhook-delivery-repository.js';
import { createWebhookSubscriptionRepository } from './webhook-subscription-repository.js';

export function createRepositories(db: Db) {
  return {
    audit: createAuditRepository(db),
    authConfigs: createAuthConfigRepository(db),
    connections: createConnectionRepository(db),
    events: createEventRepository(db),
    executions: createExecutionRepository(db),
    scheduledTasks: createScheduledTaskRepository(db),
    sessions: createSessionRepository(db),
    triggerInstances: createTriggerInstanceRepository(db),
    usage: createUsageRepository(db),
    users: createUserRepository(db),
    vaultSecrets: createVaultSecretRepository(db),
    webhookAttempts: createWebhookAttemptRepository(db),
    webhookDeliveries: createWebhookDeliveryRepository(db),
    webhookSubscriptions: createWebhookSubscriptionRepository(db),
  };
}
