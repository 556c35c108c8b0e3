/**
 * Console accounts: sign-up and sign-in. Emails are compared lower-cased. Sign-in answers one
 * generic failure whether the email is unknown or the password wrong, and spends the same scrypt
 * time either way. The first user of an empty instance may always sign up and owns the first
 * organization (the bootstrap one when it exists, else a new one with a default project).
 */
import type { IUser } from '../db/entities/index.js';
import type { UserRepository } from '../db/repositories/user-repository.js';
import type { ProjectRepository } from '../db/repositories/project-repository.js';
import type { ConsoleConfig } from '../config.js';
import { BrokerError, badRequest, forbidden, unauthorized } from '../errors.js';
import { newId } from '../ids.js';
import { createPasswordHasher } from './password-hasher.js';
import type { Actor, AuditService } from './audit-service.js';

export const MIN_PASSWORD_LENGTH = 10;

export interface PublicUser {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
}

export const publicUser = (u: IUser): PublicUser => ({
  id: u.id,
  email: u.email,
  name: u.name ?? null,
  createdAt: u.createdAt.toISOString(),
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface SignUpInput {
  email: string;
  password: string;
  name?: string | undefined;
}

/** Lets an invitation admit a sign-up on an invite-only instance (src/console/invitation-service.ts). */
export interface InvitationGate {
  /** Throws unless `token` is a pending invitation for `email`. */
  assertPendingFor(token: string, email: string): Promise<void>;
  /** Joins the new account (`actor`) to the invitation's organization, consuming the invitation. */
  accept(token: string, actor: Actor): Promise<void>;
}

export function createAccountService(deps: {
  users: Pick<UserRepository, 'countUsers' | 'findUserByEmail' | 'findUser' | 'insertUser' | 'deleteUser' | 'insertMembership'>;
  projects: Pick<ProjectRepository, 'insertOrganization' | 'insertProject' | 'listOrganizations'>;
  config: Pick<ConsoleConfig, 'signUp' | 'defaultMonthlyExecutionQuota' | 'passwordHashCost'>;
  /** Admits invited sign-ups on an invite-only instance. */
  invitations?: InvitationGate;
  audit: Pick<AuditService, 'record'>;
}) {
  const { users, projects, config, audit } = deps;
  const passwords = createPasswordHasher(config.passwordHashCost);

  /** The first user owns the oldest organization (the bootstrap one) or a new one with a project. */
  async function adoptFirstOrganization(user: IUser, ip: string | undefined): Promise<void> {
    const actor: Actor = { userId: user.id, email: user.email, ip };
    const [existing] = await projects.listOrganizations();
    let organizationId = existing?.id;
    if (!organizationId) {
      const name = `${user.name ?? user.email}'s organization`;
      const org = await projects.insertOrganization({
        id: newId('org'),
        name,
        monthlyExecutionQuota: config.defaultMonthlyExecutionQuota ?? null,
      });
      const project = await projects.insertProject({ id: newId('prj'), organizationId: org.id, name: 'Default project' });
      organizationId = org.id;
      await audit.record(actor, {
        organizationId,
        action: 'organization.created',
        targetType: 'organization',
        targetId: org.id,
        detail: { name, firstUser: true },
      });
      await audit.record(actor, {
        organizationId,
        projectId: project.id,
        action: 'project.created',
        targetType: 'project',
        targetId: project.id,
        detail: { name: project.name, firstUser: true },
      });
    }
    await users.insertMembership({ id: newId('mem'), organizationId, userId: user.id, role: 'owner' });
    await audit.record(actor, {
      organizationId,
      action: 'member.joined',
      targetType: 'user',
      targetId: user.id,
      detail: { email: user.email, role: 'owner', firstUser: true },
    });
  }

  return {
    /** What the sign-up screen needs to know before anyone is signed in. */
    async options(): Promise<{ signUp: ConsoleConfig['signUp']; firstUser: boolean }> {
      return { signUp: config.signUp, firstUser: (await users.countUsers()) === 0 };
    },

    /**
     * Creates the account. With an invitation token (required on an invite-only instance, honoured
     * on an open one) the token must be a pending invitation for this email, and the new account
     * joins its organization; if that fails (the invitation was revoked or used meanwhile), the
     * account is removed again so no uninvited account is left behind.
     */
    async signUp(input: SignUpInput, invitationToken?: string, meta: { ip?: string | undefined } = {}): Promise<IUser> {
      const email = normalizeEmail(input.email);
      if (input.password.length < MIN_PASSWORD_LENGTH) throw badRequest(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      const first = (await users.countUsers()) === 0;
      const gate = invitationToken && !first ? deps.invitations : undefined;
      if (!first && config.signUp === 'invite-only' && !gate)
        throw forbidden('Sign-up on this instance is by invitation only: open the invitation link you were sent');
      if (gate) await gate.assertPendingFor(invitationToken!, email);
      if (await users.findUserByEmail(email))
        throw new BrokerError('CONFLICT', 'An account with this email already exists: sign in instead');
      const user = await users.insertUser({
        id: newId('usr'),
        email,
        name: input.name?.trim() || null,
        passwordHash: await passwords.hash(input.password),
      });
      if (first) await adoptFirstOrganization(user, meta.ip);
      if (gate) {
        try {
          await gate.accept(invitationToken!, { userId: user.id, email: user.email, ip: meta.ip });
        } catch (err) {
          await users.deleteUser(user.id);
          throw err;
        }
      }
      return user;
    },

    /** The user whose email and password these are; one generic 401 otherwise. */
    async signIn(emailInput: string, password: string): Promise<IUser> {
      const user = await users.findUserByEmail(normalizeEmail(emailInput));
      const ok = await passwords.verify(password, user?.passwordHash ?? passwords.decoy);
      if (!user || !user.passwordHash || !ok) throw unauthorized('Email or password is incorrect');
      return user;
    },

    findUser: (id: string): Promise<IUser | null> => users.findUser(id),
  };
}
