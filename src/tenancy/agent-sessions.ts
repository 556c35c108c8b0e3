/**
 * Agent sessions (issue 30): a project key hands an agent or MCP client a short-lived credential
 * for one end user (entity), optionally narrowed to toolkits and tools, instead of the project key.
 * The token is `cb_sess_` plus 32 random bytes; only its sha256 and a short start are stored, and it
 * is shown once. Creating and revoking are commands with their audit entry, in one transaction; a
 * revocation bumps the cache epoch, so every instance refuses the token on its next request (as a
 * revoked key). Expiry is judged against the clock on every request, cached or not. Revoking the
 * key that created a session ends the session too.
 */
import { hash, randomBytes } from 'node:crypto';
import type { IAgentSession } from '../db/entities/index.js';
import type { TenancyRepositories } from '../db/repositories/tenancy.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { newId } from '../ids.js';
import { notFound } from '../errors.js';
import type { ApiKeyActor } from './actor.js';
import type { Audited } from './audited.js';
import type { AgentSessionGrant, ApiKeyPrincipal } from './principal.js';

export type { AgentSessionGrant } from './principal.js';

export const AGENT_SESSION_PREFIX = 'cb_sess_';
const START_LENGTH = AGENT_SESSION_PREFIX.length + 4;
export const AGENT_SESSION_DEFAULT_SECONDS = 3600;
export const AGENT_SESSION_MAX_SECONDS = 30 * 24 * 3600;

