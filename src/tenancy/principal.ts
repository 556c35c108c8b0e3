/**
 * Who a request authenticated as (plugins/auth.ts sets it on the request): a project API key with
 * its scopes, or an agent session (issue 30) acting for one end user through its creator's project.
 */
import type { Scope } from './scopes.js';

/** What a session fixes for every request made with it. */
export interface AgentSessionGrant {
  id: string;
  entityId: string;
  /** Toolkit slugs (lower case); absent = every toolkit. */
  toolkits?: string[];
  /** Tool slugs (upper case); absent = every tool of the toolkits. */
  tools?: string[];
}

export interface ApiKeyPrincipal {
  apiKeyId: string;
  projectId: string;
  organizationId: string;
  /** The key's scopes; null = every scope (most keys: no set to look into on the hot path). */
  scopes: ReadonlySet<Scope> | null;
  /** Set when the credential is an agent session (src/tenancy/agent-sessions.ts); apiKeyId is then its creator's. */
  session?: AgentSessionGrant;
}
