/**
 * A project's webhook subscriptions and events in the console (issue 28): list, create (the
 * signing secret is in that answer only), update, delete, rotate the secret (the new one shown
 * once), send a test event, a subscription's deliveries log (every attempt), redeliver an event,
 * list events by type and time, one event, and the event types. Members read; admins and owners
 * change. Rules live in src/events; src/console/console-webhook-service.ts adds the audit entries.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import {
  EventParams,
  EventTypeList,
  SubscriptionParams,
  TestEventAnswer,
  WebhookSecretAnswer,
} from '../../src/console/webhook-api-schemas.js';
import {
  CreateWebhookSubscriptionBody,
  CursorPageQuery,
  DEFAULT_PAGE_SIZE,
  EventList,
  EventSchema,
  ListEventsQuery,
  QueuedDeliveries,
  RedeliverBody,
  UpdateWebhookSubscriptionBody,
  WebhookAttemptList,
  WebhookAttemptSchema,
  WebhookSubscriptionList,
  WebhookSubscriptionSchema,
} from '../../src/events/api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';

const PROJECT = '/orgs/:organizationId/projects/:projectId';

export const webhookOperations = {
  consoleListEventTypes: defineConsoleOperation({
    operationId: 'consoleListEventTypes',
    method: 'GET',
    url: '/event-types',
    summary: 'The event types the broker records, with what each means',
    response: { 200: EventTypeList, ...consoleErrors(401) },
  }),
  consoleListWebhookSubscriptions: defineConsoleOperation({
    operationId: 'consoleListWebhookSubscriptions',
    method: 'GET',
    url: `${PROJECT}/webhooks`,
    config: { role: 'member' },
    summary: "The project's webhook subscriptions, newest first (never their secrets)",
    params: ProjectParams,
    querystring: CursorPageQuery,
    response: { 200: WebhookSubscriptionList, ...consoleErrors(400, 401, 404) },
  }),
  consoleCreateWebhookSubscription: defineConsoleOperation({
    operationId: 'consoleCreateWebhookSubscription',
    method: 'POST',
    url: `${PROJECT}/webhooks`,
    config: { role: 'admin' },
    summary: "Subscribe a URL to the project's events; the signing secret is returned once (admin)",
    params: ProjectParams,
    body: CreateWebhookSubscriptionBody,
    response: { 201: WebhookSecretAnswer, ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleGetWebhookSubscription: defineConsoleOperation({
    operationId: 'consoleGetWebhookSubscription',
    method: 'GET',
    url: `${PROJECT}/webhooks/:subscriptionId`,
    config: { role: 'member' },
    summary: 'One webhook subscription (never its secret)',
    params: SubscriptionParams,
    response: { 200: Type.Ref(WebhookSubscriptionSchema), ...consoleErrors(401, 404) },
  }),
  consoleUpdateWebhookSubscription: defineConsoleOperation({
    operationId: 'consoleUpdateWebhookSubscription',
    method: 'PATCH',
    url: `${PROJECT}/webhooks/:subscriptionId`,
    config: { role: 'admin' },
    summary: 'Change the URL or event types, enable or disable (admin)',
    params: SubscriptionParams,
    body: UpdateWebhookSubscriptionBody,
    response: { 200: Type.Ref(WebhookSubscriptionSchema), ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleDeleteWebhookSubscription: defineConsoleOperation({
    operationId: 'consoleDeleteWebhookSubscription',
    method: 'DELETE',
    url: `${PROJECT}/webhooks/:subscriptionId`,
    config: { role: 'admin' },
    summary: 'Delete a subscription, its deliveries and its secrets (admin)',
    params: SubscriptionParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404) },
  }),
  consoleRotateWebhookSecret: defineConsoleOperation({
    operationId: 'consoleRotateWebhookSecret',
    method: 'POST',
    url: `${PROJECT}/webhooks/:subscriptionId/rotate-secret`,
    config: { role: 'admin' },
    summary: 'A new signing secret, returned once; the previous one keeps signing for 24 hours (admin)',
    params: SubscriptionParams,
    response: { 200: WebhookSecretAnswer, ...consoleErrors(401, 403, 404) },
  }),
  consoleSendTestEvent: defineConsoleOperation({
    operationId: 'consoleSendTestEvent',
    method: 'POST',
    url: `${PROJECT}/webhooks/:subscriptionId/test`,
    config: { role: 'admin' },
    summary: 'Record a webhook.test event delivered to this subscription only (admin)',
    params: SubscriptionParams,
    response: { 200: TestEventAnswer, ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleListWebhookDeliveries: defineConsoleOperation({
    operationId: 'consoleListWebhookDeliveries',
    method: 'GET',
    url: `${PROJECT}/webhooks/:subscriptionId/deliveries`,
    config: { role: 'member' },
    summary: "A subscription's delivery attempts, newest first: status code, outcome, duration, the start of the answer",
    params: SubscriptionParams,
    querystring: CursorPageQuery,
    response: { 200: WebhookAttemptList, ...consoleErrors(400, 401, 404) },
  }),
  consoleListEvents: defineConsoleOperation({
    operationId: 'consoleListEvents',
    method: 'GET',
    url: `${PROJECT}/events`,
    config: { role: 'member' },
    summary: "The project's events, newest first; filter by type and time",
    params: ProjectParams,
    querystring: ListEventsQuery,
    response: { 200: EventList, ...consoleErrors(400, 401, 404) },
  }),
  consoleGetEvent: defineConsoleOperation({
    operationId: 'consoleGetEvent',
    method: 'GET',
    url: `${PROJECT}/events/:eventId`,
    config: { role: 'member' },
    summary: 'One event, as its webhook body carries it',
    params: EventParams,
    response: { 200: Type.Ref(EventSchema), ...consoleErrors(401, 404) },
  }),
  consoleRedeliverEvent: defineConsoleOperation({
    operationId: 'consoleRedeliverEvent',
    method: 'POST',
    url: `${PROJECT}/events/:eventId/redeliver`,
    config: { role: 'admin' },
    summary: 'Send an event again (same webhook-id) to one subscription, or to every enabled one that wants its type (admin)',
    params: EventParams,
    body: Type.Optional(RedeliverBody),
    response: { 200: QueuedDeliveries, ...consoleErrors(400, 401, 403, 404) },
  }),
};
const ops = webhookOperations;

/** The organization's project the route names, as resolved before the handler. */
const target = (request: FastifyRequest) => {
  const { organizationId, project } = projectAccessOf(request);
  return { organizationId, projectId: project.id };
};

