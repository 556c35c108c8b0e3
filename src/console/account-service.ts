/**
 * Console accounts: sign-up and sign-in. Emails are compared lower-cased. Sign-in answers one
 * generic failure whether the email is unknown or the password wrong, and spends the same scrypt
 * time either way. The first user of an empty instance may always sign up and owns the first
 * organization (the bootstrap one when it exists, else a new one with a default project).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IUser } from '../db/entities/index.js';
import type { UserRepository } from '../db/repositories/user-repository.js';
import type { SessionRepository } from '../db/repositories/session-repository.js';
import type { Config, ConsoleConfig } from '../config.js';
import type { Clock } from '../clock.js';
import { badRequest, forbidden, unauthorized } from '../errors.js';
import { newId } from '../ids.js';
import type { Tenancy } from '../tenancy/index.js';
import { normalizeEmail } from '../tenancy/invitations.js';
import { emailTaken } from '../tenancy/sign-up.js';
import { createPasswordHasher } from './password-hasher.js';
import type { Mailer } from './mailer.js';

export const MIN_PASSWORD_LENGTH = 10;
/** How long a `broker reset-password` link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const assertPasswordLength = (password: string) => {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
};

/** The change-password refusal the sign-in budgets count (plugins/console/accounts.ts). */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const wrongCurrentPassword = () => badRequest(WRONG_CURRENT_PASSWORD);

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
  users: Pick<
    UserRepository,
    'countUsers' | 'findUserByEmail' | 'findUser' | 'setPasswordReset' | 'consumePasswordReset' | 'setPasswordHash'
  >;
  sessions: Pick<SessionRepository, 'revokeAllForUser'>;
  config: Pick<ConsoleConfig, 'signUp' | 'passwordHashCost'> & Pick<Config, 'publicBaseUrl'>;
  clock: Clock;
  /** When SMTP is set up, reset links are emailed too. */
  mailer?: Mailer | undefined;
  /** The account's organization, membership or invitation, in the transaction that creates it. */
  tenancy: {
    signUp: Tenancy['signUp'];
    invitations: Pick<Tenancy['invitations'], 'pendingFor'>;
    organizations: Pick<Tenancy['organizations'], 'count'>;
  };
}) {
  const { users, sessions, config, clock, tenancy, mailer } = deps;
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
      assertPasswordLength(input.password);
      const first = (await users.countUsers()) === 0;
      const token = first ? undefined : invitationToken;
      if (!first && config.signUp === 'invite-only' && !token)
        throw forbidden('Sign-up on this instance is by invitation only: open the invitation link you were sent');
      const invitation = token ? await tenancy.invitations.pendingFor(token, email) : undefined;
      if (await users.findUserByEmail(email)) throw emailTaken();
      const passwordHash = await passwords.hash(input.password);
      return tenancy.signUp.register({
        user: {
          id: newId('usr'),
          email,
          name: input.name?.trim() || null,
          passwordHash,
          passwordResetTokenHash: null,
          passwordResetExpiresAt: null,
        },
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

    /**
     * A one-time password-reset link for the account with this email (the operator's
     * `broker reset-password`); it replaces any earlier one. Only the token's sha256 is stored.
     */
    async issuePasswordReset(emailInput: string): Promise<{ user: IUser; link: string; expiresAt: Date; emailed: boolean } | null> {
      const user = await users.findUserByEmail(normalizeEmail(emailInput));
      if (!user) return null;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now() + PASSWORD_RESET_TTL_MS);
      await users.setPasswordReset(user.id, sha256(token), expiresAt);
      const link = `${config.publicBaseUrl.replace(/\/+$/, '')}/console/#/reset-password/${token}`;
      if (mailer)
        await mailer.send({
          to: user.email,
          subject: 'Reset your Connector Broker password',
          text: `Open this link within an hour to choose a new password (it works once):\n\n${link}\n\nSetting it signs out every session of your account. If you did not ask for this, ignore this email.\n`,
        });
      return { user, link, expiresAt, emailed: mailer !== undefined };
    },

    /** Sets the password a reset link allows, once, and signs out every session of that user. */
    async resetPassword(token: string, password: string): Promise<void> {
      assertPasswordLength(password);
      const passwordHash = await passwords.hash(password);
      const userId = await users.consumePasswordReset(sha256(token), new Date(clock.now()), passwordHash);
      if (!userId)
        throw badRequest(
          'This password-reset link is unknown, already used or expired: ask an operator for a new one (broker reset-password)',
        );
      await sessions.revokeAllForUser(userId, new Date(clock.now()));
    },

    /**
     * Changes a signed-in user's password after checking the current one (a wrong one is a 400 the
     * route counts as a failed sign-in). Optionally signs out every other session of the user.
     */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string; signOutOtherSessions?: boolean | undefined },
      currentSessionId: string,
    ): Promise<{ signedOutSessions: number }> {
      assertPasswordLength(input.newPassword);
      const user = await users.findUser(userId);
      const ok = await passwords.verify(input.currentPassword, user?.passwordHash ?? passwords.decoy);
      if (!user || !user.passwordHash || !ok) throw wrongCurrentPassword();
      await users.setPasswordHash(user.id, await passwords.hash(input.newPassword));
      const signedOutSessions = input.signOutOtherSessions
        ? await sessions.revokeAllForUser(user.id, new Date(clock.now()), currentSessionId)
        : 0;
      return { signedOutSessions };
    },

    findUser: (id: string): Promise<IUser | null> => users.findUser(id),
  };
}
