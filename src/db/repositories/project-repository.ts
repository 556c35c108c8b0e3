/** Organizations and projects: the tenancy rows. */
import { Organization, Project, type IOrganization, type IProject } from '../entities/index.js';
import { fresh, type Db } from '../unit-of-work.js';

export function createProjectRepository(db: Db) {
  return {
    async insertOrganization(
      row: Pick<IOrganization, 'id' | 'name'> & Partial<Pick<IOrganization, 'monthlyExecutionQuota'>>,
    ): Promise<IOrganization> {
      const em = db.em();
      const org = em.create(Organization, row);
      await em.flush();
      return org;
    },

    findOrganization(where: { id: string } | { name: string }): Promise<IOrganization | null> {
      return db.em().findOne(Organization, where, fresh);
    },

    /** Oldest first. */
    listOrganizations(): Promise<IOrganization[]> {
      return db.em().find(Organization, {}, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' } });
    },

    countOrganizations(): Promise<number> {
      return db.em().count(Organization, {});
    },

    async insertProject(row: Pick<IProject, 'id' | 'organizationId' | 'name'>): Promise<IProject> {
      const em = db.em();
      const project = em.create(Project, row);
      await em.flush();
      return project;
    },

    findProject(id: string): Promise<IProject | null> {
      return db.em().findOne(Project, { id }, fresh);
    },

    /** A project by exact name within an organization (names are unique per organization). */
    findProjectByName(organizationId: string, name: string): Promise<IProject | null> {
      return db.em().findOne(Project, { organizationId, name }, fresh);
    },

    listProjects(): Promise<IProject[]> {
      return db.em().find(Project, {}, { ...fresh, orderBy: { createdAt: 'asc' } });
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
