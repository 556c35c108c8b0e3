/**
 * The console API client: every call goes to our own origin under /api/v1/console with the session
 * cookie (`credentials: 'same-origin'`), and every state-changing call carries the session's CSRF
 * token. Failures become ApiErrors holding the broker's own `message`, which the screens show as
 * is. A 401 on a signed-in call means the session ended: the app is told, and shows sign-in.
 */

import type { paths } from './api-types.gen';

const BASE = '/api/v1/console';

/** `/orgs/{organizationId}/members` as the strings that match it: `/orgs/${string}/members`. */
type Template<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Template<Tail>}` : P;
type Method = 'get' | 'post' | 'patch' | 'delete';
/**
 * The console paths (below BASE) that answer `method`, from the generated spec types: a call to a
 * path the API does not have fails to compile. A parameter matches any string, slashes included.
 */
export type ConsolePath<M extends Method> = {
  [P in keyof paths]: P extends `${typeof BASE}${infer Rest}` ? (paths[P][M] extends undefined ? never : Template<Rest>) : never;
}[keyof paths];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | null = null;
let onSessionEnded: () => void = () => undefined;

/** The token from sign-up, sign-in or GET /auth/session; null after sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when a signed-in call answers 401 (expired or revoked session). */
export function onUnauthorized(handler: () => void): void {
  onSessionEnded = handler;
}

/** Calls whose 401 is an answer to show, not a sign that the session ended. */
const SIGN_IN_CALLS = ['/auth/sign-in', '/auth/sign-up'];

type Query = Record<string, string | number | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // No content type without a body: the broker refuses an empty JSON body.
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(BASE + withQuery(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The broker could not be reached. Check your connection and try again.');
  }
  const text = res.status === 204 ? '' : await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = json as { code?: unknown; message?: unknown } | null;
    const error = new ApiError(
      res.status,
      typeof err?.code === 'string' ? err.code : `HTTP_${res.status}`,
      typeof err?.message === 'string' ? err.message : `The request failed (HTTP ${res.status}).`,
    );
    if (res.status === 401 && !SIGN_IN_CALLS.includes(path)) onSessionEnded();
    throw error;
  }
  return json as T;
}

export const api = {
  get: <T>(path: ConsolePath<'get'>, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: ConsolePath<'post'>, body?: unknown) => request<T>('POST', path, body),
  patch: <T>(path: ConsolePath<'patch'>, body: unknown) => request<T>('PATCH', path, body),
  del: <T = void>(path: ConsolePath<'delete'>) => request<T>('DELETE', path),
};

/** The API's path of an organization, and of one of its projects (typed so paths built on them are checked). */
export const orgPath = (orgId: string): `/orgs/${string}` => `/orgs/${encodeURIComponent(orgId)}`;
export const projectPath = (orgId: string, projectId: string): `/orgs/${string}/projects/${string}` =>
  `${orgPath(orgId)}/projects/${encodeURIComponent(projectId)}`;

/** A message for anything a screen caught. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
