/**
 * The native API's operations at /api/v1 (spec section 4), declared once: the route files
 * register them (plugins/operations.ts route), spec.json describes them, and the test client
 * (test/helpers/api-client.ts) calls them by operationId.
 */
import { Type } from '@sinclair/typebox';
import { TEXT_LIMITS, errorResponses } from '../../src/schemas/common.js';
import { defineOperation, type Contract } from '../operations.js';
import { providerWebhookOperations } from './provider-webhooks-contract.js';
import {
  ListToolkitsQuery,
  ListToolsQuery,
  ListTriggerTypesQuery,
  ToolApi,
  ToolkitApi,
  ToolkitListApi,
  ToolkitSlugParams,
  ToolListApi,
  ToolSlugParams,
  TriggerTypeApi,
  TriggerTypeListApi,
  TriggerTypeSlugParams,
} from '../../src/catalog/catalog-api-schemas.js';
import {
  AuthConfigIdParams,
  AuthConfigList,
  AuthConfigSchema,
  ConnectBody,
  ConnectionIdParams,
  ConnectionList,
  ConnectionSchema,
  ConnectLinkResponse,
  CreateAuthConfigBody,
  CreateAuthConfigResponse,
  CreateConnectLinkBody,
  DeleteResponse,
  InitiateBody,
  InitiateResponse,
  ListAuthConfigsQuery,
  ListConnectionsQuery,
  RefreshResponse,
  RevokeResponse,
  SlugParams,
  StrictBody,
  UpdateAuthConfigBody,
  UpdateConnectionBody,
} from '../../src/connections/api-schemas.js';
import {
  ListTriggerInstancesQuery,
  TriggerInstanceIdParams,
  TriggerInstanceList,
  TriggerInstanceSchema,
  UpdateTriggerInstanceBody,
  UpsertedTriggerInstance,
  UpsertTriggerInstanceBody,
} from '../../src/triggers/api-schemas.js';
import { ExecuteBody, ExecuteResponse, ProxyBody, ProxyResponse } from '../../src/tools/api-schemas.js';
import { IdempotencyKeyHeaders, idempotencyErrorResponses } from '../../src/idempotency/api-schemas.js';
import {
  AgentSessionIdParams,
  AgentSessionList,
  AgentSessionView,
  CreateAgentSessionBody,
  CreatedAgentSession,
} from '../../src/tenancy/agent-session-api-schemas.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionBody,
  CursorPageQuery,
  EventIdParams,
  EventList,
  ListEventsQuery,
  QueuedDeliveries,
  RedeliverBody,
  RotatedWebhookSecret,
  UpdateWebhookSubscriptionBody,
  WebhookAttemptList,
  WebhookSubscriptionIdParams,
  WebhookSubscriptionList,
  WebhookSubscriptionSchema,
} from '../../src/events/api-schemas.js';

export const NATIVE_PREFIX = '/api/v1';

const catalog = ['catalog'];
const authConfigs = ['auth configs'];
const connections = ['connections'];
/** Operations that act take an Idempotency-Key (plugins/native/idempotency.ts hooks it onto them). */
const idempotent = { idempotent: true } as const;

export const catalogOperations = {
  listToolkits: defineOperation({
    operationId: 'listToolkits',
    method: 'GET',
    url: '/toolkits',
    tags: catalog,
    summary: 'List toolkits',
    querystring: ListToolkitsQuery,
    response: { 200: ToolkitListApi, ...errorResponses(400, 401, 403) },
  }),
  getToolkit: defineOperation({
    operationId: 'getToolkit',
    method: 'GET',
    url: '/toolkits/:slug',
    tags: catalog,
    summary: 'Read one toolkit',
    params: ToolkitSlugParams,
    response: { 200: ToolkitApi, ...errorResponses(401, 403, 404) },
  }),
  listTools: defineOperation({
    operationId: 'listTools',
    method: 'GET',
    url: '/tools',
    tags: catalog,
    summary: 'List or search tools (fuzzy over slug, name, description)',
    querystring: ListToolsQuery,
    response: { 200: ToolListApi, ...errorResponses(400, 401, 403) },
  }),
  getTool: defineOperation({
    operationId: 'getTool',
    method: 'GET',
    url: '/tools/:slug',
    tags: catalog,
    summary: 'Read one tool with its inputParameters (JSON Schema)',
    params: ToolSlugParams,
    response: { 200: ToolApi, ...errorResponses(401, 403, 404) },
  }),
  listTriggerTypes: defineOperation({
    operationId: 'listTriggerTypes',
    method: 'GET',
    url: '/trigger_types',
    tags: catalog,
    summary: 'List trigger types (event sources), by slug',
    description: 'Each type carries the JSON Schema of its config (what an instance is set up with) and of its event data (payload).',
    querystring: ListTriggerTypesQuery,
    response: { 200: TriggerTypeListApi, ...errorResponses(400, 401, 403) },
  }),
  getTriggerType: defineOperation({
    operationId: 'getTriggerType',
    method: 'GET',
    url: '/trigger_types/:slug',
    tags: catalog,
    summary: 'Read one trigger type with its config and payload schemas',
    params: TriggerTypeSlugParams,
    response: { 200: TriggerTypeApi, ...errorResponses(401, 403, 404) },
  }),
};

