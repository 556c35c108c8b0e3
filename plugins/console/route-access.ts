/**
 * Authorization of a console route, resolved once before its handler from the role the route
 * declares (`config: { role }`): the session's membership of the route's `:organizationId`, and
 * for a `:projectId` route the project's belonging to that organization (src/tenancy/access.ts:
 * 404 for a non-member or another organization's project, 403 for a role below the route's).
 * Handlers read the outcome with `organizationAccessOf` / `projectAccessOf`. Every route that names
 * an organization must declare its role: the plane refuses to register one that does not.
 */
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { OrganizationAccess, ProjectAccess, Role } from '../../src/tenancy/access.js';
import type { Tenancy } from '../../src/tenancy/index.js';
import { sessionOf } from './session-auth.js';
import { defineOperation, type OperationDeclaration } from '../operations.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role in the route's organization that may call it. */
    role?: Role;
  }
  interface FastifyRequest {
    organizationAccess: OrganizationAccess | null;
    projectAccess: ProjectAccess | null;
  }
}

/** What a console operation's URL asks of its `config`: a role when it names an organization. */
type RoleOf<Url> = Url extends `${string}:organizationId${string}` ? { config: { role: Role } } : { config?: { role?: Role } };

/**
 * A console operation (plugins/operations.ts defineOperation) whose `config.role` is typed, and
 * required by the compiler when its URL names an organization (as assertRoleDeclared requires at
 * registration).
 */
export function defineConsoleOperation<const O extends OperationDeclaration & { config?: { role?: Role } }>(
  operation: O & RoleOf<O['url']>,
): O {
  return defineOperation<O>(operation);
}

/** Throws (at registration) for a route that names an organization without declaring its role. */
export function assertRoleDeclared(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): void {
  if (route.url.includes(':organizationId') && !route.config?.role)
    throw new Error(`Console route ${String(route.method)} ${route.url} names an organization: declare config.role`);
}

/** The preHandler hook of the signed-in console routes. */
export function createResolveAccess(tenancy: Pick<Tenancy, 'access'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const role = request.routeOptions.config.role;
    const params = request.params as { organizationId?: string; projectId?: string };
    if (!role || params.organizationId === undefined) return;
    const access = await tenancy.access.organization(sessionOf(request).userId, params.organizationId, role);
    request.organizationAccess = access;
    if (params.projectId !== undefined) request.projectAccess = await tenancy.access.project(access, params.projectId);
  };
}

/** The resolved access of a route that declares a role and names an organization. */
export function organizationAccessOf(request: FastifyRequest): OrganizationAccess {
  if (!request.organizationAccess) throw new Error(`${request.routeOptions.url} declares no role: its access was not resolved`);
  return request.organizationAccess;
}

/** The resolved access of a route that declares a role and names an organization's project. */
export function projectAccessOf(request: FastifyRequest): ProjectAccess {
  if (!request.projectAccess) throw new Error(`${request.routeOptions.url} declares no role: its access was not resolved`);
  return request.projectAccess;
}
