/**
 * Hash routing (`#/orgs/<id>/projects`): the broker serves one index.html, and every screen has an
 * address that can be bookmarked, reloaded and shared. `parseRoute` turns the hash into a Route,
 * `href` turns a Route back into a hash, and `useRoute` re-renders on navigation.
 */
import { useEffect, useState } from 'preact/hooks';

export const ORG_SECTIONS = ['projects', 'members', 'usage', 'audit', 'toolkits', 'settings'] as const;
export type OrgSection = (typeof ORG_SECTIONS)[number];

export const PROJECT_TABS = [
  'api-keys',
  'auth-configs',
  'connections',
  'triggers',
  'executions',
  'playground',
  'webhooks',
  'events',
  'settings',
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The tabs with an address per item (a subscription's deliveries, an event's or an execution's detail). */
const ITEM_TABS = ['webhooks', 'events', 'executions'] as const satisfies readonly ProjectTab[];

export type Route =
  | { name: 'home' }
  | { name: 'sign-in'; next?: string }
  | { name: 'sign-up' }
  | { name: 'invite'; token: string }
  | { name: 'reset-password'; token: string }
  | { name: 'account' }
  | { name: 'orgs' }
  /** `item`: a toolkit's page (`#/orgs/<id>/toolkits/<slug>`). */
  | { name: 'org'; orgId: string; section: OrgSection; item?: string }
  | { name: 'project'; orgId: string; projectId: string; tab: ProjectTab; item?: string }
  | { name: 'not-found' };

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

export function parseRoute(hash: string): Route {
  const [rawPath = '', search = ''] = hash.replace(/^#/, '').split('?');
  const parts = rawPath.split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(search);
  const [first, orgId, second, projectId, tab] = parts;
  if (parts.length === 0) return { name: 'home' };
  if (first === 'sign-in' && parts.length === 1) {
    const next = query.get('next');
    return next ? { name: 'sign-in', next } : { name: 'sign-in' };
  }
  if (first === 'sign-up' && parts.length === 1) return { name: 'sign-up' };
  if (first === 'invite' && parts.length === 2) return { name: 'invite', token: parts[1]! };
  if (first === 'reset-password' && parts.length === 2) return { name: 'reset-password', token: parts[1]! };
  if (first === 'account' && parts.length === 1) return { name: 'account' };
  if (first !== 'orgs') return { name: 'not-found' };
  if (!orgId) return { name: 'orgs' };
  if (second === 'projects' && projectId) {
    if (parts.length === 4) return { name: 'project', orgId, projectId, tab: 'api-keys' };
    if (parts.length === 5 && isOneOf(PROJECT_TABS, tab)) return { name: 'project', orgId, projectId, tab };
    if (parts.length === 6 && isOneOf(ITEM_TABS, tab)) return { name: 'project', orgId, projectId, tab, item: parts[5]! };
    return { name: 'not-found' };
  }
  if (parts.length === 2) return { name: 'org', orgId, section: 'projects' };
  if (parts.length === 3 && isOneOf(ORG_SECTIONS, second)) return { name: 'org', orgId, section: second };
  if (parts.length === 4 && second === 'toolkits') return { name: 'org', orgId, section: 'toolkits', item: parts[3]! };
  return { name: 'not-found' };
}

const seg = encodeURIComponent;

export function href(route: Route): string {
  switch (route.name) {
    case 'home':
    case 'not-found':
      return '#/';
    case 'sign-in':
      return route.next ? `#/sign-in?next=${seg(route.next)}` : '#/sign-in';
    case 'sign-up':
      return '#/sign-up';
    case 'invite':
      return `#/invite/${seg(route.token)}`;
    case 'reset-password':
      return `#/reset-password/${seg(route.token)}`;
    case 'account':
      return '#/account';
    case 'orgs':
      return '#/orgs';
    case 'org':
      return `#/orgs/${seg(route.orgId)}/${route.section}${route.item ? `/${seg(route.item)}` : ''}`;
    case 'project':
      return `#/orgs/${seg(route.orgId)}/projects/${seg(route.projectId)}/${route.tab}${route.item ? `/${seg(route.item)}` : ''}`;
  }
}

/** The Playground with a tool and a connection chosen (`?tool=SLUG&connection=ID`, read by screens/playground.tsx). */
export function playgroundHref(
  orgId: string,
  projectId: string,
  choice: { tool?: string | undefined; connection?: string | undefined },
): string {
  const query = new URLSearchParams();
  if (choice.tool) query.set('tool', choice.tool);
  if (choice.connection) query.set('connection', choice.connection);
  const qs = query.toString();
  return href({ name: 'project', orgId, projectId, tab: 'playground' }) + (qs ? `?${qs}` : '');
}

/** The query of the current address (`#/…?a=b`): a screen's preselection. */
export function hashQuery(): URLSearchParams {
  return new URLSearchParams(location.hash.split('?')[1] ?? '');
}

/** Goes to `route`; `replace` keeps the current address out of the history (redirects). */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const target = href(route);
  if (options.replace) location.replace(target);
  else location.hash = target;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
