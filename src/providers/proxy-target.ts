/**
 * Where may a proxy call (or a rendered tool request) go? `resolveProxyTarget` turns the caller's
 * `endpoint` (a path under the toolkit's base URL, or an absolute URL on one of the toolkit's
 * allowed hosts) into the URL to call, and refuses anything else with a `ProxyTargetError` whose
 * message names the problem (and never a token or query string).
 *
 * Private/loopback literal IPs and `localhost` names are refused unless the host is the configured
 * base URL's host: operators point toolkits at loopback sandboxes through base URL overrides, so
 * the base URL host is trusted, nothing else is. Hostnames that RESOLVE to private addresses are
 * caught at connect time by the guarded lookup of address-guard.ts.
 */
import net from 'node:net';
import { isLocalhostName, isPrivateAddress } from './address-guard.js';
import { ProxyTargetError } from './provider-errors.js';

export { ProxyTargetError };

export interface ProxyTargetOptions {
  /** Caller-supplied: `/v3/objects`, `v3/objects?limit=1`, or `https://api.hubapi.com/v3/objects`. */
  endpoint: string;
  /** The toolkit's base URL (after operator overrides), e.g. `https://api-ssl.bitly.com/v4`. */
  baseUrl: string;
  /** The toolkit's allowed hosts, `host` or `host:port` (as catalog files spell them). */
  allowedHosts: string[];
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// C0 controls, space, DEL, and the Unicode whitespace/formatting the URL parser would strip or keep.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f\u0085\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff]/;

function refuse(problem: string): never {
  throw new ProxyTargetError(`Refused proxy endpoint: ${problem}`);
}

function hostname(u: URL): string {
  return u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

/** `hostname:port` with the scheme's default port made explicit. */
function hostKey(u: URL): string {
  return `${hostname(u)}:${u.port || DEFAULT_PORT[u.protocol]}`;
}

/** allowedHosts entry -> `hostname:port` for a target using `protocol`. */
function allowedKey(entry: string, protocol: string): string | undefined {
  try {
    const u = new URL(`${protocol}//${entry.trim()}`);
    if (u.pathname !== '/' || u.username || u.password) return undefined;
    return hostKey(u);
  } catch {
    return undefined;
  }
}

/** The base URL's hostname (lower-case, no brackets): the one host allowed to be private. */
export function privateAllowedHostOf(baseUrl: string): string {
  return hostname(new URL(baseUrl));
}

/**
 * True when `host` (a hostname, with or without port/brackets) is the configured base URL's host,
 * which is therefore allowed to be a private/loopback address (it was configured so).
 */
export function isPrivateAllowedHost(baseUrl: string, host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  else if (h.split(':').length === 2) h = h.split(':')[0]!;
  return h.replace(/\.$/, '') === privateAllowedHostOf(baseUrl).replace(/\.$/, '');
}

/** The set to hand to the http client's address guard: every toolkit base URL host. */
export function privateAllowedHosts(baseUrls: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const b of baseUrls) out.add(privateAllowedHostOf(b));
  return out;
}

function isDotSegment(segment: string): '.' | '..' | undefined {
  const s = segment.toLowerCase().replace(/%2e/g, '.');
  return s === '.' || s === '..' ? s : undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    refuse('the path contains an invalid percent-encoding');
  }
}

/** Refuses encoded separators that a provider might decode into a traversal or a backslash. */
function checkEncodedSegment(segment: string): void {
  const decoded = decodeSegment(segment);
  if (decoded.includes('\\')) refuse('the path contains an encoded backslash');
  if (decoded.includes('/') && decoded.split('/').some((part) => isDotSegment(part))) {
    refuse('the path contains an encoded "../" sequence');
  }
  if (isDotSegment(decoded)) refuse('the path contains a double-encoded dot segment');
}

/** Splits `path?query#fragment`; the fragment is never sent, so it is dropped. */
function splitPathQuery(text: string): { path: string; query: string } {
  const noFragment = text.split('#', 1)[0]!;
  const q = noFragment.indexOf('?');
  return q === -1 ? { path: noFragment, query: '' } : { path: noFragment.slice(0, q), query: noFragment.slice(q) };
}

function parseBase(baseUrl: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new ProxyTargetError('The toolkit base URL is not a valid URL');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new ProxyTargetError('The toolkit base URL must be http or https');
  return base;
}

