/**
 * Agent sessions on the native API (issue 30): a project key (scope sessions:create) creates one for
 * an end user, lists and revokes them. The rules, the token and the audit entries live in
 * src/tenancy/agent-sessions.ts; the filters are checked as /mcp checks its URL's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { apiKeyActorOf as actorOf } from '../api-key-audit.js';
import { principal } from '../auth.js';
import { route } from '../operations.js';
import { agentSessionOperations as ops } from './contract.js';

const agentSessionRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'tenancy' | 'toolSelection'> }> = async (
  app,
  { services },
) => {
  const sessions = services.tenancy.agentSessions;

  route(app, ops.createAgentSession, async (req, reply) => {
    const { projectId, organizationId } = principal(req);
    const { entityId, toolkits, tools, expiresInSeconds } = req.body;
    const filters = services.toolSelection.parseFilters({ toolkits: toolkits?.join(','), tools: tools?.join(',') });
    const { token, mcpUrl, session } = await sessions.create(
      actorOf(req),
      { projectId, organizationId },
      { entityId, toolkits: filters.toolkits, tools: filters.tools, expiresInSeconds },
    );
    const view = sessions.view(session);
    return reply.code(201).send({
      id: view.id,
      entityId: view.entityId,
      toolkits: view.toolkits,
      tools: view.tools,
      expiresAt: view.expiresAt,
      token,
      mcpUrl,
    });
  });

  route(app, ops.listAgentSessions, async (req) => ({ items: (await sessions.list(principal(req).projectId)).map(sessions.view) }));

  route(app, ops.revokeAgentSession, async (req) =>
    sessions.view(await sessions.revoke(actorOf(req), principal(req).projectId, req.params.sessionId)),
  );
};

export default agentSessionRoutes;
