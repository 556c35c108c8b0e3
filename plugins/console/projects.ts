/**
 * Projects of an organization (console): list, create, read, rename and set the redirect
 * allow-list, delete when empty. Members read; admins and owners change. Rules live in
 * src/console/console-project-service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OrganizationParams, ProjectParams, consoleErrors } from '../../src/console/api-schemas.js';
import { CreateProjectBody, ProjectView, UpdateProjectBody } from '../../src/console/project-api-schemas.js';
import type { ConsoleOptions } from './index.js';
import { actorOf, sessionOf } from './session-auth.js';

export const projectRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services }) => {
  const projects = services.consoleProjects;

  app.get(
    '/orgs/:organizationId/projects',
    {
      schema: {
        operationId: 'consoleListProjects',
        summary: "The organization's projects, oldest first",
        params: OrganizationParams,
        response: { 200: Type.Object({ items: Type.Array(ProjectView) }), ...consoleErrors(401, 404) },
      },
    },
    async (request) => ({ items: await projects.list(sessionOf(request).userId, request.params.organizationId) }),
  );

  app.post(
    '/orgs/:organizationId/projects',
    {
      schema: {
        operationId: 'consoleCreateProject',
        summary: 'Create a project (admin)',
        params: OrganizationParams,
        body: CreateProjectBody,
        response: { 201: ProjectView, ...consoleErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await projects.create(actorOf(request), request.params.organizationId, request.body.name)),
  );

  app.get(
    '/orgs/:organizationId/projects/:projectId',
    {
      schema: {
        operationId: 'consoleGetProject',
        summary: 'Read a project',
        params: ProjectParams,
        response: { 200: ProjectView, ...consoleErrors(401, 404) },
      },
    },
    async (request) => projects.get(sessionOf(request).userId, request.params.organizationId, request.params.projectId),
  );

  app.patch(
    '/orgs/:organizationId/projects/:projectId',
    {
      schema: {
        operationId: 'consoleUpdateProject',
        summary: 'Rename a project or set its redirect allow-list (admin)',
        params: ProjectParams,
        body: UpdateProjectBody,
        response: { 200: ProjectView, ...consoleErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => projects.update(actorOf(request), request.params.organizationId, request.params.projectId, request.body),
  );

  app.delete(
    '/orgs/:organizationId/projects/:projectId',
    {
      schema: {
        operationId: 'consoleDeleteProject',
        summary: 'Delete a project that has no connections, auth configs or active keys left (admin)',
        params: ProjectParams,
        response: { 204: Type.Null(), ...consoleErrors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await projects.remove(actorOf(request), request.params.organizationId, request.params.projectId);
      return reply.code(204).send(null);
    },
  );
};
