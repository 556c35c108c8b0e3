import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An agent session (issue 30): a short-lived credential for one end user (`entityId`) of a project,
 * optionally narrowed to toolkits and tools, that an MCP client or agent holds instead of the
 * project key. Only the sha256 of its token is stored, plus a short start for display.
 */
export const AgentSession = defineEntity({
  name: 'AgentSession',
  tableName: 'agent_sessions',
  indexes: [{ properties: ['projectId'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    organizationId: p.string().length(40),
    entityId: p.string().length(255),
    /** Comma-separated toolkit slugs; null = every toolkit. */
    toolkits: p.text().nullable(),
    /** Comma-separated tool slugs; null = every tool of the toolkits. */
    tools: p.text().nullable(),
    hash: p.string().length(64).unique(),
    start: p.string().length(16),
    /** The API key that created it. */
    createdByApiKeyId: p.string().length(40).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export type IAgentSession = InferEntity<typeof AgentSession>;
