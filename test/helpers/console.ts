/**
 * Console-plane helpers: sign up or in through the real routes and carry the session like a
 * browser would (the cookie, plus the CSRF token on state-changing requests).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface ConsoleClient {
  userId: string;
  email: string;
  cookie: string;
  csrfToken: string;
  /** An inject with the session cookie and (on non-GET) the CSRF token. */
  request(opts: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export const CONSOLE = '/api/v1/console';
export const TEST_PASSWORD = 'correct horse battery staple';

function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'broker_session');
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `broker_session=${c.value}`;
}

function client(app: FastifyInstance, res: LightMyRequestResponse): ConsoleClient {
  if (res.statusCode >= 300) throw new Error(`console auth failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ user: { id: string; email: string }; csrfToken: string }>();
  const cookie = cookieOf(res);
  const request = (opts: InjectOptions & { method: string; url: string }) =>
    app.inject({
      ...opts,
      headers: {
        cookie,
        ...(opts.method === 'GET' ? {} : { 'x-csrf-token': body.csrfToken }),
        ...((opts.headers as Record<string, string> | undefined) ?? {}),
      },
    });
  return {
    userId: body.user.id,
    email: body.user.email,
    cookie,
    csrfToken: body.csrfToken,
    request,
    get: (url) => request({ method: 'GET', url: CONSOLE + url }),
    post: (url, payload) =>
      request({ method: 'POST', url: CONSOLE + url, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url, payload) => request({ method: 'PATCH', url: CONSOLE + url, payload: payload as object }),
    delete: (url) => request({ method: 'DELETE', url: CONSOLE + url }),
  };
}

export async function signUp(
  app: FastifyInstance,
  email: string,
  extra: { password?: string; name?: string; invitationToken?: string } = {},
): Promise<ConsoleClient> {
  const res = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: {
      email,
      password: extra.password ?? TEST_PASSWORD,
      ...(extra.name ? { name: extra.name } : {}),
      ...(extra.invitationToken ? { invitationToken: extra.invitationToken } : {}),
    },
  });
  return client(app, res);
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<ConsoleClient> {
  const res = await app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-in`, payload: { email, password } });
  return client(app, res);
}
