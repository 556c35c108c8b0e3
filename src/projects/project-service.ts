/** Organizations and projects: the tenancy every API key and connection hangs from. */
import type { IOrganization, IProject } from '../db/entities/index.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import { newId } from '../ids.js';
import { notFound } from '../errors.js';

export function createProjectService(deps: { projects: ProjectRepository }) {
  const { projects } = deps;
  const createOrganization = (name: string): Promise<IOrganization> => projects.insertOrganization({ id: newId('org'), name });
  return {
    createOrganization,

    /** Finds the organization by exact name, creating it when absent (the CLI's `--org <name>`). */
    async findOrCreateOrganization(name: string): Promise<IOrganization> {
      return (await projects.findOrganization({ name })) ?? createOrganization(name);
    },

    async createProject(organizationId: string, name: string): Promise<IProject> {
      if (!(await projects.findOrganization({ id: organizationId }))) throw notFound(`Organization ${organizationId} does not exist`);
      return projects.insertProject({ id: newId('prj'), organizationId, name });
    },

    getProject: (id: string): Promise<IProject | null> => projects.findProject(id),
    listProjects: (): Promise<IProject[]> => projects.listProjects(),
    countOrganizations: (): Promise<number> => projects.countOrganizations(),
  };
}
