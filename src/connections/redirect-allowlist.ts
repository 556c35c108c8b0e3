/**
 * Where the broker may send a user's browser after connecting (an OAuth initiate's `redirectUrl`,
 * a hosted connect link's `callbackUrl`): a project's `allowedRedirectUrls`
 * (src/db/entities/project.ts). An empty list allows any http(s) URL the caller gives (the request
 * schemas already refuse other schemes). A non-empty list is checked when the connection or link is
 * created, so a leaked API key cannot turn the broker's pages into a redirector to a site the
 * project never named.
 */
import type { Projects } from '../tenancy/projects.js';
import { badRequest, notFound } from '../errors.js';

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/**
 * True when `url` is one of `allowed`: the same URL (after URL normalisation), or the same origin
 * and path as an entry that has no query or fragment of its own, so a caller may add its own query
 * (a user or session id) to an allowed page. User info in the URL never matches.
 */
export function isAllowedRedirect(url: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const target = parse(url);
  if (!target || target.username !== '' || target.password !== '') return false;
  return allowed.some((entry) => {
    const a = parse(entry);
    if (!a) return false;
    if (a.href === target.href) return true;
    return a.search === '' && a.hash === '' && target.hash === '' && a.origin === target.origin && a.pathname === target.pathname;
  });
}

/** Throws 400 naming `field` and the URL unless the project allows it; nothing is created then. */
export async function assertAllowedRedirect(
  projects: Pick<Projects, 'find'>,
  projectId: string,
  url: string,
  field: string,
): Promise<void> {
  const project = await projects.find(projectId);
  if (!project) throw notFound(`Project ${projectId} not found`);
  const allowed = project.allowedRedirectUrls ?? [];
  if (isAllowedRedirect(url, allowed)) return;
  throw badRequest(
    `${field} ${url} is not one of the project's allowed redirect URLs (${allowed.join(', ')}); add it in the project settings or use one of them`,
    { errors: [{ field, message: 'is not an allowed redirect URL of the project' }] },
  );
}
