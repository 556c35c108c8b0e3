/**
 * Private-address guard for outbound provider calls.
 *
 * Two layers:
 * - `assertPublicHost` resolves a hostname up front and refuses it when any address is private.
 *   Useful for a clear early error, but on its own it leaves a DNS-rebinding gap (the name can
 *   resolve differently a moment later, when the socket connects).
 * - `createGuardedLookup` is a `dns.lookup`-compatible function installed as the `connect.lookup`
 *   of the undici Agent (http-client.ts) and the `lookup` of got's keep-alive agents
 *   (oauth-http-client.ts). Node calls it for every new connection, so the check runs on exactly
 *   the addresses the socket will connect to: no rebinding gap. It lives on the agents, not on
 *   each request, so it costs nothing per call and cannot be forgotten by a caller.
 *
 * Literal IP hosts never reach a lookup function (Node connects to them directly), so literal
 * addresses are checked where the URL is chosen: `resolveProxyTarget` in proxy-target.ts.
 */
import dns from 'node:dns';
import net from 'node:net';
import { ProxyTargetError } from './provider-errors.js';

export { ProxyTargetError };

/** Hosts (lower-case hostnames, no port) allowed to resolve to private addresses, or a predicate. */
export type PrivateHostAllowance = ReadonlySet<string> | ((hostname: string) => boolean);

type V4Range = readonly [base: number, prefix: number];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose registry, condensed). */
const PRIVATE_V4: readonly V4Range[] = [
  [v4(0, 0, 0, 0), 8], // "this network"
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // CGNAT shared address space
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local (cloud metadata endpoints live here)
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24], // TEST-NET-1
  [v4(192, 88, 99, 0), 24], // 6to4 relay anycast
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // TEST-NET-2
  [v4(203, 0, 113, 0), 24], // TEST-NET-3
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, includes 255.255.255.255 broadcast
];

function parseV4(ip: string): number | undefined {
  if (!net.isIPv4(ip)) return undefined;
  const [a, b, c, d] = ip.split('.').map(Number) as [number, number, number, number];
  return v4(a, b, c, d);
}

function isPrivateV4(addr: number): boolean {
  for (const [base, prefix] of PRIVATE_V4) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((addr & mask) >>> 0 === base) return true;
  }
  return false;
}

/** Expands an IPv6 address (no zone, no brackets) to 8 16-bit groups; undefined when invalid. */
function parseV6(ip: string): number[] | undefined {
  if (!net.isIPv6(ip)) return undefined;
  let text = ip.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = parseV4(quad[1]!);
    if (n === undefined) return undefined;
    text = `${text.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(fill).fill('0'), ...tailGroups].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

function isPrivateV6(g: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const embeddedV4 = ((g6 << 16) | g7) >>> 0;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0) {
    if (g6 === 0 && (g7 === 0 || g7 === 1)) return true; // :: and ::1
    return isPrivateV4(embeddedV4); // IPv4-compatible ::a.b.c.d (deprecated): judge the IPv4 inside
  }
  if (firstFiveZero && g5 === 0xffff) return isPrivateV4(embeddedV4); // IPv4-mapped ::ffff:a.b.c.d
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return isPrivateV4(embeddedV4); // IPv4-translated
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateV4(embeddedV4); // NAT64
  if (g0 === 0x2002) return isPrivateV4(((g1 << 16) | g2) >>> 0); // 6to4 carries an IPv4 in bits 16..47
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // 100::/64 discard
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // 2001:db8::/32 documentation
  if (g0 === 0x2001 && g1 < 0x0200) return true; // 2001::/23 IETF protocol assignments (Teredo, ORCHID...)
  return false;
}

/**
 * True when `ip` is not a public unicast address: loopback, private, link-local, CGNAT, multicast,
 * broadcast, unspecified, documentation/benchmark ranges, and IPv6 forms embedding such an IPv4
 * (mapped, compatible, NAT64, 6to4). Accepts `[v6]` brackets and `%zone` suffixes. Anything that is
 * not an IP address at all counts as private (fail closed).
 */
export function isPrivateAddress(ip: string): boolean {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const a4 = parseV4(text);
  if (a4 !== undefined) return isPrivateV4(a4);
  const a6 = parseV6(text);
  if (a6 !== undefined) return isPrivateV6(a6);
  return true;
}

/** `localhost` and `*.localhost` always mean this machine (RFC 6761), whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

function normaliseHostname(hostname: string): string {
  let h = hostname.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return h.replace(/\.$/, '');
}

function isAllowed(allow: PrivateHostAllowance, hostname: string): boolean {
  const h = normaliseHostname(hostname);
  return typeof allow === 'function' ? allow(h) : allow.has(h);
}

function privateHostError(hostname: string): ProxyTargetError {
  return new ProxyTargetError(
    `Host "${hostname}" resolves to a private or loopback address; only a toolkit's configured base URL host may be private`,
  );
}

/**
 * Resolves `hostname` (all addresses) and throws `ProxyTargetError` when any of them is private and
 * the host is not in `allowPrivateHosts` (lower-case hostnames, no port). Literal IPs are judged
 * directly. Resolution failures propagate as the DNS error (ENOTFOUND...).
 */
export async function assertPublicHost(hostname: string, allowPrivateHosts: PrivateHostAllowance): Promise<void> {
  if (isAllowed(allowPrivateHosts, hostname)) return;
  const h = normaliseHostname(hostname);
  if (net.isIP(h)) {
    if (isPrivateAddress(h)) throw privateHostError(hostname);
    return;
  }
  if (isLocalhostName(h)) throw privateHostError(hostname);
  const addresses = await dns.promises.lookup(h, { all: true, verbatim: true });
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw privateHostError(hostname);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup`-compatible function (for `http.Agent`'s `lookup` option, or got's `dnsLookup`)
 * that refuses private addresses for hosts not in `allowPrivateHosts`. It always resolves all
 * addresses and refuses when ANY is private, so neither the address chosen for the first attempt
 * nor a fallback (Happy Eyeballs, `autoSelectFamily`) can reach a private network. The error it
 * reports is a `ProxyTargetError` (the http client unwraps it from got's RequestError).
 */
export function createGuardedLookup(allowPrivateHosts: PrivateHostAllowance): typeof dns.lookup {
  function guardedLookup(hostname: string, optionsOrCallback: unknown, maybeCallback?: unknown): void {
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as LookupCallback;
    const raw = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const options: dns.LookupOptions = typeof raw === 'number' ? { family: raw } : { ...(raw as dns.LookupOptions) };
    const wantAll = options.all === true;
    const allowed = isAllowed(allowPrivateHosts, hostname);
    if (!allowed && isLocalhostName(hostname)) {
      process.nextTick(callback, privateHostError(hostname), wantAll ? [] : '', 0);
      return;
    }
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, wantAll ? [] : '', 0);
      if (!allowed && (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))) {
        return callback(privateHostError(hostname), wantAll ? [] : '', 0);
      }
      if (wantAll) return callback(null, addresses);
      const first = addresses[0];
      if (!first) {
        const notFound = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return callback(notFound, '', 0);
      }
      return callback(null, first.address, first.family);
    });
  }
  return guardedLookup as unknown as typeof dns.lookup;
}
