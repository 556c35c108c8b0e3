/** executeTool (spec 4.7b): run a catalog tool through a connection. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { principal } from '../auth.js';
import { TEXT_LIMITS, errorResponses } from '../../src/schemas/common.js';
import { ExecuteBody, ExecuteResponse } from '../../src/tools/api-schemas.js';

const toolRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'execution'> }> = async (app, { services }) => {
  app.post(
    '/tools/:slug/execute',
    {
      schema: {
        operationId: 'executeTool',
        tags: ['tools'],
        summary: 'Run a tool through a connection',
        description:
          "The connection is connectedAccountId, or the entityId's most recently updated ACTIVE connection for the tool's toolkit. " +
          'Provider errors are 200 with successful=false and the provider status; 408 means the provider did not answer in time.',
        params: Type.Object({ slug: Type.String({ maxLength: TEXT_LIMITS.toolSlug, description: 'Tool slug' }) }),
        body: Type.Optional(ExecuteBody),
        response: { 200: ExecuteResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
      },
    },
    async (req) => {
      const { status, successful, data } = await services.execution.execute(principal(req).projectId, req.params.slug, req.body ?? {});
      return { status, successful, data };
    },
  );
};

export default toolRoutes;
