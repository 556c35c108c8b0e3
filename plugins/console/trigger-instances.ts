/**
 * A project's trigger instances in the console (issue 29): list them (by connection, trigger type,
 * enabled or disabled; with each one's last poll, last event and last error), read one, enable,
 * disable, delete. Members read; admins and owners change, as for connections. Rules live in
 * src/triggers; src/console/console-trigger-service.ts adds the views and the audit entries.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { EnabledBody } from '../../src/console/project-api-schemas.js';
import {
  ConsoleTriggerInstanceList,
  ConsoleTriggerInstanceSchema,
  ListConsoleTriggerInstancesQuery,
  TriggerInstanceParams,
} from '../../src/console/trigger-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';

const INSTANCES = '/orgs/:organizationId/projects/:projectId/trigger-instances';

export const triggerInstanceOperations = {
  consoleListTriggerInstances: defineConsoleOperation({
    operationId: 'consoleListTriggerInstances',
    method: 'GET',
    url: INSTANCES,
    config: { role: 'member' },
    summary:
      "The project's trigger instances, newest first, with their last poll, last event and last error; connection, trigger and status filters",
    params: ProjectParams,
    querystring: ListConsoleTriggerInstancesQuery,
    response: { 200: ConsoleTriggerInstanceList, ...consoleErrors(400, 401, 404) },
  }),
  consoleGetTriggerInstance: defineConsoleOperation({
    operationId: 'consoleGetTriggerInstance',
    method: 'GET',
    url: `${INSTANCES}/:triggerInstanceId`,
    config: { role: 'member' },
    summary: 'One trigger instance with its last poll, last event and last error',
    params: TriggerInstanceParams,
    response: { 200: Type.Ref(ConsoleTriggerInstanceSchema), ...consoleErrors(401, 404) },
  }),
  consoleUpdateTriggerInstance: defineConsoleOperation({
    operationId: 'consoleUpdateTriggerInstance',
    method: 'PATCH',
    url: `${INSTANCES}/:triggerInstanceId`,
    config: { role: 'admin' },
    summary: 'Enable (the connection must be ACTIVE) or disable a trigger instance (admin)',
    params: TriggerInstanceParams,
    body: EnabledBody,
    response: { 200: Type.Ref(ConsoleTriggerInstanceSchema), ...consoleErrors(400, 401, 403, 404) },
  }),
  consoleDeleteTriggerInstance: defineConsoleOperation({
    operationId: 'consoleDeleteTriggerInstance',
    method: 'DELETE',
    url: `${INSTANCES}/:triggerInstanceId`,
    config: { role: 'admin' },
    summary: 'Delete a trigger instance; its polls stop (admin)',
    params: TriggerInstanceParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404) },
  }),
};
const ops = triggerInstanceOperations;

/** The organization's project the route names, as resolved before the handler. */
const target = (request: FastifyRequest) => {
  const { organizationId, project } = projectAccessOf(request);
  return { organizationId, projectId: project.id };
};

export const triggerInstanceRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const triggers = services.consoleTriggers;
  app.addSchema(ConsoleTriggerInstanceSchema);

  route(app, ops.consoleListTriggerInstances, async (request) => {
    const { connectionId, triggerSlug, status, cursor, limit = 50 } = request.query;
    return triggers.list(target(request), { connectionId, triggerSlug, status, cursor, limit });
  });

  route(app, ops.consoleGetTriggerInstance, async (request) => triggers.get(target(request), request.params.triggerInstanceId));

  route(app, ops.consoleUpdateTriggerInstance, async (request) =>
    triggers.setEnabled(actorOf(request), target(request), request.params.triggerInstanceId, request.body.enabled),
  );

  route(app, ops.consoleDeleteTriggerInstance, async (request, reply) => {
    await triggers.remove(actorOf(request), target(request), request.params.triggerInstanceId);
    return reply.code(204).send(null);
  });
};
