/**
 * The console API's resources as the browser sees them (the `console` tag of /api/v1/spec.json).
 * Written by hand: web/ never imports server code, so a renamed field shows up here and in the
 * screens that read it.
 */

export type Role = 'owner' | 'admin' | 'member';

export interface User {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
}

export interface SessionInfo {
  user: User;
  csrfToken: string;
  expiresAt: string;
}

export interface SignUpOptions {
  signUp: 'open' | 'invite-only';
  firstUser: boolean;
}

export interface Organization {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
}

export interface OrganizationDetail extends Organization {
  monthlyExecutionQuota: number | null;
}

export interface Member {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  invitedBy: unknown;
}

export interface InvitationPreview {
  organizationName: string;
  email: string;
  role: Role;
  expiresAt: string;
}

export interface Project {
  id: string;
  name: string;
  createdAt: string;
  allowedRedirectUrls: string[];
}

export interface ApiKey {
  id: string;
  name: string;
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface AuthConfig {
  id: string;
  toolkit: string;
  authMethodId: string;
  authMethodKind: string;
  name: string;
  isManaged: boolean;
  disabled: boolean;
  connectionsCount: number;
  createdAt: string;
}

export const CONNECTION_STATUSES = ['INITIATED', 'PENDING', 'ACTIVE', 'FAILED', 'EXPIRED', 'REVOKED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface Connection {
  id: string;
  providerSlug: string;
  authMethodKind: string;
  status: ConnectionStatus;
  statusReason: string | null;
  disabled: boolean;
  entityId: string;
  authConfigId: string;
  alias: string | null;
  createdAt: string;
}

export interface Execution {
  id: string;
  kind: 'tool' | 'proxy';
  toolSlug: string | null;
  toolkitSlug: string;
  connectionId: string | null;
  status: number;
  successful: boolean;
  durationMs: number;
  errorCode: string | null;
  createdAt: string;
}

export interface AuthMethod {
  id: string;
  name: string;
  kind: 'oauth2' | 'api_key' | 'basic' | 'bearer';
  managedClientConfigured: boolean;
}

export interface Toolkit {
  slug: string;
  name: string;
  description: string | null;
  authMethods: AuthMethod[];
  toolsCount: number;
  noAuth?: boolean;
}

export interface Usage {
  month: string;
  totals: { toolExecutions: number; proxyCalls: number; activeConnections: number };
  quota: { monthlyExecutions: number | null; used: number; resetsAt: string };
  projects: { projectId: string; name: string; toolExecutions: number; proxyCalls: number; activeConnections: number }[];
  daily: DailyUsage[];
}

export interface DailyUsage {
  date: string;
  toolExecutions: number;
  proxyCalls: number;
}

export interface AuditEntry {
  id: string;
  createdAt: string;
  actor: { userId: string; email: string | null } | null;
  actorKind: 'user' | 'operator' | 'apiKey';
  actorApiKey: { id: string; name: string | null } | null;
  action: string;
  targetType: string;
  targetId: string;
  projectId: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

export interface List<T> {
  items: T[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
