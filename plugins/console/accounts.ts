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
import { publicUser } from '../../src/console/account-service.js';
import type { IUser } from '../../src/db/entities/index.js';
import type { ConsoleOptions } from './index.js';
import { clearSessionCookie, sessionOf, setSessionCookie } from './session-auth.js';
import { createSignInLimits } from './sign-in-limits.js';

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
const SignUpOptions = Type.Object({
  signUp: Type.Union([Type.Literal('open'), Type.Literal('invite-only')]),
  firstUser: Type.Boolean({ description: 'No account exists yet: the first sign-up owns the first organization' }),
});

export const publicAccountRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services, config }) => {
  const { accounts, sessions } = services;
  const signInLimits = createSignInLimits(app);

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: IUser) {
    const { token, session } = await sessions.create(user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
    setSessionCookie(reply, token, { secure: config.console.secureCookies, maxAgeMs: config.console.sessionMaxAgeMs });
    return { user: publicUser(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt.toISOString() };
  }

  app.get(
    '/auth/options',
    { schema: { operationId: 'consoleSignUpOptions', summary: 'Whether sign-up is open', security: [], response: { 200: SignUpOptions } } },
    async () => accounts.options(),
  );

  app.post(
    '/auth/sign-up',
    {
      schema: {
        operationId: 'consoleSignUp',
        summary: 'Create an account and sign in',
        security: [],
        body: SignUpBody,
        response: { 201: Type.Ref(SessionView), ...consoleErrors(400, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const { invitationToken, ...input } = request.body;
      const user = await accounts.signUp(input, invitationToken, { ip: request.ip });
      return reply.code(201).send(await startSession(request, reply, user));
    },
  );

  app.post(
    '/auth/sign-in',
    {
      schema: {
        operationId: 'consoleSignIn',
        summary: 'Sign in with email and password',
        security: [],
        body: SignInBody,
        response: { 200: Type.Ref(SessionView), ...consoleErrors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await signInLimits.attempt(request, reply, email, () => accounts.signIn(email, password));
      return startSession(request, reply, user);
    },
  );
};

export const sessionAccountRoutes: FastifyPluginAsyncTypebox<ConsoleOptions> = async (app, { services, config }) => {
  app.get(
    '/auth/session',
    {
      schema: {
        operationId: 'consoleSession',
        summary: 'The signed-in user and session',
        response: { 200: Type.Ref(SessionView), ...consoleErrors(401) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      const user = await services.accounts.findUser(s.userId);
      return { user: publicUser(user!), csrfToken: s.csrfToken, expiresAt: s.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/sign-out',
    { schema: { operationId: 'consoleSignOut', summary: 'End this session', response: { 204: Type.Null(), ...consoleErrors(401, 403) } } },
    async (request, reply) => {
      await services.sessions.revoke(sessionOf(request).sessionId);
      clearSessionCookie(reply, config.console.secureCookies);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/sign-out-all',
    {
      schema: {
        operationId: 'consoleSignOutEverywhere',
        summary: 'End all my sessions, on every device',
        response: { 204: Type.Null(), ...consoleErrors(401, 403) },
      },
    },
    async (request, reply) => {
      await services.sessions.revokeAllForUser(sessionOf(request).userId);
      clearSessionCookie(reply, config.console.secureCookies);
      return reply.code(204).send(null);
    },
  );
};
