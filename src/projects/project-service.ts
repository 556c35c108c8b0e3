/** Organizations and projects: the tenancy every API key and connection hangs from. */
import type { IOrganization, IProject } from '../db/entities/index.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import { newId } from '../ids.js';
import { badRequest, notFound } from '../errors.js';

export function createProjectService(deps: { projects: ProjectRepository; defaultMonthlyExecutionQuota?: number | undefined }) {
  const { projects } = deps;
  const createOrganization = (name: string): Promise<IOrganization> =>
    projects.insertOrganization({ id: newId('org'), name, monthlyExecutionQuota: deps.defaultMonthlyExecutionQuota ?? null });
  return {
    createOrganization,

    /** Finds the organization by exact name, creating it when absent (the CLI's `--org <name>`). */
    async findOrCreateOrganization(name: string): Promise<IOrganization> {
      return (await projects.findOrganization({ name })) ?? createOrganization(name);
    },

    /** Refuses a second project with the same name in one organization (keys are issued per project). */
    async createProject(organizationId: string, name: string): Promise<IProject> {
      const org = await projects.findOrganization({ id: organizationId });
      if (!org) throw notFound(`Organization ${organizationId} does not exist`);
      const existing = await projects.findProjectByName(organizationId, name);
      if (existing)
        throw badRequest(`Organization "${org.name}" already has a project named "${name}" (${existing.id}); choose another name`);
      return projects.insertProject({ id: newId('prj'), organizationId, name });
    },

    getProject: (id: string): Promise<IProject | null> => projects.findProject(id),
    listProjects: (): Promise<IProject[]> => projects.listProjects(),
    countOrganizations: (): Promise<number> => projects.countOrganizations(),
  };
}