export const webhookRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const hooks = services.consoleWebhooks;
  // The native API's resources, as components of this route group.
  app.addSchema(WebhookSubscriptionSchema);
  app.addSchema(WebhookAttemptSchema);
  app.addSchema(EventSchema);

  route(app, ops.consoleListEventTypes, async () => ({ items: hooks.eventTypes() }));

  route(app, ops.consoleListWebhookSubscriptions, async (request) => {
    const { cursor, limit = DEFAULT_PAGE_SIZE } = request.query;
    return hooks.listSubscriptions(target(request), { cursor, limit });
  });

  route(app, ops.consoleCreateWebhookSubscription, async (request, reply) =>
    reply.code(201).send(await hooks.createSubscription(actorOf(request), target(request), request.body)),
  );

  route(app, ops.consoleGetWebhookSubscription, async (request) => hooks.getSubscription(target(request), request.params.subscriptionId));

  route(app, ops.consoleUpdateWebhookSubscription, async (request) =>
    hooks.updateSubscription(actorOf(request), target(request), request.params.subscriptionId, request.body),
  );

  route(app, ops.consoleDeleteWebhookSubscription, async (request, reply) => {
    await hooks.deleteSubscription(actorOf(request), target(request), request.params.subscriptionId);
    return reply.code(204).send(null);
  });

  route(app, ops.consoleRotateWebhookSecret, async (request) =>
    hooks.rotateSecret(actorOf(request), target(request), request.params.subscriptionId),
  );

  route(app, ops.consoleSendTestEvent, async (request) =>
    hooks.sendTestEvent(actorOf(request), target(request), request.params.subscriptionId),
  );

  route(app, ops.consoleListWebhookDeliveries, async (request) => {
    const { cursor, limit = DEFAULT_PAGE_SIZE } = request.query;
    return hooks.listDeliveries(target(request), request.params.subscriptionId, { cursor, limit });
  });

  route(app, ops.consoleListEvents, async (request) => {
    const { type, after, before, cursor, limit = DEFAULT_PAGE_SIZE } = request.query;
    return hooks.listEvents(target(request), { types: type, after, before, cursor, limit });
  });

  route(app, ops.consoleGetEvent, async (request) => hooks.getEvent(target(request), request.params.eventId));

  route(app, ops.consoleRedeliverEvent, async (request) =>
    hooks.redeliverEvent(actorOf(request), target(request), request.params.eventId, request.body?.subscriptionId),
  );
};
