/** The native API's agent session bodies and answers (issue 30; plugins/native/agent-sessions.ts). */
import { Type } from '@sinclair/typebox';
import { IdString, TEXT_LIMITS } from '../schemas/common.js';
import { AGENT_SESSION_DEFAULT_SECONDS, AGENT_SESSION_MAX_SECONDS } from './agent-sessions.js';

const Timestamp = Type.String({ format: 'date-time' });

export const CreateAgentSessionBody = Type.Object(
  {
    entityId: Type.String({
      minLength: 1,
      maxLength: TEXT_LIMITS.entityId,
      description: 'The end user the session acts for, and only them',
    }),
    toolkits: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 100,
        description: 'Toolkit slugs the session may use; left out: every toolkit',
      }),
    ),
    tools: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: TEXT_LIMITS.toolSlug }), {
        minItems: 1,
        maxItems: 1000,
        description: 'Tool slugs the session may use; left out: every tool of its toolkits',
      }),
    ),
    expiresInSeconds: Type.Optional(
      Type.Integer({
        minimum: 60,
        maximum: AGENT_SESSION_MAX_SECONDS,
        description: `Lifetime in seconds: default ${AGENT_SESSION_DEFAULT_SECONDS} (1 hour), at most ${AGENT_SESSION_MAX_SECONDS} (30 days)`,
      }),
    ),
  },
  { additionalProperties: false },
);

const SessionFields = {
  id: Type.String(),
  entityId: Type.String(),
  toolkits: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'null: every toolkit' }),
  tools: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'null: every tool of its toolkits' }),
  expiresAt: Timestamp,
};

export const CreatedAgentSession = Type.Object({
  ...SessionFields,
  token: Type.String({
    description:
      'The session token: shown here once. Send it as `Authorization: Bearer` or `x-api-key` to /mcp and the routes a session may call',
  }),
  mcpUrl: Type.String({ description: "The MCP endpoint for this session's token (its entity and filters are fixed by the session)" }),
});

export const AgentSessionView = Type.Object({
  ...SessionFields,
  start: Type.String({ description: 'The first characters of the token, to recognise it' }),
  createdAt: Timestamp,
  revokedAt: Type.Union([Timestamp, Type.Null()]),
  status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('EXPIRED'), Type.Literal('REVOKED')]),
});

export const AgentSessionList = Type.Object({ items: Type.Array(AgentSessionView, { description: 'Newest first, at most 200' }) });

export const AgentSessionIdParams = Type.Object({ sessionId: IdString('Agent session id') });
