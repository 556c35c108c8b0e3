/**
 * Console accounts: sign-up and sign-in. Emails are compared lower-cased. Sign-in answers one
 * generic failure whether the email is unknown or the password wrong, and spends the same scrypt
 * time either way. The first user of an empty instance may always sign up and owns the first
 * organization (the bootstrap one when it exists, else a new one with a default project).
 */
import type { IUser } from '../db/entities/index.js';
import type { UserRepository } from '../db/repositories/user-repository.js';
import type { ConsoleConfig } from '../config.js';
import { badRequest, forbidden, unauthorized } from '../errors.js';
import { newId } from '../ids.js';
import type { Tenancy } from '../tenancy/index.js';
import { normalizeEmail } from '../tenancy/invitations.js';
import { emailTaken } from '../tenancy/sign-up.js';
import { createPasswordHasher } from './password-hasher.js';

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

export interface SignUpInput {
  email: string;
  password: string;
  name?: string | undefined;
}

export function createAccountService(deps: {
  users: Pick<UserRepository, 'countUsers' | 'findUserByEmail' | 'findUser'>;
  config: Pick<ConsoleConfig, 'signUp' | 'passwordHashCost'>;
  /** The account's organization, membership or invitation, in the transaction that creates it. */
  tenancy: {
    signUp: Tenancy['signUp'];
    invitations: Pick<Tenancy['invitations'], 'pendingFor'>;
    organizations: Pick<Tenancy['organizations'], 'count'>;
  };
}) {
  const { users, config, tenancy } = deps;
  const passwords = createPasswordHasher(config.passwordHashCost);

  return {
    /** What the sign-up screen needs to know before anyone is signed in. */
    async options(): Promise<{ signUp: ConsoleConfig['signUp']; firstUser: boolean; firstUserOrganization: 'new' | 'existing' | null }> {
      const firstUser = (await users.countUsers()) === 0;
      // The first account adopts the operator's organization when there is one (src/tenancy/sign-up.ts).
      const firstUserOrganization = firstUser ? ((await tenancy.organizations.count()) > 0 ? 'existing' : 'new') : null;
      return { signUp: config.signUp, firstUser, firstUserOrganization };
    },

    /**
     * Creates the account. With an invitation token (required on an invite-only instance, honoured
     * on an open one) the token must be a pending invitation for this email, and the new account
     * joins its organization, in the transaction that creates the account (src/tenancy/sign-up.ts):
     * if that fails (the invitation was revoked or used meanwhile), no account is left behind.
     */
    async signUp(input: SignUpInput, invitationToken?: string, meta: { ip?: string | undefined } = {}): Promise<IUser> {
      const email = normalizeEmail(input.email);
      if (input.password.length < MIN_PASSWORD_LENGTH) throw badRequest(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      const first = (await users.countUsers()) === 0;
      const token = first ? undefined : invitationToken;
      if (!first && config.signUp === 'invite-only' && !token)
        throw forbidden('Sign-up on this instance is by invitation only: open the invitation link you were sent');
      const invitation = token ? await tenancy.invitations.pendingFor(token, email) : undefined;
      if (await users.findUserByEmail(email)) throw emailTaken();
      const passwordHash = await passwords.hash(input.password);
      return tenancy.signUp.register({
        user: { id: newId('usr'), email, name: input.name?.trim() || null, passwordHash },
        ip: meta.ip,
        first,
        invitation,
      });
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
