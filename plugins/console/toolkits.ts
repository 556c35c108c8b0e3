/** The toolkit catalog for any signed-in person: auth methods with their form fields, tools count, logo. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consoleErrors } from '../../src/console/api-schemas.js';
import { ConsoleToolkitList } from '../../src/console/project-api-schemas.js';
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
};

export const toolkitRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  route(app, toolkitOperations.consoleListToolkits, async () => ({ items: services.consoleToolkits.list() }));
};