export const authConfigOperations = {
  createAuthConfig: defineOperation({
    operationId: 'createAuthConfig',
    method: 'POST',
    url: '/auth_configs',
    tags: authConfigs,
    summary: 'Create an auth config (managed or with your own OAuth client)',
    headers: IdempotencyKeyHeaders,
    body: CreateAuthConfigBody,
    response: { 200: CreateAuthConfigResponse, ...errorResponses(400, 401, 403), ...idempotencyErrorResponses() },
    config: idempotent,
  }),
  listAuthConfigs: defineOperation({
    operationId: 'listAuthConfigs',
    method: 'GET',
    url: '/auth_configs',
    tags: authConfigs,
    summary: "List the project's auth configs",
    querystring: ListAuthConfigsQuery,
    response: { 200: AuthConfigList, ...errorResponses(400, 401, 403) },
  }),
  getAuthConfig: defineOperation({
    operationId: 'getAuthConfig',
    method: 'GET',
    url: '/auth_configs/:authConfigId',
    tags: authConfigs,
    summary: 'Read an auth config (the client secret is never returned)',
    params: AuthConfigIdParams,
    response: { 200: Type.Ref(AuthConfigSchema), ...errorResponses(401, 403, 404) },
  }),
  updateAuthConfig: defineOperation({
    operationId: 'updateAuthConfig',
    method: 'PATCH',
    url: '/auth_configs/:authConfigId',
    tags: authConfigs,
    summary: 'Update name, client credentials, tool restriction, scopes or disabled',
    params: AuthConfigIdParams,
    body: UpdateAuthConfigBody,
    response: { 200: Type.Ref(AuthConfigSchema), ...errorResponses(400, 401, 403, 404) },
  }),
  deleteAuthConfig: defineOperation({
    operationId: 'deleteAuthConfig',
    method: 'DELETE',
    url: '/auth_configs/:authConfigId',
    tags: authConfigs,
    summary: 'Delete an auth config, its connections and their secrets',
    params: AuthConfigIdParams,
    response: {
      200: Type.Object({ deleted: Type.Boolean(), deletedConnections: Type.Array(Type.String()) }),
      ...errorResponses(401, 403, 404),
    },
  }),
};

