/** The catalog read side (spec 4.7, 4.8): toolkits and tools, straight from the loaded files. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { errorResponses } from '../../src/schemas/common.js';
import {
  ListToolkitsQuery,
  ListToolsQuery,
  ToolApi,
  ToolkitApi,
  ToolkitListApi,
  ToolkitSlugParams,
  ToolListApi,
  ToolSlugParams,
} from '../../src/catalog/catalog-api-schemas.js';

const catalogRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'catalogService'> }> = async (app, { services }) => {
  const { catalogService } = services;

  app.get(
    '/toolkits',
    {
      schema: {
        operationId: 'listToolkits',
        tags: ['catalog'],
        summary: 'List toolkits',
        querystring: ListToolkitsQuery,
        response: { 200: ToolkitListApi, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => catalogService.listToolkits(req.query),
  );

  app.get(
    '/toolkits/:slug',
    {
      schema: {
        operationId: 'getToolkit',
        tags: ['catalog'],
        summary: 'Read one toolkit',
        params: ToolkitSlugParams,
        response: { 200: ToolkitApi, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => catalogService.getToolkit(req.params.slug),
  );

  app.get(
    '/tools',
    {
      schema: {
        operationId: 'listTools',
        tags: ['catalog'],
        summary: 'List or search tools (fuzzy over slug, name, description)',
        querystring: ListToolsQuery,
        response: { 200: ToolListApi, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => catalogService.listTools(req.query),
  );

  app.get(
    '/tools/:slug',
    {
      schema: {
        operationId: 'getTool',
        tags: ['catalog'],
        summary: 'Read one tool with its inputParameters (JSON Schema)',
        params: ToolSlugParams,
        response: { 200: ToolApi, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => catalogService.getTool(req.params.slug),
  );
};

export default catalogRoutes;
