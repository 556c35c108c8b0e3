/**
 * The operations the SDK calls, by their operationId in spec.json, with method and path template.
 * test/unit/sdk/operations.test.ts checks every entry against the served document, so a moved or
 * renamed route fails there rather than at a user's first call.
 */
import type { OperationId } from './types.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const OPERATIONS = {
  listToolkits: ['GET', '/api/v1/toolkits'],
  getToolkit: ['GET', '/api/v1/toolkits/{slug}'],
  listTools: ['GET', '/api/v1/tools'],
  getTool: ['GET', '/api/v1/tools/{slug}'],
  executeTool: ['POST', '/api/v1/tools/{slug}/execute'],
  listTriggerTypes: ['GET', '/api/v1/trigger_types'],
  getTriggerType: ['GET', '/api/v1/trigger_types/{slug}'],
  upsertTriggerInstance: ['POST', '/api/v1/trigger_instances'],
  listTriggerInstances: ['GET', '/api/v1/trigger_instances'],
  getTriggerInstance: ['GET', '/api/v1/trigger_instances/{triggerId}'],
  updateTriggerInstance: ['PATCH', '/api/v1/trigger_instances/{triggerId}'],
  deleteTriggerInstance: ['DELETE', '/api/v1/trigger_instances/{triggerId}'],
  createAuthConfig: ['POST', '/api/v1/auth_configs'],
  listAuthConfigs: ['GET', '/api/v1/auth_configs'],
  getAuthConfig: ['GET', '/api/v1/auth_configs/{authConfigId}'],
  updateAuthConfig: ['PATCH', '/api/v1/auth_configs/{authConfigId}'],
  deleteAuthConfig: ['DELETE', '/api/v1/auth_configs/{authConfigId}'],
  initiate: ['POST', '/api/v1/connectors/{slug}/initiate'],
  connect: ['POST', '/api/v1/connectors/{slug}/connect'],
  listConnections: ['GET', '/api/v1/connectors/connections'],
  getConnection: ['GET', '/api/v1/connectors/connections/{connectionId}'],
  updateConnection: ['PATCH', '/api/v1/connectors/connections/{connectionId}'],
  deleteConnection: ['DELETE', '/api/v1/connectors/connections/{connectionId}'],
  refreshConnection: ['POST', '/api/v1/connectors/connections/{connectionId}/refresh'],
  revokeConnection: ['POST', '/api/v1/connectors/connections/{connectionId}/revoke'],
  proxy: ['POST', '/api/v1/connectors/proxy'],
  createConnectLink: ['POST', '/api/v1/connect-links'],
  createWebhookSubscription: ['POST', '/api/v1/webhook_subscriptions'],
  listWebhookSubscriptions: ['GET', '/api/v1/webhook_subscriptions'],
  getWebhookSubscription: ['GET', '/api/v1/webhook_subscriptions/{subscriptionId}'],
  updateWebhookSubscription: ['PATCH', '/api/v1/webhook_subscriptions/{subscriptionId}'],
  deleteWebhookSubscription: ['DELETE', '/api/v1/webhook_subscriptions/{subscriptionId}'],
  rotateWebhookSecret: ['POST', '/api/v1/webhook_subscriptions/{subscriptionId}/rotate_secret'],
  listWebhookDeliveries: ['GET', '/api/v1/webhook_subscriptions/{subscriptionId}/deliveries'],
  sendTestEvent: ['POST', '/api/v1/webhook_subscriptions/{subscriptionId}/test'],
  listEvents: ['GET', '/api/v1/events'],
  redeliverEvent: ['POST', '/api/v1/events/{eventId}/redeliver'],
  createAgentSession: ['POST', '/api/v1/agent_sessions'],
  listAgentSessions: ['GET', '/api/v1/agent_sessions'],
  revokeAgentSession: ['DELETE', '/api/v1/agent_sessions/{sessionId}'],
} as const satisfies Partial<Record<OperationId, readonly [Method, string]>>;

export type SdkOperationId = keyof typeof OPERATIONS;