export interface AgentSessionSummary extends AgentSessionGrant {
  projectId: string;
  organizationId: string;
  start: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A session as the native API shows it (never the token), with its state at `now`. */
const agentSessionView = (s: AgentSessionSummary, now: number) => ({
  id: s.id,
  entityId: s.entityId,
  toolkits: s.toolkits ?? null,
  tools: s.tools ?? null,
  start: s.start,
  createdAt: s.createdAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  revokedAt: s.revokedAt?.toISOString() ?? null,
  status: s.revokedAt ? ('REVOKED' as const) : s.expiresAt.getTime() <= now ? ('EXPIRED' as const) : ('ACTIVE' as const),
});

const list = (s: string | null | undefined) => (s ? s.split(',') : undefined);

const summarize = (s: IAgentSession): AgentSessionSummary => {
  const toolkits = list(s.toolkits);
  const tools = list(s.tools);
  return {
    id: s.id,
    projectId: s.projectId,
    organizationId: s.organizationId,
    entityId: s.entityId,
    ...(toolkits ? { toolkits } : {}),
    ...(tools ? { tools } : {}),
    start: s.start,
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    revokedAt: s.revokedAt ?? null,
  };
};

/** The audit log records the session's start, entity and filters, never the token. */
const sessionEvent = (action: 'agent_session.created' | 'agent_session.revoked', s: AgentSessionSummary) => ({
  organizationId: s.organizationId,
  projectId: s.projectId,
  action,
  targetType: 'agent_session',
  targetId: s.id,
  detail: {
    start: s.start,
    entityId: s.entityId,
    toolkits: s.toolkits ?? null,
    tools: s.tools ?? null,
    expiresAt: s.expiresAt.toISOString(),
  },
});

export function createAgentSessions(deps: {
  repos: Pick<TenancyRepositories, 'agentSessions' | 'apiKeys'>;
  audited: Audited;
  cache: HotCache;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl'>;
}) {
  const { audited, clock } = deps;
  /** The entity and filters travel with the token: the URL needs no query. */
  const mcpUrl = `${deps.config.publicBaseUrl.replace(/\/+$/, '')}/mcp`;
  const sessions = deps.repos.agentSessions;
  const cached = deps.cache.map<ApiKeyPrincipal & { session: AgentSessionGrant; expiresAt: number }>('agentSessions');

  return {
    /** A new session for `entityId`; the token is returned here and never again. Filters come checked. */
    create(
      actor: ApiKeyActor,
      owner: { projectId: string; organizationId: string },
      input: { entityId: string; toolkits?: string[] | undefined; tools?: string[] | undefined; expiresInSeconds?: number | undefined },
    ): Promise<{ token: string; mcpUrl: string; session: AgentSessionSummary }> {
      const seconds = input.expiresInSeconds ?? AGENT_SESSION_DEFAULT_SECONDS;
      return audited.run(actor, async (tx) => {
        const token = AGENT_SESSION_PREFIX + randomBytes(32).toString('base64url');
        const session = summarize(
          await tx.repos.agentSessions.insert({
            id: newId('ags'),
            projectId: owner.projectId,
            organizationId: owner.organizationId,
            entityId: input.entityId,
            toolkits: input.toolkits?.length ? input.toolkits.join(',') : null,
            tools: input.tools?.length ? input.tools.join(',') : null,
            hash: hash('sha256', token, 'hex'),
            start: token.slice(0, START_LENGTH),
            createdByApiKeyId: actor.apiKeyId,
            expiresAt: new Date(clock.now() + seconds * 1000),
            revokedAt: null,
          }),
        );
        await tx.audit(sessionEvent('agent_session.created', session));
        return { token, mcpUrl, session };
      });
    },

    /** The native API's view of a session, with its state now. */
    view: (s: AgentSessionSummary) => agentSessionView(s, clock.now()),

    /** Newest first (at most 200), revoked and expired ones included; never the token. */
    async list(projectId: string): Promise<AgentSessionSummary[]> {
      return (await sessions.listForProject(projectId)).map(summarize);
    },

    /** Revokes a session of the project; idempotent. Refused on every instance once this returns. */
    async revoke(actor: ApiKeyActor, projectId: string, id: string): Promise<AgentSessionSummary> {
      const outcome = await audited.run(actor, async (tx) => {
        const found = await tx.repos.agentSessions.findInProject(projectId, id);
        if (!found) throw notFound(`Agent session ${id} not found`, 'agent_session');
        const at = new Date(clock.now());
        if (found.revokedAt || !(await tx.repos.agentSessions.revoke(found.id, at))) return { session: summarize(found), changed: false };
        const revoked = summarize({ ...found, revokedAt: at });
        await tx.audit(sessionEvent('agent_session.revoked', revoked));
        return { session: revoked, changed: true };
      });
      if (outcome.changed) await deps.cache.invalidate();
      return outcome.session;
    },

    /** Resolves a presented token (hashed as `digest`); undefined when unknown, revoked or expired. */
    async authenticate(token: string, digest: string): Promise<ApiKeyPrincipal | undefined> {
      if (!token.startsWith(AGENT_SESSION_PREFIX) || token.length > 200) return undefined;
      let entry = cached.get(digest);
      if (!entry) {
        const found = await sessions.findActiveByHash(digest);
        if (!found) return undefined;
        // A session lives no longer than the key that made it: revoking the key (which empties
        // this cache everywhere) ends its sessions too, and the key's expiry bounds theirs.
        const creator = found.createdByApiKeyId ? await deps.repos.apiKeys.find({ id: found.createdByApiKeyId }) : null;
        if (!creator || creator.revokedAt) return undefined;
        const until = Math.min(found.expiresAt.getTime(), creator.expiresAt?.getTime() ?? Infinity);
        const { id, entityId, toolkits, tools } = summarize(found);
        entry = {
          apiKeyId: found.createdByApiKeyId ?? '',
          projectId: found.projectId,
          organizationId: found.organizationId,
          scopes: null,
          session: { id, entityId, ...(toolkits ? { toolkits } : {}), ...(tools ? { tools } : {}) },
          expiresAt: until,
        };
        cached.set(digest, entry);
      }
      if (clock.now() >= entry.expiresAt) return undefined;
      return {
        apiKeyId: entry.apiKeyId,
        projectId: entry.projectId,
        organizationId: entry.organizationId,
        scopes: null,
        session: entry.session,
      };
    },
  };
}

export type AgentSessions = ReturnType<typeof createAgentSessions>;
