/**
 * Accounts: the public routes (sign-up options, sign-up, sign-in) and the signed-in ones (current
 * session, sign-out, sign-out everywhere). Sign-up and sign-in set the session cookie and return
 * the CSRF token the console sends back on every state-changing request. Failed sign-ins are
 * budgeted per account and per address (plugins/console/sign-in-limits.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Email, Password, SessionView, consoleErrors } from '../../src/console/api-schemas.js';
import { WRONG_CURRENT_PASSWORD, publicUser } from '../../src/console/account-service.js';
import type { IUser } from '../../src/db/entities/index.js';
import type { ConsoleOptions } from './index.js';
import { clearSessionCookie, sessionOf, setSessionCookie } from './session-auth.js';
import { signInLimitsOf } from './sign-in-limits.js';
import { defineConsoleOperation } from './route-access.js';
import { route } from '../operations.js';

const SignUpBody = Type.Object(
  {
    email: Email,
    password: Password,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    invitationToken: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
const SignInBody = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 100 }), password: Password },
  { additionalProperties: false },
);
const ChangePasswordBody = Type.Object(
  {
    currentPassword: Password,
    newPassword: Password,
    signOutOtherSessions: Type.Optional(Type.Boolean({ description: 'Also end every other session of this user (default false)' })),
  },
  { additionalProperties: false },
);
const ChangePasswordResult = Type.Object({
  signedOutSessions: Type.Integer({ description: 'How many other sessions were ended' }),
});
const SignUpOptions = Type.Object({
  signUp: Type.Union([Type.Literal('open'), Type.Literal('invite-only')]),
  firstUser: Type.Boolean({ description: 'No account exists yet: the first sign-up owns the first organization' }),
  firstUserOrganization: Type.Union([Type.Literal('new'), Type.Literal('existing'), Type.Null()], {
    description:
      'What the first account will own: `new` (a new organization with a Default project) or `existing` (the organization the operator created, with its projects and keys); null once an account exists',
  }),
});

export const accountOperations = {
  consoleSignUpOptions: defineConsoleOperation({
    operationId: 'consoleSignUpOptions',
    method: 'GET',
    url: '/auth/options',
    summary: 'Whether sign-up is open',
    security: [],
    response: { 200: SignUpOptions },
  }),
  consoleSignUp: defineConsoleOperation({
    operationId: 'consoleSignUp',
    method: 'POST',
    url: '/auth/sign-up',
    summary: 'Create an account and sign in',
    security: [],
    body: SignUpBody,
    response: { 201: Type.Ref(SessionView), ...consoleErrors(400, 403, 404, 409, 410, 429) },
  }),
  consoleSignIn: defineConsoleOperation({
    operationId: 'consoleSignIn',
    method: 'POST',
    url: '/auth/sign-in',
    summary: 'Sign in with email and password',
    security: [],
    body: SignInBody,
    response: { 200: Type.Ref(SessionView), ...consoleErrors(400, 401, 429) },
  }),
  consoleResetPassword: defineConsoleOperation({
    operationId: 'consoleResetPassword',
    method: 'POST',
    url: '/auth/reset-password',
    summary: 'Set a new password with a one-time reset link (broker reset-password); signs out every session of the account',
    security: [],
    body: ResetPasswordBody,
    response: { 204: Type.Null(), ...consoleErrors(400, 429) },
  }),
  consoleChangePassword: defineConsoleOperation({
    operationId: 'consoleChangePassword',
    method: 'POST',
    url: '/auth/change-password',
    summary: 'Change my password (a wrong current password counts as a failed sign-in)',
    body: ChangePasswordBody,
    response: { 200: ChangePasswordResult, ...consoleErrors(400, 401, 403, 429) },
  }),
  consoleSession: defineConsoleOperation({
    operationId: 'consoleSession',
    method: 'GET',
    url: '/auth/session',
    summary: 'The signed-in user and session',
    response: { 200: Type.Ref(SessionView), ...consoleErrors(401) },
  }),
  consoleSignOut: defineConsoleOperation({
    operationId: 'consoleSignOut',
    method: 'POST',
    url: '/auth/sign-out',
    summary: 'End this session',
    response: { 204: Type.Null(), ...consoleErrors(401, 403) },
  }),
  consoleSignOutEverywhere: defineConsoleOperation({
    operationId: 'consoleSignOutEverywhere',
    method: 'POST',
    url: '/auth/sign-out-all',
    summary: 'End all my sessions, on every device',
    response: { 204: Type.Null(), ...consoleErrors(401, 403) },
  }),
};
const ops = accountOperations;

export const publicAccountRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services, config }) => {
  const { accounts, sessions } = services;
  const signInLimits = signInLimitsOf(app, config.database.acquireTimeoutMs);

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: IUser) {
    const { token, session } = await sessions.create(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
    setSessionCookie(reply, token, { secure: config.console.secureCookies, maxAgeMs: config.console.sessionMaxAgeMs });
    return { user: publicUser(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt.toISOString() };
  }

  route(app, ops.consoleSignUpOptions, async () => accounts.options());

  route(app, ops.consoleSignUp, async (request, reply) => {
    const { invitationToken, ...input } = request.body;
    const user = await signInLimits.signUp(request, reply, () => accounts.signUp(input, invitationToken, { ip: request.ip }));
    return reply.code(201).send(await startSession(request, reply, user));
  });

  route(app, ops.consoleSignIn, async (request, reply) => {
    const { email, password } = request.body;
    const user = await signInLimits.attempt(request, reply, email, () => accounts.signIn(email, password));
    return startSession(request, reply, user);
  });

  route(app, ops.consoleResetPassword, async (request, reply) => {
    const { token, password } = request.body;
    await signInLimits.passwordReset(request, reply, () => accounts.resetPassword(token, password));
    clearSessionCookie(reply, config.console.secureCookies);
    return reply.code(204).send(null);
  });
};

export const sessionAccountRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services, config }) => {
  route(app, ops.consoleChangePassword, async (request, reply) => {
    // Looked up on first use: this group is also registered on bare instances (route-roles.test.ts) without rate limits.
    const signInLimits = signInLimitsOf(app, config.database.acquireTimeoutMs);
    const s = sessionOf(request);
    const user = await services.accounts.findUser(s.userId);
    // Counted like sign-in failures on this account's email, so a left-open session cannot guess the password at speed.
    return signInLimits.attempt(
      request,
      reply,
      user!.email,
      () => services.accounts.changePassword(s.userId, request.body, s.sessionId),
      (err) => err.status === 400 && err.message === WRONG_CURRENT_PASSWORD,
    );
  });

  route(app, ops.consoleSession, async (request) => {
    const s = sessionOf(request);
    const user = await services.accounts.findUser(s.userId);
    return { user: publicUser(user!), csrfToken: s.csrfToken, expiresAt: s.expiresAt.toISOString() };
  });

  route(app, ops.consoleSignOut, async (request, reply) => {
    await services.sessions.revoke(sessionOf(request).sessionId);
    clearSessionCookie(reply, config.console.secureCookies);
    return reply.code(204).send(null);
  });

  route(app, ops.consoleSignOutEverywhere, async (request, reply) => {
    await services.sessions.revokeAllForUser(sessionOf(request).userId);
    clearSessionCookie(reply, config.console.secureCookies);
    return reply.code(204).send(null);
  });
};
