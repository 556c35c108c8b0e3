/**
 * Where a console request about a project acts: the person's role in the organization is checked
 * first (no membership: 404; role too low: 403, organization-access.ts), then the project must
 * belong to that organization (404 naming the project otherwise), so another organization's
 * project ids reveal nothing, whatever organization id they are paired with.
 */
import type { IProject } from '../db/entities/index.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import type { Role } from '../db/repositories/user-repository.js';
import { notFound } from '../errors.js';
import type { OrganizationAccess } from './organization-access.js';

export function createProjectScope(deps: {
  orgAccess: Pick<OrganizationAccess, 'require'>;
  projects: Pick<ProjectRepository, 'findProject'>;
}) {
  return {
    async require(userId: string, organizationId: string, projectId: string, minimum: Role): Promise<IProject> {
      await deps.orgAccess.require(userId, organizationId, minimum);
      const project = await deps.projects.findProject(projectId);
      if (!project || project.organizationId !== organizationId)
        throw notFound(`Project ${projectId} not found in organization ${organizationId}`, 'project');
      return project;
    },
  };
}

export type ProjectScope = ReturnType<typeof createProjectScope>;