export const connectionOperations = {
  initiate: defineOperation({
    operationId: 'initiate',
    method: 'POST',
    url: '/connectors/:slug/initiate',
    tags: connections,
    summary: 'Begin a connection (OAuth redirect, or pending for direct schemes)',
    params: SlugParams,
    headers: IdempotencyKeyHeaders,
    body: InitiateBody,
    response: { 200: InitiateResponse, ...errorResponses(400, 401, 403, 404, 408, 500), ...idempotencyErrorResponses() },
    config: idempotent,
  }),
  connect: defineOperation({
    operationId: 'connect',
    method: 'POST',
    url: '/connectors/:slug/connect',
    tags: connections,
    summary: 'Submit credentials for API-key, basic or bearer toolkits',
    params: SlugParams,
    headers: IdempotencyKeyHeaders,
    body: ConnectBody,
    response: {
      200: Type.Object({ connectionId: Type.String() }),
      ...errorResponses(400, 401, 403, 404, 408, 500),
      ...idempotencyErrorResponses(),
    },
    config: idempotent,
  }),
  listConnections: defineOperation({
    operationId: 'listConnections',
    method: 'GET',
    url: '/connectors/connections',
    tags: connections,
    summary: "List the project's connections",
    querystring: ListConnectionsQuery,
    response: { 200: ConnectionList, ...errorResponses(400, 401, 403) },
  }),
  getConnection: defineOperation({
    operationId: 'getConnection',
    method: 'GET',
    url: '/connectors/connections/:connectionId',
    tags: connections,
    summary: 'Read one connection',
    params: ConnectionIdParams,
    response: { 200: Type.Ref(ConnectionSchema), ...errorResponses(401, 403, 404) },
  }),
  updateConnection: defineOperation({
    operationId: 'updateConnection',
    method: 'PATCH',
    url: '/connectors/connections/:connectionId',
    tags: connections,
    summary: 'Set the alias, or disable / enable a connection',
    params: ConnectionIdParams,
    body: UpdateConnectionBody,
    response: { 200: Type.Ref(ConnectionSchema), ...errorResponses(400, 401, 403, 404) },
  }),
  deleteConnection: defineOperation({
    operationId: 'deleteConnection',
    method: 'DELETE',
    url: '/connectors/connections/:connectionId',
    tags: connections,
    summary: 'Delete a connection and destroy its secrets',
    params: ConnectionIdParams,
    response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
  }),
  refreshConnection: defineOperation({
    operationId: 'refreshConnection',
    method: 'POST',
    url: '/connectors/connections/:connectionId/refresh',
    tags: connections,
    summary: 'Refresh credentials (OAuth refresh token)',
    params: ConnectionIdParams,
    body: Type.Optional(StrictBody),
    response: { 200: RefreshResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
  }),
  revokeConnection: defineOperation({
    operationId: 'revokeConnection',
    method: 'POST',
    url: '/connectors/connections/:connectionId/revoke',
    tags: connections,
    summary: 'Revoke tokens at the provider and destroy them',
    params: ConnectionIdParams,
    body: Type.Optional(StrictBody),
    response: { 200: RevokeResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
  }),
  proxy: defineOperation({
    operationId: 'proxy',
    method: 'POST',
    url: '/connectors/proxy',
    tags: connections,
    summary: 'Authenticated request through a connection',
    headers: IdempotencyKeyHeaders,
    body: ProxyBody,
    response: { 200: ProxyResponse, ...errorResponses(400, 401, 403, 404, 408, 500), ...idempotencyErrorResponses() },
    config: idempotent,
  }),
  createConnectLink: defineOperation({
    operationId: 'createConnectLink',
    method: 'POST',
    url: '/connect-links',
    tags: connections,
    summary: 'Create a hosted connect link for an end user',
    description:
      "Makes the connection now (INITIATED for OAuth, PENDING for API-key/basic/bearer) and returns the page's URL. " +
      "The page names the toolkit and the project, sends the user through the provider's consent or shows the credential form, " +
      'then returns to callbackUrl. Opening the page never uses the link; the user submitting it does (single use). ' +
      'With connectionId, the link reconnects that EXPIRED, FAILED or REVOKED connection in place (same id, ACTIVE again) instead of making one; ' +
      'an agent session may name only a connection of its own end user.',
    body: CreateConnectLinkBody,
    response: { 201: ConnectLinkResponse, ...errorResponses(400, 401, 403, 404, 500) },
  }),
};

export const toolOperations = {
  executeTool: defineOperation({
    operationId: 'executeTool',
    method: 'POST',
    url: '/tools/:slug/execute',
    tags: ['tools'],
    summary: 'Run a tool through a connection',
    description:
      "The connection is connectedAccountId, or the entityId's most recently updated ACTIVE connection for the tool's toolkit. " +
      'Provider errors are 200 with successful=false and the provider status; 408 means the provider did not answer in time.',
    params: Type.Object({ slug: Type.String({ maxLength: TEXT_LIMITS.toolSlug, description: 'Tool slug' }) }),
    headers: IdempotencyKeyHeaders,
    // Optional, as the spec has it: a tool that needs no connection runs with no body at all.
    body: Type.Optional(Type.Union([ExecuteBody, Type.Null()])),
    response: { 200: ExecuteResponse, ...errorResponses(400, 401, 403, 404, 408, 500), ...idempotencyErrorResponses() },
    config: idempotent,
  }),
};

const webhooks = ['webhooks'];

/** Webhook subscriptions and their deliveries (issue 28; docs/events.md). */
export const webhookOperations = {
  createWebhookSubscription: defineOperation({
    operationId: 'createWebhookSubscription',
    method: 'POST',
    url: '/webhook_subscriptions',
    tags: webhooks,
    summary: 'Subscribe a URL to events; the signing secret is in this answer only',
    description:
      'Deliveries are signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature) with the returned whsec_ secret. ' +
      'eventTypes omitted: every event type.',
    body: CreateWebhookSubscriptionBody,
    response: { 200: CreatedWebhookSubscription, ...errorResponses(400, 401, 403) },
  }),
  listWebhookSubscriptions: defineOperation({
    operationId: 'listWebhookSubscriptions',
    method: 'GET',
    url: '/webhook_subscriptions',
    tags: webhooks,
    summary: "List the project's webhook subscriptions, newest first",
    querystring: CursorPageQuery,
    response: { 200: WebhookSubscriptionList, ...errorResponses(400, 401, 403) },
  }),
  getWebhookSubscription: defineOperation({
    operationId: 'getWebhookSubscription',
    method: 'GET',
    url: '/webhook_subscriptions/:subscriptionId',
    tags: webhooks,
    summary: 'Read one webhook subscription',
    params: WebhookSubscriptionIdParams,
    response: { 200: Type.Ref(WebhookSubscriptionSchema), ...errorResponses(401, 403, 404) },
  }),
  updateWebhookSubscription: defineOperation({
    operationId: 'updateWebhookSubscription',
    method: 'PATCH',
    url: '/webhook_subscriptions/:subscriptionId',
    tags: webhooks,
    summary: 'Change the URL or event types, or disable / enable it (enabling clears a disable after failures)',
    params: WebhookSubscriptionIdParams,
    body: UpdateWebhookSubscriptionBody,
    response: { 200: Type.Ref(WebhookSubscriptionSchema), ...errorResponses(400, 401, 403, 404) },
  }),
  deleteWebhookSubscription: defineOperation({
    operationId: 'deleteWebhookSubscription',
    method: 'DELETE',
    url: '/webhook_subscriptions/:subscriptionId',
    tags: webhooks,
    summary: 'Delete a webhook subscription, its queued deliveries and its secrets',
    params: WebhookSubscriptionIdParams,
    response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
  }),
  rotateWebhookSecret: defineOperation({
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    url: '/webhook_subscriptions/:subscriptionId/rotate_secret',
    tags: webhooks,
    summary: 'A new signing secret, in this answer only; the previous one keeps signing for 24 hours',
    params: WebhookSubscriptionIdParams,
    response: { 200: RotatedWebhookSecret, ...errorResponses(401, 403, 404) },
  }),
  listWebhookDeliveries: defineOperation({
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    url: '/webhook_subscriptions/:subscriptionId/deliveries',
    tags: webhooks,
    summary: "Every delivery attempt to the subscription, newest first: status, duration, the response's start",
    params: WebhookSubscriptionIdParams,
    querystring: CursorPageQuery,
    response: { 200: WebhookAttemptList, ...errorResponses(400, 401, 403, 404) },
  }),
  sendTestEvent: defineOperation({
    operationId: 'sendTestEvent',
    method: 'POST',
    url: '/webhook_subscriptions/:subscriptionId/test',
    tags: webhooks,
    summary: 'Send a webhook.test event to this subscription only',
    description: 'A disabled subscription is refused with 400: enable it first.',
    params: WebhookSubscriptionIdParams,
    response: { 200: Type.Object({ eventId: Type.String(), deliveryId: Type.String() }), ...errorResponses(400, 401, 403, 404) },
  }),
};

/** The event log (issue 28). */
export const eventOperations = {
  listEvents: defineOperation({
    operationId: 'listEvents',
    method: 'GET',
    url: '/events',
    tags: ['events'],
    summary: "The project's events, newest first (kept EVENT_RETENTION_DAYS days)",
    querystring: ListEventsQuery,
    response: { 200: EventList, ...errorResponses(400, 401, 403) },
  }),
  redeliverEvent: defineOperation({
    operationId: 'redeliverEvent',
    method: 'POST',
    url: '/events/:eventId/redeliver',
    tags: ['events'],
    summary: 'Deliver an event again, with the same webhook-id, to one subscription or every one that wants it',
    params: EventIdParams,
    body: Type.Optional(RedeliverBody),
    response: { 200: QueuedDeliveries, ...errorResponses(400, 401, 403, 404) },
  }),
};

const triggers = ['triggers'];

/** Trigger instances (issue 29): a trigger type set up for one connection with one config. */
export const triggerInstanceOperations = {
  upsertTriggerInstance: defineOperation({
    operationId: 'upsertTriggerInstance',
    method: 'POST',
    url: '/trigger_instances',
    tags: triggers,
    summary: 'Set up a trigger for a connection: the same trigger, connection and config give the same instance (re-enabled if disabled)',
    description:
      "The connection is connectedAccountId, or the entityId's most recently updated ACTIVE connection of the trigger's toolkit (as executeTool resolves it); " +
      "it must be ACTIVE. config is validated against the trigger type's config schema (every problem named) and its defaults applied.",
    body: UpsertTriggerInstanceBody,
    response: { 200: UpsertedTriggerInstance, ...errorResponses(400, 401, 403, 404) },
  }),
  listTriggerInstances: defineOperation({
    operationId: 'listTriggerInstances',
    method: 'GET',
    url: '/trigger_instances',
    tags: triggers,
    summary: "List the project's trigger instances, oldest first; enabled ones unless showDisabled",
    querystring: ListTriggerInstancesQuery,
    response: { 200: TriggerInstanceList, ...errorResponses(400, 401, 403) },
  }),
  getTriggerInstance: defineOperation({
    operationId: 'getTriggerInstance',
    method: 'GET',
    url: '/trigger_instances/:triggerId',
    tags: triggers,
    summary: 'Read one trigger instance',
    params: TriggerInstanceIdParams,
    response: { 200: Type.Ref(TriggerInstanceSchema), ...errorResponses(401, 403, 404) },
  }),
  updateTriggerInstance: defineOperation({
    operationId: 'updateTriggerInstance',
    method: 'PATCH',
    url: '/trigger_instances/:triggerId',
    tags: triggers,
    summary: 'Enable, disable or change the config of a trigger instance',
    description:
      "enabled=false is a user's disable: it stays until enabled again (a system disable, after the connection expired, resumes by itself). " +
      'Enabling needs the connection ACTIVE. A config another instance of the connection has already is 409.',
    params: TriggerInstanceIdParams,
    body: UpdateTriggerInstanceBody,
    response: { 200: Type.Ref(TriggerInstanceSchema), ...errorResponses(400, 401, 403, 404) },
  }),
  deleteTriggerInstance: defineOperation({
    operationId: 'deleteTriggerInstance',
    method: 'DELETE',
    url: '/trigger_instances/:triggerId',
    tags: triggers,
    summary: 'Delete a trigger instance',
    params: TriggerInstanceIdParams,
    response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
  }),
};

const agentSessions = ['agent sessions'];

/** Agent sessions (issue 30): a project key hands one end user's agent a short-lived, narrowed credential. */
export const agentSessionOperations = {
  createAgentSession: defineOperation({
    operationId: 'createAgentSession',
    method: 'POST',
    url: '/agent_sessions',
    tags: agentSessions,
    summary: 'Create an agent session for one end user',
    description:
      'Returns a token (shown once) that works as `Authorization: Bearer` or `x-api-key` on /mcp, executeTool, listTools, getTool and ' +
      'createConnectLink, for entityId only and within toolkits/tools; every other route answers 403. Default lifetime 1 hour, at most 30 days; ' +
      'an expired or revoked session is 401 at once on every instance. Needs the sessions:create scope; agent sessions cannot create sessions.',
    body: CreateAgentSessionBody,
    response: { 201: CreatedAgentSession, ...errorResponses(400, 401, 403) },
  }),
  listAgentSessions: defineOperation({
    operationId: 'listAgentSessions',
    method: 'GET',
    url: '/agent_sessions',
    tags: agentSessions,
    summary: "The project's agent sessions, newest first (never their tokens)",
    response: { 200: AgentSessionList, ...errorResponses(401, 403) },
  }),
  revokeAgentSession: defineOperation({
    operationId: 'revokeAgentSession',
    method: 'DELETE',
    url: '/agent_sessions/:sessionId',
    tags: agentSessions,
    summary: 'Revoke an agent session: refused (401) at once on every instance; idempotent',
    params: AgentSessionIdParams,
    response: { 200: AgentSessionView, ...errorResponses(401, 403, 404) },
  }),
};

/** The native plane: every operation spec.json describes under /api/v1 (the OAuth callback page aside). */
export const nativeContract = {
  prefix: NATIVE_PREFIX,
  operations: {
    ...catalogOperations,
    ...authConfigOperations,
    ...connectionOperations,
    ...toolOperations,
    ...webhookOperations,
    ...eventOperations,
    ...triggerInstanceOperations,
    ...providerWebhookOperations,
    ...agentSessionOperations,
  },
} satisfies Contract;
