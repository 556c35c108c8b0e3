/**
 * What an agent session (issue 30, src/tenancy/agent-sessions.ts) fixes on the few routes it may
 * call: its end user (another entityId is 403) and its toolkits/tools (another tool is 403).
 * plugins/auth.ts already refused it everywhere else; these checks need the request's body.
 */
import type { AgentSessionGrant } from '../src/tenancy/agent-sessions.js';
import type { ToolFilters, ToolSelection } from '../src/tools/tool-selection.js';
import { forbidden } from '../src/errors.js';

/** 403 unless `entityId` (when given) is the session's. */
export function requireSessionEntity(session: AgentSessionGrant, entityId: string | undefined, field = 'entityId'): void {
  if (entityId !== undefined && entityId !== session.entityId)
    throw forbidden(`This agent session acts for end user ${session.entityId} only; ${field} names another`);
}

/** 403 unless the session's filters select the tool. */
export function requireSessionTool(session: AgentSessionGrant, selection: Pick<ToolSelection, 'inFilters'>, slug: string): void {
  if (!selection.inFilters(session, slug.toUpperCase()))
    throw forbidden(`Tool ${slug} is not offered by this agent session (its toolkits/tools)`);
}

/**
 * The filters of an MCP request made with a session: the URL's own filters may only narrow the
 * session's (403 otherwise); what the URL leaves out is the session's.
 */
export function sessionFilters(session: AgentSessionGrant, fromUrl: ToolFilters): ToolFilters {
  const outside = (asked: string[] | undefined, allowed: string[] | undefined) =>
    asked?.filter((s) => allowed && !allowed.includes(s)) ?? [];
  const extra = [...outside(fromUrl.toolkits, session.toolkits), ...outside(fromUrl.tools, session.tools)];
  if (extra.length > 0) throw forbidden(`Not offered by this agent session: ${extra.join(', ')}`);
  const toolkits = fromUrl.toolkits ?? session.toolkits;
  const tools = fromUrl.tools ?? session.tools;
  return { ...(toolkits ? { toolkits } : {}), ...(tools ? { tools } : {}) };
}
