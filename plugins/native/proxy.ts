/** proxy (spec 4.3): an authenticated request to the provider of a connection. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { route } from '../operations.js';
import { connectionOperations as ops } from './contract.js';

const proxyRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'proxy'> }> = async (app, { services }) => {
  route(app, ops.proxy, async (req) => services.proxy.proxy(principal(req).projectId, req.body, { requestId: req.id }));
};

export default proxyRoutes;
