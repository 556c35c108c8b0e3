/**
 * Agent sessions: a short-lived token for one end user (and optionally some toolkits or tools) to
 * hand an agent or MCP client instead of the project key. It works on /mcp (`mcpUrl`), executeTool,
 * listTools, getTool and connect links for that end user only; everything else answers it 403.
 */
import type { Transport } from './http.js';
import type { BodyOf, ResponseOf } from './types.js';

export class AgentSessions {
  constructor(private readonly http: Transport) {}

  /** Creates a session (default 1 hour, at most 30 days); the answer carries its token, shown only now. */
  create(body: BodyOf<'createAgentSession'>): Promise<ResponseOf<'createAgentSession'>> {
    return this.http.call('createAgentSession', { body });
  }

  /** The project's sessions, newest first, with their status (never their tokens). */
  list(): Promise<ResponseOf<'listAgentSessions'>> {
    return this.http.call('listAgentSessions', {});
  }

  /** Revokes a session: its token is refused (401) at once on every instance. Idempotent. */
  revoke(sessionId: string): Promise<ResponseOf<'revokeAgentSession'>> {
    return this.http.call('revokeAgentSession', { path: { sessionId } });
  }
}
