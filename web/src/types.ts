/**
 * The console API's resources as the browser sees them (the `console` tag of /api/v1/spec.json),
 * named from the generated types (api-types.gen.ts, `npm run generate:types`): the route schemas
 * are their only source, so a renamed or retyped field fails to compile in the screens that read it.
 */
import type { components, operations } from './api-types.gen';

/** The JSON body of an operation's 200 answer. */
type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer Body } } }
  ? Body
  : never;
/** The JSON body of an operation's 201 answer. */
type Created<Op extends keyof operations> = operations[Op]['responses'] extends { 201: { content: { 'application/json': infer Body } } }
  ? Body
  : never;
/** One item of an operation's listed answer. */
type ItemOf<Op extends keyof operations> = Ok<Op> extends { items: (infer Item)[] } ? Item : never;

export type User = components['schemas']['ConsoleUser'];
export type SessionInfo = components['schemas']['ConsoleSession'];
export type SignUpOptions = Ok<'consoleSignUpOptions'>;
export type Organization = ItemOf<'consoleListOrganizations'>;
export type OrganizationDetail = Ok<'consoleGetOrganization'>;
export type Member = ItemOf<'consoleListMembers'>;
export type Role = Member['role'];
export type Invitation = ItemOf<'consoleListInvitations'>;
export type InvitationPreview = Ok<'consolePreviewInvitation'>;
export type Project = ItemOf<'consoleListProjects'>;
export type ApiKey = ItemOf<'consoleListApiKeys'>;
export type AuthConfig = ItemOf<'consoleListAuthConfigs'>;
export type Connection = ItemOf<'consoleListConnections'>;
export type ConnectionStatus = Connection['status'];
export type Execution = ItemOf<'consoleListExecutions'>;
export type ExecutionDetail = Ok<'consoleGetExecution'>;
export type Toolkit = ItemOf<'consoleListToolkits'>;
export type AuthMethod = Toolkit['authMethods'][number];
export type ToolkitDetail = Ok<'consoleGetToolkit'>;
export type ToolkitTool = ItemOf<'consoleListToolkitTools'>;
export type ToolPage = Ok<'consoleListToolkitTools'>;
/** A hosted connect link for an end user (also the answer of Reconnect, with `reconnect: true` and the same connection). */
export type ConnectLink = Created<'consoleCreateConnectLink'>;
export type Usage = Ok<'consoleOrganizationUsage'>;
export type DailyUsage = Usage['daily'][number];
export type AuditEntry = ItemOf<'consoleListAudit'>;
export type WebhookSubscription = ItemOf<'consoleListWebhookSubscriptions'>;
/** A subscription with its signing secret: the answer of create and rotate, the only time the secret is shown. */
export type SecretAnswer = Created<'consoleCreateWebhookSubscription'>;
export type WebhookAttempt = ItemOf<'consoleListWebhookDeliveries'>;
export type BrokerEvent = ItemOf<'consoleListEvents'>;
export type EventType = ItemOf<'consoleListEventTypes'>;
export type Redelivered = Ok<'consoleRedeliverEvent'>;
export type TestEventSent = Ok<'consoleSendTestEvent'>;
export type TriggerInstance = ItemOf<'consoleListTriggerInstances'>;
export type ToolSummary = ItemOf<'consoleListPlaygroundTools'>;
export type PlaygroundTool = Ok<'consoleGetPlaygroundTool'>;
export type ToolRun = Ok<'consoleExecuteTool'>;

/** Every connection status, in the order the filters list them; a status added to the schema must be added here. */
export const CONNECTION_STATUSES = [
  'INITIATED',
  'PENDING',
  'ACTIVE',
  'FAILED',
  'EXPIRED',
  'REVOKED',
] as const satisfies readonly ConnectionStatus[];
// Fails to compile when a status of the schema is missing from the list above.
const _everyStatusListed: [Exclude<ConnectionStatus, (typeof CONNECTION_STATUSES)[number]>] extends [never] ? true : never = true;

export interface List<T> {
  items: T[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
