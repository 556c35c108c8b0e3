/** The event log routes of the native API (issue 28): list, and redeliver one event. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { DEFAULT_PAGE_SIZE, EventSchema } from '../../src/events/api-schemas.js';
import { route } from '../operations.js';
import { eventOperations as ops } from './contract.js';

const eventRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'webhooks'> }> = async (app, { services }) => {
  app.addSchema(EventSchema);
  const { webhooks } = services;

  route(app, ops.listEvents, async (req) => {
    // Only the declared filters reach the service: unknown query parameters are ignored.
    const { type, after, before, limit, cursor } = req.query;
    return webhooks.listEvents(principal(req).projectId, { types: type, after, before, limit: limit ?? DEFAULT_PAGE_SIZE, cursor });
  });

  route(app, ops.redeliverEvent, async (req) => {
    const deliveries = await webhooks.redeliver(principal(req).projectId, req.params.eventId, req.body?.subscriptionId);
    return { eventId: req.params.eventId, deliveries };
  });
};

export default eventRoutes;
