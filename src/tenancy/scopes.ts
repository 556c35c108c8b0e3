/**
 * What an API key may do (issue 30): a key carries scopes, and every operation of the native API,
 * the compat mount and the MCP endpoint needs exactly one. The table below is the one place that
 * says which (keyed by operationId: the native and compat operations that share an id mean the
 * same thing); test/unit/tenancy/operation-scopes.test.ts fails when an operation lacks an entry,
 * and docs/reference/scopes.md is generated from it.
 */
import { forbidden } from '../errors.js';

export const SCOPES = [
  'tools:read',
  'tools:execute',
  'connections:read',
  'connections:write',
  'auth_configs:read',
  'auth_configs:write',
  'triggers:manage',
  'webhooks:manage',
  'events:read',
  'sessions:create',
] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'tools:read': 'toolkits, tools and trigger types (the catalog); listing tools on /mcp',
  'tools:execute': 'executeTool and the proxy; calling tools on /mcp',
  'connections:read': 'list and read connections',
  'connections:write': 'initiate, connect, update, refresh, revoke and delete connections; connect links',
  'auth_configs:read': 'list and read auth configs',
  'auth_configs:write': 'create, update, enable/disable and delete auth configs',
  'triggers:manage': 'trigger instances: create, list, update, delete',
  'webhooks:manage': 'webhook subscriptions, their secrets, deliveries and test events',
  'events:read': 'the event log and redelivery',
  'sessions:create': 'agent sessions: create, list and revoke',
};

export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

/** The operation -> scope table; `plane` lists where each operationId is served. */
export const OPERATION_SCOPES: Record<string, { scope: Scope; planes: readonly ('native' | 'compat' | 'mcp')[] }> = {
  // The catalog.
  listToolkits: { scope: 'tools:read', planes: ['native', 'compat'] },
  getToolkit: { scope: 'tools:read', planes: ['native', 'compat'] },
  getToolkitsMulti: { scope: 'tools:read', planes: ['compat'] },
  listToolkitCategories: { scope: 'tools:read', planes: ['compat'] },
  getToolkitChangelog: { scope: 'tools:read', planes: ['compat'] },
  listTools: { scope: 'tools:read', planes: ['native', 'compat'] },
  getTool: { scope: 'tools:read', planes: ['native', 'compat'] },
  listToolEnum: { scope: 'tools:read', planes: ['compat'] },
  getRequiredScopes: { scope: 'tools:read', planes: ['compat'] },
  getToolInput: { scope: 'tools:read', planes: ['compat'] },
  listTriggerTypes: { scope: 'tools:read', planes: ['native', 'compat'] },
  listTriggerTypeEnum: { scope: 'tools:read', planes: ['compat'] },
  getTriggerType: { scope: 'tools:read', planes: ['native', 'compat'] },
  // Running tools. On /mcp, entering needs tools:read; tools/call also needs tools:execute.
  executeTool: { scope: 'tools:execute', planes: ['native', 'compat'] },
  proxy: { scope: 'tools:execute', planes: ['native'] },
  proxyExecute: { scope: 'tools:execute', planes: ['compat'] },
  mcpMessage: { scope: 'tools:read', planes: ['mcp'] },
  mcpStream: { scope: 'tools:read', planes: ['mcp'] },
  mcpEndSession: { scope: 'tools:read', planes: ['mcp'] },
  // Auth configs.
  createAuthConfig: { scope: 'auth_configs:write', planes: ['native', 'compat'] },
  listAuthConfigs: { scope: 'auth_configs:read', planes: ['native', 'compat'] },
  getAuthConfig: { scope: 'auth_configs:read', planes: ['native', 'compat'] },
  updateAuthConfig: { scope: 'auth_configs:write', planes: ['native', 'compat'] },
  setAuthConfigStatus: { scope: 'auth_configs:write', planes: ['compat'] },
  deleteAuthConfig: { scope: 'auth_configs:write', planes: ['native', 'compat'] },
  // Connections.
  initiate: { scope: 'connections:write', planes: ['native'] },
  connect: { scope: 'connections:write', planes: ['native'] },
  createConnectedAccount: { scope: 'connections:write', planes: ['compat'] },
  listConnections: { scope: 'connections:read', planes: ['native'] },
  listConnectedAccounts: { scope: 'connections:read', planes: ['compat'] },
  getConnection: { scope: 'connections:read', planes: ['native'] },
  getConnectedAccount: { scope: 'connections:read', planes: ['compat'] },
  updateConnection: { scope: 'connections:write', planes: ['native'] },
  updateConnectedAccount: { scope: 'connections:write', planes: ['compat'] },
  setConnectedAccountStatus: { scope: 'connections:write', planes: ['compat'] },
  deleteConnection: { scope: 'connections:write', planes: ['native'] },
  deleteConnectedAccount: { scope: 'connections:write', planes: ['compat'] },
  refreshConnection: { scope: 'connections:write', planes: ['native'] },
  refreshConnectedAccount: { scope: 'connections:write', planes: ['compat'] },
  revokeConnection: { scope: 'connections:write', planes: ['native'] },
  revokeConnectedAccount: { scope: 'connections:write', planes: ['compat'] },
  createConnectLink: { scope: 'connections:write', planes: ['native', 'compat'] },
  // Webhook subscriptions.
  createWebhookSubscription: { scope: 'webhooks:manage', planes: ['native', 'compat'] },
  listWebhookSubscriptions: { scope: 'webhooks:manage', planes: ['native', 'compat'] },
  listWebhookEventTypes: { scope: 'webhooks:manage', planes: ['compat'] },
  getWebhookSubscription: { scope: 'webhooks:manage', planes: ['native', 'compat'] },
  updateWebhookSubscription: { scope: 'webhooks:manage', planes: ['native', 'compat'] },
  deleteWebhookSubscription: { scope: 'webhooks:manage', planes: ['native', 'compat'] },
  rotateWebhookSecret: { scope: 'webhooks:manage', planes: ['native', 'compat'] },
  listWebhookDeliveries: { scope: 'webhooks:manage', planes: ['native'] },
  sendTestEvent: { scope: 'webhooks:manage', planes: ['native'] },
  // Events.
  listEvents: { scope: 'events:read', planes: ['native'] },
  redeliverEvent: { scope: 'events:read', planes: ['native'] },
  // Trigger instances.
  upsertTriggerInstance: { scope: 'triggers:manage', planes: ['native', 'compat'] },
  listTriggerInstances: { scope: 'triggers:manage', planes: ['native'] },
  listActiveTriggers: { scope: 'triggers:manage', planes: ['compat'] },
  getTriggerInstance: { scope: 'triggers:manage', planes: ['native'] },
  updateTriggerInstance: { scope: 'triggers:manage', planes: ['native'] },
  updateTriggerInstanceStatus: { scope: 'triggers:manage', planes: ['compat'] },
  deleteTriggerInstance: { scope: 'triggers:manage', planes: ['native', 'compat'] },
  // Agent sessions.
  createAgentSession: { scope: 'sessions:create', planes: ['native'] },
  listAgentSessions: { scope: 'sessions:create', planes: ['native'] },
  revokeAgentSession: { scope: 'sessions:create', planes: ['native'] },
};

