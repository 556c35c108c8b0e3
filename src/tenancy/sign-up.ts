/**
 * A new account's tenancy, in the transaction that creates the account: the first user of an empty
 * instance owns the oldest organization (the bootstrap one) or a new one with a default project;
 * an invited user joins the invitation's organization. Either all of it is written, with its audit
 * entries, or nothing is: no account is left behind without the membership it was created for.
 */
import type { IInvitation, IUser } from '../db/entities/index.js';
import { BrokerError } from '../errors.js';
import { newId } from '../ids.js';
import type { UserActor } from './actor.js';
import type { Audited, TenancyTx } from './audited.js';
import type { createInvitations } from './invitations.js';
import type { Projects } from './projects.js';

export const emailTaken = () => new BrokerError('CONFLICT', 'An account with this email already exists: sign in instead');

export interface NewAccount {
  user: Omit<IUser, 'createdAt'>;
  /** The request's address, for the audit log. */
  ip?: string | undefined;
  /** The instance has no user yet. */
  first: boolean;
  /** The pending invitation the account signs up with (invitations.pendingFor). */
  invitation?: IInvitation | undefined;
}

export function createSignUp(deps: {
  audited: Audited;
  projects: Pick<Projects, 'insert'>;
  invitations: Pick<ReturnType<typeof createInvitations>, 'acceptIn'>;
  defaultMonthlyExecutionQuota: number | null | undefined;
}) {
  /** The first user owns the oldest organization (the bootstrap one) or a new one with a project. */
  async function adoptFirstOrganization(tx: TenancyTx, user: IUser): Promise<void> {
    const [existing] = await tx.repos.projects.listOrganizations();
    let organizationId = existing?.id;
    if (!organizationId) {
      const name = `${user.name ?? user.email}'s organization`;
      const org = await tx.repos.projects.insertOrganization({
        id: newId('org'),
        name,
        monthlyExecutionQuota: deps.defaultMonthlyExecutionQuota ?? null,
      });
      organizationId = org.id;
      await tx.audit({
        organizationId,
        action: 'organization.created',
        targetType: 'organization',
        targetId: org.id,
        detail: { name, firstUser: true },
      });
      await deps.projects.insert(tx, organizationId, 'Default project', { firstUser: true });
    }
    await tx.repos.memberships.insert({ id: newId('mem'), organizationId, userId: user.id, role: 'owner' });
    await tx.audit({
      organizationId,
      action: 'member.joined',
      targetType: 'user',
      targetId: user.id,
      detail: { email: user.email, role: 'owner', firstUser: true },
    });
  }

  return {
    /** Creates the account and its tenancy in one transaction. */
    async register(account: NewAccount): Promise<IUser> {
      const actor: UserActor = { kind: 'user', userId: account.user.id, email: account.user.email, ip: account.ip };
      return deps.audited.run(actor, async (tx) => {
        const user = await tx.repos.users.insertUser(account.user);
        // Another sign-up with this email got there between the caller's check and this insert.
        if (!user) throw emailTaken();
        if (account.first) await adoptFirstOrganization(tx, user);
        if (account.invitation) await deps.invitations.acceptIn(tx, account.invitation, actor);
        return user;
      });
    },
  };
}
