/** proxy (spec 4.3): an authenticated request to the provider of a connection. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { errorResponses } from '../../src/schemas/common.js';
import { ProxyBody, ProxyResponse } from '../../src/tools/api-schemas.js';

const proxyRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'proxy'> }> = async (app, { services }) => {
  app.post(
    '/connectors/proxy',
    {
      schema: {
        operationId: 'proxy',
        tags: ['connections'],
        summary: 'Authenticated request through a connection',
        body: ProxyBody,
        response: { 200: ProxyResponse, ...errorResponses(400, 401, 403, 404, 408, 500) },
      },
    },
    async (req) => services.proxy.proxy(principal(req).projectId, req.body),
  );
};

export default proxyRoutes;
