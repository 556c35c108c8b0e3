/** executeTool (spec 4.7b): run a catalog tool through a connection. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import type { ExecuteInput } from '../../src/tools/execution-service.js';
import { principal } from '../auth.js';
import { route } from '../operations.js';
import { requireSessionEntity, requireSessionTool } from '../agent-session-guard.js';
import { toolOperations as ops } from './contract.js';

const toolRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'execution' | 'toolSelection'> }> = async (app, { services }) => {
  route(app, ops.executeTool, async (req) => {
    const { projectId, session } = principal(req);
    let input: ExecuteInput = req.body ?? {};
    if (session) {
      // An agent session: its tools only, its end user only (a connection of another is 403 in the service).
      requireSessionTool(session, services.toolSelection, req.params.slug);
      requireSessionEntity(session, input.entityId);
      input = { ...input, entityId: session.entityId, onlyEntity: session.entityId };
    }
    const { status, successful, data } = await services.execution.execute(projectId, req.params.slug, input, { requestId: req.id });
    return { status, successful, data };
  });
};

export default toolRoutes;