function resolvePath(endpoint: string, base: URL): URL {
  const { path, query } = splitPathQuery(endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  const stack: string[] = [];
  const segments = path.replace(/^\//, '').split('/');
  segments.forEach((segment, i) => {
    const dot = isDotSegment(segment);
    if (dot === '.') {
      if (i === segments.length - 1) stack.push('');
      return;
    }
    if (dot === '..') {
      if (stack.length === 0) refuse(`the path climbs above the toolkit base path "${basePath || '/'}"`);
      stack.pop();
      if (i === segments.length - 1) stack.push('');
      return;
    }
    checkEncodedSegment(segment);
    stack.push(segment);
  });
  const url = new URL(`${base.origin}${basePath}/${stack.join('/')}${query}`);
  if (url.origin !== base.origin || (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`))) {
    refuse(`the path leaves the toolkit base path "${basePath || '/'}"`);
  }
  return url;
}

function resolveAbsolute(endpoint: string, base: URL, allowedHosts: string[]): URL {
  const scheme = endpoint.slice(0, endpoint.indexOf(':') + 1).toLowerCase();
  if (scheme !== 'http:' && scheme !== 'https:') refuse(`scheme "${scheme}" is not allowed (use http or https)`);
  const rest = endpoint.slice(scheme.length);
  if (!rest.startsWith('//')) refuse('an absolute URL must have the form scheme://host/path');
  const authority = rest.slice(2).split(/[/?#]/, 1)[0]!;
  if (authority.includes('@')) refuse('credentials (user@host) are not allowed in the URL');
  if (authority.includes('%')) refuse('percent-encoded characters are not allowed in the host');
  if (authority === '') refuse('the URL has no host');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    refuse('the URL is not valid');
  }
  if (url.username || url.password) refuse('credentials (user@host) are not allowed in the URL');
  if (base.protocol === 'https:' && url.protocol === 'http:') refuse('plain http is not allowed for a toolkit served over https');
  const key = hostKey(url);
  const allowed = new Set<string>([hostKey(base)]);
  for (const entry of allowedHosts) {
    const k = allowedKey(entry, url.protocol);
    if (k) allowed.add(k);
  }
  if (!allowed.has(key)) {
    if (url.port && [...allowed].some((k) => k.startsWith(`${hostname(url)}:`))) {
      refuse(`port ${url.port} is not allowed for host "${hostname(url)}"`);
    }
    refuse(`host "${url.host}" is not one of this toolkit's allowed hosts`);
  }
  const { path } = splitPathQuery(rest.slice(2 + authority.length));
  for (const segment of path.split('/')) {
    if (isDotSegment(segment)) refuse('dot segments ("." or "..") are not allowed in an absolute URL');
    checkEncodedSegment(segment);
  }
  url.hash = '';
  return url;
}

/**
 * Resolves the caller's endpoint against the toolkit. Returns the URL to call; throws
 * `ProxyTargetError` for other hosts, userinfo, non-http(s) schemes, protocol-relative or
 * backslash forms, control characters, dot segments escaping the base path, encoded traversal,
 * ports and hosts not configured, http under an https toolkit, and private/loopback addresses
 * other than the configured base URL host.
 */
export function resolveProxyTarget(opts: ProxyTargetOptions): URL {
  const base = parseBase(opts.baseUrl);
  const endpoint = opts.endpoint;
  if (typeof endpoint !== 'string' || endpoint.length === 0) refuse('the endpoint is empty');
  if (FORBIDDEN_CHARS.test(endpoint)) refuse('the endpoint contains whitespace or control characters');
  if (endpoint.includes('\\')) refuse('backslashes are not allowed in the endpoint');
  if (endpoint.startsWith('//')) refuse('protocol-relative URLs ("//host/...") are not allowed');

  let url: URL;
  if (SCHEME.test(endpoint)) url = resolveAbsolute(endpoint, base, opts.allowedHosts);
  else if (endpoint.startsWith('?') || endpoint.startsWith('#')) url = resolvePath(`/${endpoint}`, base);
  else url = resolvePath(endpoint, base);

  const host = hostname(url);
  const isBaseHost = host === hostname(base);
  if (!isBaseHost && (isLocalhostName(host) || (net.isIP(host) !== 0 && isPrivateAddress(host)))) {
    refuse(`host "${url.host}" is a private or loopback address`);
  }
  return url;
}
