/**
 * The toolkit catalog for any signed-in person: auth methods with their form fields, tools count,
 * logo, the OAuth callback URL; a toolkit's page with its trigger types, and its tools page by page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consoleErrors } from '../../src/console/api-schemas.js';
import {
  ConsoleToolkitDetail,
  ConsoleToolkitList,
  ConsoleToolkitParams,
  ConsoleToolPage,
  ConsoleToolsQuery,
} from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { defineConsoleOperation } from './route-access.js';
import { route } from '../operations.js';

export const toolkitOperations = {
  consoleListToolkits: defineConsoleOperation({
    operationId: 'consoleListToolkits',
    method: 'GET',
    url: '/toolkits',
    summary: 'Every toolkit of the catalog, with what setting up a connection needs',
    response: { 200: ConsoleToolkitList, ...consoleErrors(401) },
  }),
  consoleGetToolkit: defineConsoleOperation({
    operationId: 'consoleGetToolkit',
    method: 'GET',
    url: '/toolkits/:slug',
    summary: 'One toolkit as listed, with its trigger types',
    params: ConsoleToolkitParams,
    response: { 200: ConsoleToolkitDetail, ...consoleErrors(400, 401, 404) },
  }),
  consoleListToolkitTools: defineConsoleOperation({
    operationId: 'consoleListToolkitTools',
    method: 'GET',
    url: '/toolkits/:slug/tools',
    summary: "A page of a toolkit's tools with their input schemas and scopes; search ranks them as listTools does",
    params: ConsoleToolkitParams,
    querystring: ConsoleToolsQuery,
    response: { 200: ConsoleToolPage, ...consoleErrors(400, 401, 404) },
  }),
};

export const toolkitRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, toolkitOperations.consoleListToolkits, async () => ({ items: services.consoleToolkits.list() }));
  route(app, toolkitOperations.consoleGetToolkit, async (request) => services.consoleToolkits.get(request.params.slug));
  route(app, toolkitOperations.consoleListToolkitTools, async (request) => {
    const { search, limit = 25, offset = 0 } = request.query;
    return services.consoleToolkits.tools(request.params.slug, { search, limit, offset });
  });
};
