/** The catalog read side (spec 4.7, 4.8): toolkits, tools and trigger types, straight from the loaded files. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { route } from '../operations.js';
import { catalogOperations as ops } from './contract.js';

const catalogRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'catalogService'> }> = async (app, { services }) => {
  const { catalogService } = services;
  route(app, ops.listToolkits, async (req) => catalogService.listToolkits(req.query));
  route(app, ops.getToolkit, async (req) => catalogService.getToolkit(req.params.slug));
  route(app, ops.listTools, async (req) => catalogService.listTools(req.query));
  route(app, ops.getTool, async (req) => catalogService.getTool(req.params.slug));
  route(app, ops.listTriggerTypes, async (req) => catalogService.listTriggerTypes(req.query));
  route(app, ops.getTriggerType, async (req) => catalogService.getTriggerType(req.params.slug));
};

export default catalogRoutes;
