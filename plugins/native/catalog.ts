/** The catalog read side (spec 4.7, 4.8): toolkits, tools and trigger types, straight from the loaded files. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { route } from '../operations.js';
import { principal } from '../auth.js';
import { requireSessionTool } from '../agent-session-guard.js';
import { catalogOperations as ops } from './contract.js';

const catalogRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'catalogService' | 'toolSelection'> }> = async (
  app,
  { services },
) => {
  const { catalogService, toolSelection } = services;
  route(app, ops.listToolkits, async (req) => catalogService.listToolkits(req.query));
  route(app, ops.getToolkit, async (req) => catalogService.getToolkit(req.params.slug));
  route(app, ops.listTools, async (req) => {
    const { session } = principal(req);
    if (!session || (!session.toolkits && !session.tools)) return catalogService.listTools(req.query);
    // An agent session with filters sees only its tools: filter every match, then page.
    const { limit = 50, offset = 0 } = req.query;
    const all = catalogService.listTools({ ...req.query, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
    const mine = all.items.filter((t) => toolSelection.inFilters(session, t.slug));
    return { items: mine.slice(offset, offset + limit), total: mine.length };
  });
  route(app, ops.getTool, async (req) => {
    const { session } = principal(req);
    if (session) requireSessionTool(session, toolSelection, req.params.slug);
    return catalogService.getTool(req.params.slug);
  });
  route(app, ops.listTriggerTypes, async (req) => catalogService.listTriggerTypes(req.query));
  route(app, ops.getTriggerType, async (req) => catalogService.getTriggerType(req.params.slug));
};

export default catalogRoutes;
