/**
 * Console authentication: the signed `broker_session` cookie names a live session (src/console/
 * session-service.ts). `requireSession` is the onRequest hook of every console route group that
 * needs a person; on POST/PATCH/PUT/DELETE it also requires the session's CSRF token in
 * `x-csrf-token`, so another site cannot act with the user's cookie.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../src/services.js';
import type { UserActor } from '../../src/tenancy/actor.js';
import { forbidden, unauthorized } from '../../src/errors.js';

export const SESSION_COOKIE = 'broker_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ConsoleSession {
  sessionId: string;
  userId: string;
  email: string;
  name: string | null;
  csrfToken: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
  }
}

/** The signed-in person of a request that passed `requireSession`. */
export function sessionOf(request: FastifyRequest): ConsoleSession {
  if (!request.consoleSession) throw unauthorized('Sign in to the console first');
  return request.consoleSession;
}

/** Who the audit log records for this request. */
export function actorOf(request: FastifyRequest): UserActor {
  const s = sessionOf(request);
  return { kind: 'user', userId: s.userId, email: s.email, ip: request.ip };
}

export function setSessionCookie(reply: FastifyReply, token: string, opts: { secure: boolean; maxAgeMs: number }): void {
  reply.setCookie(SESSION_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    path: '/',
    maxAge: Math.floor(opts.maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** The session token in the request's cookie, when present and its signature holds. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createRequireSession(services: Pick<Services, 'sessions' | 'accounts'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = sessionToken(request);
    if (!token) throw unauthorized('Sign in to the console first');
    const session = await services.sessions.authenticate(token);
    if (!session) throw unauthorized('Your console session has ended: sign in again');
    const user = await services.accounts.findUser(session.userId);
    if (!user) throw unauthorized('Your console session has ended: sign in again');
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers['x-csrf-token'];
      const presented = Array.isArray(header) ? header[0] : header;
      if (!presented || !sameToken(presented, session.csrfToken))
        throw forbidden('Missing or invalid CSRF token: send the x-csrf-token header your session returned');
    }
    request.consoleSession = {
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      name: user.name ?? null,
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt,
    };
  };
}
