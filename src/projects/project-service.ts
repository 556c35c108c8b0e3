/** Organizations and projects: the tenancy every API key and connection hangs from. */
import type { MikroORM } from '@mikro-orm/core';
import { Organization, Project, type IOrganization, type IProject } from '../db/entities/index.js';
import { newId } from '../ids.js';
import { notFound } from '../errors.js';

export function createProjectService(deps: { orm: MikroORM }) {
  const { orm } = deps;
  return {
    async createOrganization(name: string): Promise<IOrganization> {
      const em = orm.em.fork();
      const org = em.create(Organization, { id: newId('org'), name });
      await em.flush();
      return org;
    },

    /** Finds the organization by exact name, creating it when absent (the CLI's `--org <name>`). */
    async findOrCreateOrganization(name: string): Promise<IOrganization> {
      const existing = await orm.em.fork().findOne(Organization, { name });
      return existing ?? this.createOrganization(name);
    },

    async createProject(organizationId: string, name: string): Promise<IProject> {
      const em = orm.em.fork();
      if (!(await em.findOne(Organization, { id: organizationId }))) {
        throw notFound(`Organization ${organizationId} does not exist`);
      }
      const project = em.create(Project, { id: newId('prj'), organizationId, name });
      await em.flush();
      return project;
    },

    async getProject(id: string): Promise<IProject | null> {
      return orm.em.fork().findOne(Project, { id });
    },

    async listProjects(): Promise<IProject[]> {
      return orm.em.fork().find(Project, {}, { orderBy: { createdAt: 'asc' } });
    },

    async countOrganizations(): Promise<number> {
      return orm.em.fork().count(Organization, {});
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
