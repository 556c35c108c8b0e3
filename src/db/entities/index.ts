/** Every entity the ORM knows. A new table: add its entity here, then `npm run db:migration`. */
import { AgentSession } from './agent-session.js';
import { ApiKey } from './api-key.js';
import { AuditEntry } from './audit-entry.js';
import { AuthConfig } from './auth-config.js';
import { CacheEpoch } from './cache-epoch.js';
import { Connection } from './connection.js';
import { Event } from './event.js';
import { IdempotencyKey } from './idempotency-key.js';
import { ExecutionDetail } from './execution-detail.js';
import { Invitation } from './invitation.js';
import { Membership } from './membership.js';
import { Organization } from './organization.js';
import { Project } from './project.js';
import { ProviderWebhookEvent } from './provider-webhook-event.js';
import { ScheduledTask } from './scheduled-task.js';
import { Session } from './session.js';
import { ToolExecution } from './tool-execution.js';
import { TriggerInstance } from './trigger-instance.js';
import { TriggerPollState } from './trigger-poll-state.js';
import { User } from './user.js';
import { VaultSecret } from './vault-secret.js';
import { WebhookAttempt } from './webhook-attempt.js';
import { WebhookDelivery } from './webhook-delivery.js';
import { WebhookSubscription } from './webhook-subscription.js';

export {
  AgentSession,
  ApiKey,
  AuditEntry,
  AuthConfig,
  CacheEpoch,
  Connection,
  Event,
  IdempotencyKey,
  ExecutionDetail,
  Invitation,
  Membership,
  Organization,
  Project,
  ProviderWebhookEvent,
  ScheduledTask,
  Session,
  ToolExecution,
  TriggerInstance,
  TriggerPollState,
  User,
  VaultSecret,
  WebhookAttempt,
  WebhookDelivery,
  WebhookSubscription,
};
export { CONNECTION_STATUSES, type ConnectionStatus } from './connection.js';
export type { IAgentSession } from './agent-session.js';
export type { IApiKey } from './api-key.js';
export type { IAuditEntry } from './audit-entry.js';
export type { IAuthConfig } from './auth-config.js';
export type { IConnection } from './connection.js';
export type { IInvitation } from './invitation.js';
export type { IMembership } from './membership.js';
export type { IUser } from './user.js';
export type { ISession } from './session.js';
export type { IOrganization } from './organization.js';
export type { IProject } from './project.js';
export type { IProviderWebhookEvent } from './provider-webhook-event.js';
export type { IScheduledTask } from './scheduled-task.js';
export type { ExecutionOutcome, IToolExecution } from './tool-execution.js';
export type { IExecutionDetail } from './execution-detail.js';
// Trigger poller (issue 29).
export type { ITriggerPollState } from './trigger-poll-state.js';
export type { IVaultSecret } from './vault-secret.js';
export type { IEvent } from './event.js';
export type { IIdempotencyKey } from './idempotency-key.js';
export { WEBHOOK_SCHEMES, type WebhookScheme } from './webhook-subscription.js';
// Triggers (issue 29): instances.
export { TRIGGER_DISABLED_BY, type TriggerDisabledBy, type ITriggerInstance } from './trigger-instance.js';
export type { IWebhookSubscription } from './webhook-subscription.js';
export type { IWebhookDelivery } from './webhook-delivery.js';
export { WEBHOOK_ATTEMPT_OUTCOMES, type IWebhookAttempt } from './webhook-attempt.js';
export const entities = [
  Organization,
  Project,
  ApiKey,
  User,
  Membership,
  AuthConfig,
  Connection,
  VaultSecret,
  ToolExecution,
  CacheEpoch,
  Session,
  Invitation,
  AuditEntry,
  ScheduledTask,
  Event,
  WebhookSubscription,
  WebhookDelivery,
  WebhookAttempt,
  TriggerInstance,
  TriggerPollState,
  // Provider webhooks in (issue 29).
  ProviderWebhookEvent,
  // Idempotency-Key answers (issue 33).
  IdempotencyKey,
  // Execution detail (issue 32).
  ExecutionDetail,
  // Agent sessions (issue 30).
  AgentSession,
];
