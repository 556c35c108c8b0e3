/**
 * Projects of an organization (console): list, create, read, rename and set the redirect
 * allow-list, delete when empty. Members read; admins and owners change. Rules live in
 * src/tenancy/projects.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OrganizationParams, ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { CreateProjectBody, ProjectView, UpdateProjectBody } from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf } from './session-auth.js';
import { defineConsoleOperation, organizationAccessOf, projectAccessOf } from './route-access.js';
import { route } from '../operations.js';
import { projectView } from '../../src/tenancy/projects.js';

export const projectOperations = {
  consoleListProjects: defineConsoleOperation({
    operationId: 'consoleListProjects',
    method: 'GET',
    url: '/orgs/:organizationId/projects',
    config: { role: 'member' },
    summary: "The organization's projects, oldest first",
    params: OrganizationParams,
    response: { 200: Type.Object({ items: Type.Array(ProjectView) }), ...consoleErrors(401, 404) },
  }),
  consoleCreateProject: defineConsoleOperation({
    operationId: 'consoleCreateProject',
    method: 'POST',
    url: '/orgs/:organizationId/projects',
    config: { role: 'admin' },
    summary: 'Create a project (admin)',
    params: OrganizationParams,
    body: CreateProjectBody,
    response: { 201: ProjectView, ...consoleErrors(400, 401, 403, 404, 409) },
  }),
  consoleGetProject: defineConsoleOperation({
    operationId: 'consoleGetProject',
    method: 'GET',
    url: '/orgs/:organizationId/projects/:projectId',
    config: { role: 'member' },
    summary: 'Read a project',
    params: ProjectParams,
    response: { 200: ProjectView, ...consoleErrors(401, 404) },
  }),
  consoleUpdateProject: defineConsoleOperation({
    operationId: 'consoleUpdateProject',
    method: 'PATCH',
    url: '/orgs/:organizationId/projects/:projectId',
    config: { role: 'admin' },
    summary: 'Rename a project or set its redirect allow-list (admin)',
    params: ProjectParams,
    body: UpdateProjectBody,
    response: { 200: ProjectView, ...consoleErrors(400, 401, 403, 404, 409) },
  }),
  consoleDeleteProject: defineConsoleOperation({
    operationId: 'consoleDeleteProject',
    method: 'DELETE',
    url: '/orgs/:organizationId/projects/:projectId',
    config: { role: 'admin' },
    summary: 'Delete a project that has no connections, auth configs, active keys or webhook subscriptions left (admin)',
    params: ProjectParams,
    response: { 204: Type.Null(), ...consoleErrors(401, 403, 404, 409) },
  }),
};
const ops = projectOperations;

export const projectRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const { projects } = services.tenancy;

  route(app, ops.consoleListProjects, async (request) => ({ items: await projects.list(organizationAccessOf(request)) }));

  route(app, ops.consoleCreateProject, async (request, reply) =>
    reply
      .code(201)
      .send(projectView(await projects.create(actorOf(request), organizationAccessOf(request).organizationId, request.body.name))),
  );

  route(app, ops.consoleGetProject, async (request) => projectView(projectAccessOf(request).project));

  route(app, ops.consoleUpdateProject, async (request) => projects.update(actorOf(request), projectAccessOf(request), request.body));

  route(app, ops.consoleDeleteProject, async (request, reply) => {
    await projects.remove(actorOf(request), projectAccessOf(request));
    return reply.code(204).send(null);
  });
};
