/**
 * Who may do what in an organization, resolved once per console request before its handler
 * (plugins/console/route-access.ts) from the role the route declares: no membership (or no such
 * organization) is 404, so ids of other organizations reveal nothing; a role below the route's is
 * 403. A project must then belong to that organization (404 naming the project otherwise), so
 * another organization's project ids reveal nothing, whatever organization id they are paired with.
 */
import type { IProject } from '../db/entities/index.js';
import type { MembershipRepository, Role } from '../db/repositories/membership-repository.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import { forbidden, notFound } from '../errors.js';

export type { Role };

/** A signed-in person's standing in one organization. */
export interface OrganizationAccess {
  userId: string;
  organizationId: string;
  role: Role;
}

/** ... and the project of that organization a request names. */
export interface ProjectAccess extends OrganizationAccess {
  project: IProject;
}

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export const atLeast = (role: Role, minimum: Role): boolean => RANK[role] >= RANK[minimum];

/** Refuses (403) unless the access holds at least `minimum`; for rules finer than a route's role. */
export function requireRole(access: Pick<OrganizationAccess, 'role'>, minimum: Role): void {
  if (!atLeast(access.role, minimum))
    throw forbidden(`This needs the ${minimum} role in the organization; you are ${access.role === 'admin' ? 'an' : 'a'} ${access.role}`);
}

export function createAccess(deps: { memberships: Pick<MembershipRepository, 'find'>; projects: Pick<ProjectRepository, 'findProject'> }) {
  return {
    /** The user's standing in the organization, when its role is at least `minimum`. */
    async organization(userId: string, organizationId: string, minimum: Role): Promise<OrganizationAccess> {
      const membership = await deps.memberships.find(organizationId, userId);
      if (!membership) throw notFound(`Organization ${organizationId} not found`, 'organization');
      requireRole(membership, minimum);
      return { userId, organizationId, role: membership.role };
    },

    /** The organization's project `projectId`; 404 when it is another organization's or none. */
    async project(access: OrganizationAccess, projectId: string): Promise<ProjectAccess> {
      const project = await deps.projects.findProject(projectId);
      if (!project || project.organizationId !== access.organizationId)
        throw notFound(`Project ${projectId} not found in organization ${access.organizationId}`, 'project');
      return { ...access, project };
    },
  };
}
