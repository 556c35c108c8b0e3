/** executeTool (spec 4.7b): run a catalog tool through a connection. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { route } from '../operations.js';
import { toolOperations as ops } from './contract.js';

const toolRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'execution'> }> = async (app, { services }) => {
  route(app, ops.executeTool, async (req) => {
    const { status, successful, data } = await services.execution.execute(principal(req).projectId, req.params.slug, req.body ?? {}, {
      requestId: req.id,
    });
    return { status, successful, data };
  });
};

export default toolRoutes;
