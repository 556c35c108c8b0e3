/**
 * Organizations: the caller's own (with the caller's role), creating one (a person who creates one
 * owns it), renaming (the route asks an owner), and the monthly execution quota (the operator's
 * `broker set-quota`). Each change is written with its audit entry in one transaction.
 */
import type { IOrganization } from '../db/entities/index.js';
import type { TenancyRepositories } from '../db/repositories/tenancy.js';
import type { HotCache } from '../cache/hot-cache.js';
import type { Clock } from '../clock.js';
import { BrokerError, badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { MAX_QUOTA, nextMonthStartUtc } from '../tools/execution-quota.js';
import type { Actor } from './actor.js';
import type { OrganizationAccess, Role } from './access.js';
import type { Audited, TenancyTx } from './audited.js';

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

export function createOrganizations(deps: {
  repos: Pick<TenancyRepositories, 'projects' | 'memberships'>;
  audited: Audited;
  cache: HotCache;
  clock: Clock;
  defaultMonthlyExecutionQuota: number | null | undefined;
}) {
  const { repos, audited } = deps;

  async function load(organizationId: string): Promise<IOrganization> {
    const org = await repos.projects.findOrganization({ id: organizationId });
    if (!org) throw notFound(`Organization ${organizationId} not found`, 'organization');
    return org;
  }

  /**
   * A new organization with the instance's default monthly quota, in `tx`; a person who creates
   * one becomes its owner (the operator's belong to nobody until someone is invited).
   */
  async function insert(tx: TenancyTx, actor: Actor, name: string, detailExtra: Record<string, unknown> = {}): Promise<IOrganization> {
    const organization = await tx.repos.projects.insertOrganization({
      id: newId('org'),
      name,
      monthlyExecutionQuota: deps.defaultMonthlyExecutionQuota ?? null,
    });
    await tx.audit({
      organizationId: organization.id,
      action: 'organization.created',
      targetType: 'organization',
      targetId: organization.id,
      detail: { name, ...detailExtra },
    });
    if (actor.kind === 'user')
      await tx.repos.memberships.insert({ id: newId('mem'), organizationId: organization.id, userId: actor.userId, role: 'owner' });
    return organization;
  }

  return {
    insert,

    /** The organizations the user belongs to, oldest membership first. */
    async listMine(userId: string): Promise<OrganizationSummary[]> {
      return (await repos.memberships.organizationsOf(userId)).map(({ organization, role }) => summary(organization, role));
    },

    async get(access: OrganizationAccess): Promise<OrganizationDetail> {
      return detail(await load(access.organizationId), access.role);
    },

    /** The organization `organizationId`, or null. */
    find: (organizationId: string): Promise<IOrganization | null> => repos.projects.findOrganization({ id: organizationId }),

    count: (): Promise<number> => repos.projects.countOrganizations(),

    /** A new organization; a person who creates it owns it. */
    create(actor: Actor, nameInput: string): Promise<IOrganization> {
      const name = organizationName(nameInput);
      return audited.run(actor, (tx) => insert(tx, actor, name));
    },

    /** The console's view of an organization the caller just created (and so owns). */
    ownedSummary: (organization: IOrganization): OrganizationSummary => summary(organization, 'owner'),

    /**
     * Finds the organization by exact name, creating it when absent (the CLI's `--org <name>`).
     * Names are not unique (people name organizations in the console): several of that name is a
     * 409 naming their ids, so the caller picks one by id instead of us guessing.
     */
    async findOrCreate(actor: Actor, nameInput: string): Promise<IOrganization> {
      const name = organizationName(nameInput);
      const found = await repos.projects.listOrganizations({ name });
      if (found.length > 1)
        throw new BrokerError(
          'CONFLICT',
          `${found.length} organizations are named "${name}" (${found.map((o) => o.id).join(', ')}); name one by its id`,
        );
      return found[0] ?? audited.run(actor, (tx) => insert(tx, actor, name));
    },

    /** Every organization, oldest first (the CLI's list). */
    listAll: (): Promise<IOrganization[]> => repos.projects.listOrganizations(),

    async rename(actor: Actor, access: OrganizationAccess, nameInput: string): Promise<OrganizationDetail> {
      const { organizationId } = access;
      const name = organizationName(nameInput);
      const before = await load(organizationId);
      if (before.name === name) return detail(before, access.role);
      await audited.run(actor, async (tx) => {
        if (!(await tx.repos.projects.renameOrganization(organizationId, name)))
          throw notFound(`Organization ${organizationId} not found`, 'organization');
        await tx.audit({
          organizationId,
          action: 'organization.renamed',
          targetType: 'organization',
          targetId: organizationId,
          detail: { from: before.name, to: name },
        });
      });
      return detail(await load(organizationId), access.role);
    },

    /**
     * Sets the organization's monthly quota of tool executions + proxy calls; null lifts it. Every
     * instance applies it at its next request (the hot cache is emptied once it is committed).
     */
    async setMonthlyQuota(
      actor: Actor,
      organizationId: string,
      quota: number | null,
    ): Promise<{ monthlyExecutionQuota: number | null; resetsAt: Date }> {
      if (quota !== null && (!Number.isInteger(quota) || quota < 0 || quota > MAX_QUOTA))
        throw badRequest(`A monthly execution quota is a whole number from 0 to ${MAX_QUOTA} (got ${quota})`);
      await audited.run(actor, async (tx) => {
        const before = await tx.repos.projects.findOrganization({ id: organizationId });
        if (!before || !(await tx.repos.projects.setMonthlyExecutionQuota(organizationId, quota)))
          throw notFound(`Organization ${organizationId} does not exist`, 'organization');
        await tx.audit({
          organizationId,
          action: 'organization.quota_changed',
          targetType: 'organization',
          targetId: organizationId,
          detail: { from: before.monthlyExecutionQuota ?? null, to: quota },
        });
      });
      await deps.cache.invalidate();
      return { monthlyExecutionQuota: quota, resetsAt: new Date(nextMonthStartUtc(deps.clock.now())) };
    },
  };
}

export type Organizations = ReturnType<typeof createOrganizations>;
