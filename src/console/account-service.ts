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
import { DECOY_HASH, hashPassword, verifyPassword } from './password-hasher.js';

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

/** Lets an invitation admit a sign-up on an invite-only instance (src/console invitation service). */
export interface InvitationGate {
  /** Throws unless `token` is a pending invitation for `email`. */
  assertPendingFor(token: string, email: string): Promise<void>;
}

export function createAccountService(deps: {
  users: UserRepository;
  projects: Pick<ProjectRepository, 'insertOrganization' | 'insertProject' | 'listOrganizations'>;
  config: Pick<ConsoleConfig, 'signUp' | 'defaultMonthlyExecutionQuota'>;
  /** Admits invited sign-ups on an invite-only instance. */
  invitations?: InvitationGate;
}) {
  const { users, projects, config } = deps;

  /** The first user owns the oldest organization (the bootstrap one) or a new one with a project. */
  async function adoptFirstOrganization(user: IUser): Promise<void> {
    const [existing] = await projects.listOrganizations();
    let organizationId = existing?.id;
    if (!organizationId) {
      const org = await projects.insertOrganization({
        id: newId('org'),
        name: `${user.name ?? user.email}'s organization`,
        monthlyExecutionQuota: config.defaultMonthlyExecutionQuota ?? null,
      });
      await projects.insertProject({ id: newId('prj'), organizationId: org.id, name: 'Default project' });
      organizationId = org.id;
    }
    await users.insertMembership({ id: newId('mem'), organizationId, userId: user.id, role: 'owner' });
  }

  return {
    /** What the sign-up screen needs to know before anyone is signed in. */
    async options(): Promise<{ signUp: ConsoleConfig['signUp']; firstUser: boolean }> {
      return { signUp: config.signUp, firstUser: (await users.countUsers()) === 0 };
    },

    /** Creates the account; with an invitation token, the caller then accepts the invitation for it. */
    async signUp(input: SignUpInput, invitationToken?: string): Promise<IUser> {
      const email = normalizeEmail(input.email);
      if (input.password.length < MIN_PASSWORD_LENGTH) throw badRequest(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      const first = (await users.countUsers()) === 0;
      if (!first && config.signUp === 'invite-only') {
        if (!invitationToken || !deps.invitations)
          throw forbidden('Sign-up on this instance is by invitation only: open the invitation link you were sent');
        await deps.invitations.assertPendingFor(invitationToken, email);
      }
      if (await users.findUserByEmail(email))
        throw new BrokerError('CONFLICT', 'An account with this email already exists: sign in instead');
      const user = await users.insertUser({
        id: newId('usr'),
        email,
        name: input.name?.trim() || null,
        passwordHash: await hashPassword(input.password),
      });
      if (first) await adoptFirstOrganization(user);
      return user;
    },

    /** The user whose email and password these are; one generic 401 otherwise. */
    async signIn(emailInput: string, password: string): Promise<IUser> {
      const user = await users.findUserByEmail(normalizeEmail(emailInput));
      const ok = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
      if (!user || !user.passwordHash || !ok) throw unauthorized('Email or password is incorrect');
      return user;
    },

    findUser: (id: string): Promise<IUser | null> => users.findUser(id),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
