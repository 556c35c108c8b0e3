/** Organizations and projects: the tenancy rows. */
import {
  ApiKey,
  AuthConfig,
  Connection,
  Event,
  Organization,
  Project,
  WebhookDelivery,
  WebhookSubscription,
  type IOrganization,
  type IProject,
} from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export function createProjectRepository(db: Db) {
  return {
    async insertOrganization(
      row: Pick<IOrganization, 'id' | 'name'> & Partial<Pick<IOrganization, 'monthlyExecutionQuota'>>,
    ): Promise<IOrganization> {
      return insertNew(db.em(), Organization, row);
    },

    findOrganization(where: { id: string } | { name: string }): Promise<IOrganization | null> {
      return db.em().findOne(Organization, where, fresh);
    },

    /** Oldest first; with a name, only the organizations of that exact name (names are not unique). */
    listOrganizations(where: { name?: string } = {}): Promise<IOrganization[]> {
      return db.em().find(Organization, where, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' } });
    },

    countOrganizations(): Promise<number> {
      return db.em().count(Organization, {});
    },

    /** Sets (or, with null, lifts) an organization's monthly execution quota; false when no such organization. */
    async setMonthlyExecutionQuota(id: string, quota: number | null): Promise<boolean> {
      return (await db.em().nativeUpdate(Organization, { id }, { monthlyExecutionQuota: quota })) === 1;
    },

    /** Renames an organization; returns whether the row exists. */
    async renameOrganization(id: string, name: string): Promise<boolean> {
      return (await db.em().nativeUpdate(Organization, { id }, { name })) === 1;
    },

    async insertProject(row: Pick<IProject, 'id' | 'organizationId' | 'name'>): Promise<IProject> {
      return insertNew(db.em(), Project, row);
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

    /** An organization's projects, oldest first. */
    listProjectsOf(organizationId: string): Promise<IProject[]> {
      return db.em().find(Project, { organizationId }, { ...fresh, orderBy: { createdAt: 'asc', id: 'asc' } });
    },

    /** Changes a project's name or redirect allow-list; returns whether the row exists. */
    async updateProject(
      id: string,
      changes: Partial<Pick<IProject, 'name' | 'allowedRedirectUrls' | 'connectionVerifierUrl'>>,
    ): Promise<boolean> {
      return (await db.em().nativeUpdate(Project, { id }, changes)) === 1;
    },

    /**
     * Deletes a project that holds nothing any more, in one transaction: when connections, auth
     * configs, active keys or webhook subscriptions remain, nothing is deleted and their counts are
     * returned. Revoked keys go with the project (a revoked key authenticates nothing; the audit log
     * keeps its history), and so does its event log (nobody is left to deliver it to or to read it).
     * Execution records stay: they are the organization's usage for the month.
     */
    deleteProjectIfEmpty(
      id: string,
    ): Promise<{ deleted: boolean; connections: number; authConfigs: number; activeKeys: number; webhookSubscriptions: number }> {
      return db.transaction(async (tx) => {
        // One after another: a transaction has one database connection.
        const connections = await tx.count(Connection, { projectId: id });
        const authConfigs = await tx.count(AuthConfig, { projectId: id });
        const activeKeys = await tx.count(ApiKey, { projectId: id, revokedAt: null });
        const webhookSubscriptions = await tx.count(WebhookSubscription, { projectId: id });
        const counts = { connections, authConfigs, activeKeys, webhookSubscriptions };
        if (connections + authConfigs + activeKeys + webhookSubscriptions > 0) return { deleted: false, ...counts };
        await tx.nativeDelete(WebhookDelivery, { projectId: id });
        await tx.nativeDelete(Event, { projectId: id });
        await tx.nativeDelete(ApiKey, { projectId: id });
        const deleted = (await tx.nativeDelete(Project, { id })) === 1;
        return { deleted, ...counts };
      });
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
