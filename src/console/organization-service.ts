/**
 * Organizations as the console shows them: the caller's own, with the caller's role. Anyone signed
 * in may create one (and owns it); only an owner renames it. Each change is audited.
 */
import type { IOrganization } from '../db/entities/index.js';
import type { Role, UserRepository } from '../db/repositories/user-repository.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import type { ConsoleConfig } from '../config.js';
import { badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Actor, AuditService } from './audit-service.js';
import type { OrganizationAccess } from './organization-access.js';

export interface OrganizationSummary {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
}

export interface OrganizationDetail extends OrganizationSummary {
  monthlyExecutionQuota: number | null;
}

const summary = (o: IOrganization, role: Role): OrganizationSummary => ({
  id: o.id,
  name: o.name,
  role,
  createdAt: o.createdAt.toISOString(),
});

const detail = (o: IOrganization, role: Role): OrganizationDetail => ({
  ...summary(o, role),
  monthlyExecutionQuota: o.monthlyExecutionQuota ?? null,
});

/** A name as stored: trimmed, and not empty once trimmed. */
function organizationName(input: string): string {
  const name = input.trim();
  if (!name) throw badRequest('name must not be blank');
  return name;
}

export function createOrganizationService(deps: {
  users: Pick<UserRepository, 'organizationsOf' | 'insertOrganizationWithOwner'>;
  projects: Pick<ProjectRepository, 'findOrganization' | 'renameOrganization'>;
  orgAccess: OrganizationAccess;
  audit: Pick<AuditService, 'record'>;
  config: Pick<ConsoleConfig, 'defaultMonthlyExecutionQuota'>;
}) {
  const { users, projects, orgAccess, audit } = deps;

  async function load(organizationId: string): Promise<IOrganization> {
    const org = await projects.findOrganization({ id: organizationId });
    if (!org) throw notFound(`Organization ${organizationId} not found`, 'organization');
    return org;
  }

  return {
    /** The organizations the user belongs to, oldest membership first. */
    async listMine(userId: string): Promise<OrganizationSummary[]> {
      return (await users.organizationsOf(userId)).map(({ organization, role }) => summary(organization, role));
    },

    /** A new organization owned by the actor, with the instance's default monthly quota. */
    async create(actor: Actor, nameInput: string): Promise<OrganizationSummary> {
      const name = organizationName(nameInput);
      const { organization } = await users.insertOrganizationWithOwner(
        { id: newId('org'), name, monthlyExecutionQuota: deps.config.defaultMonthlyExecutionQuota ?? null },
        { id: newId('mem'), userId: actor.userId },
      );
      await audit.record(actor, {
        organizationId: organization.id,
        action: 'organization.created',
        targetType: 'organization',
        targetId: organization.id,
        detail: { name },
      });
      return summary(organization, 'owner');
    },

    async get(userId: string, organizationId: string): Promise<OrganizationDetail> {
      const { role } = await orgAccess.require(userId, organizationId);
      return detail(await load(organizationId), role);
    },

    /** Owners only. */
    async rename(actor: Actor, organizationId: string, nameInput: string): Promise<OrganizationDetail> {
      const { role } = await orgAccess.require(actor.userId, organizationId, 'owner');
      const name = organizationName(nameInput);
      const before = await load(organizationId);
      if (before.name === name) return detail(before, role);
      if (!(await projects.renameOrganization(organizationId, name)))
        throw notFound(`Organization ${organizationId} not found`, 'organization');
      await audit.record(actor, {
        organizationId,
        action: 'organization.renamed',
        targetType: 'organization',
        targetId: organizationId,
        detail: { from: before.name, to: name },
      });
      return detail(await load(organizationId), role);
    },
  };
}