/**
 * Operations an agent session may call (native and MCP only): every other operation answers 403.
 * Each one also pins the session's entity and filters (plugins/native, plugins/mcp).
 */
export const AGENT_SESSION_OPERATIONS: ReadonlySet<string> = new Set([
  'executeTool',
  'listTools',
  'getTool',
  'createConnectLink',
  'mcpMessage',
  // Both answer 405; an MCP client probing them must not read a refusal.
  'mcpStream',
  'mcpEndSession',
]);

/** The scopes a key holds: null (stored) means every scope, as keys made before scopes existed. */
export const scopesOf = (stored: string | null | undefined): Scope[] => (stored == null ? [...SCOPES] : stored.split(',').filter(isScope));

/** Checks a requested list of scopes (400 naming the unknown ones); the stored form (null = all). */
export function storedScopes(requested: readonly string[] | undefined, invalid: (message: string) => Error): string | null {
  if (requested === undefined) return null;
  const unknown = requested.filter((s) => !isScope(s));
  if (unknown.length > 0) throw invalid(`Unknown scope(s) ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
  const set = new Set(requested);
  if (set.size === 0) throw invalid('scopes: give at least one scope (leave scopes out for all of them)');
  return SCOPES.filter((s) => set.has(s)).join(',');
}

/** 403 naming the scope a key lacks. */
export function requireScope(held: ReadonlySet<Scope> | null, scope: Scope): void {
  if (held && !held.has(scope)) throw forbidden(`This API key lacks the scope ${scope}`);
}
