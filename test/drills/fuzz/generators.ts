/**
 * Seeded request generation for the API fuzz test: a PRNG, values sampled from a route's JSON
 * schema (so requests are plausible and reach the services, with real ids mixed in), and the
 * hostile mutations of issue 12 (wrong types, missing and extra fields, huge and deep values,
 * NUL and invalid Unicode, CR/LF, traversal and percent-escapes, bad media types and keys).
 */

/** mulberry32: small, fast, reproducible from one 32-bit seed. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof createRng>;

/** Real values the broker knows, so that generated requests reach services and databases. */
export interface Pools {
  connectionIds: string[];
  authConfigIds: string[];
  toolkitSlugs: string[];
  toolSlugs: string[];
  entityIds: string[];
}

/** Marks where a very deep JSON value goes: JSON.stringify itself overflows on such values. */
const DEEP_MARK = '\u0001deep:';
export const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Serializes a body, splicing in the deep values marked by `deepValue`. */
export function serialize(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001deep:(\d+)"/g, (_, n: string) => deepJson(Number(n)));
}

const deepValue = (levels: number) => `${DEEP_MARK}${levels}`;

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'id\r\nX-Injected: 1',
  '\n',
  '../../../etc/passwd',
  '..',
  '.',
  '%2e%2e',
  '%00',
  '%ZZ',
  '%',
  '%E0%A4%A',
  'é 😀 ü',
  ' ',
  '',
  '{connectionConfig.subdomain}',
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '\\',
  '/',
  '?a=b#c',
  'null',
  '-1',
  '__proto__',
  'http://169.254.169.254/latest/meta-data',
  '\u202e\u200b',
];

/** Any hostile value: a hostile string, a wrong type, a huge or deep value. */
export function hostileValue(rng: Rng): unknown {
  switch (rng.int(12)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return rng.pick(HOSTILE_STRINGS);
    case 4:
      return rng.pick([null, true, false, 0, -1, 1.5, 1e308, -(2 ** 53) - 2, 2 ** 53]);
    case 5:
      return rng.pick([[], {}, [null], { a: '\u0000' }, [['x']]]);
    case 6:
      return 'x'.repeat(rng.pick([201, 256, 501, 2001, 9000, 40_000]));
    case 7:
      return deepValue(rng.pick([63, 65, 200, 5000, 100_000]));
    case 8:
      return Array.from({ length: rng.pick([100, 1001, 5000]) }, (_, i) => `item-${i}`);
    case 9:
      return Object.fromEntries(Array.from({ length: rng.pick([101, 1000]) }, (_, i) => [`k${i}`, 'v']));
    case 10:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}') as unknown;
    default:
      return `${rng.pick(HOSTILE_STRINGS)}${'y'.repeat(rng.int(300))}`;
  }
}

type Schema = Record<string, unknown>;

/** A plausible string for a field, by its name: real ids and slugs where the name says so. */
function stringFor(name: string, schema: Schema, rng: Rng, pools: Pools): string {
  if (Array.isArray(schema.enum)) return String(rng.pick(schema.enum));
  const n = name.toLowerCase();
  if (schema.format === 'uri' || n.includes('url') || n.includes('redirect')) return 'https://example.com/callback';
  if (n.includes('auth_config') || n.includes('authconfig')) return rng.pick(pools.authConfigIds);
  if (n.includes('connect') || n === 'id') return rng.pick([...pools.connectionIds, ...pools.authConfigIds]);
  if (n.includes('tool') && !n.includes('toolkit')) return rng.pick(pools.toolSlugs);
  if (n.includes('slug') || n.includes('toolkit')) return rng.pick([...pools.toolkitSlugs, ...pools.toolSlugs]);
  if (n.includes('entity') || n.includes('user')) return rng.pick(pools.entityIds);
  if (n.includes('method')) return rng.pick(['GET', 'POST', 'PATCH', 'DELETE', 'acme_api_key', 'hubspot_oauth']);
  if (n.includes('endpoint')) return rng.pick(['/crm/v3/objects/contacts', '/v4/user', '/x']);
  return rng.pick(['alpha', 'beta-1', 'Widget', 'red', 'p/q']);
}

/**
 * A value following `schema` (JSON Schema as TypeBox or OpenAPI write it), `name` being the field it
 * is for. `resolve` turns a `$ref` into its schema.
 */
export function sample(schema: unknown, name: string, rng: Rng, pools: Pools, resolve: (ref: string) => unknown, depth = 0): unknown {
  const s = (schema ?? {}) as Schema;
  if (typeof s.$ref === 'string') return sample(resolve(s.$ref), name, rng, pools, resolve, depth);
  if ('const' in s) return s.const;
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return sample(rng.pick(alternatives), name, rng, pools, resolve, depth);
  if (Array.isArray(s.enum)) return rng.pick(s.enum);
  const type = Array.isArray(s.type) ? rng.pick(s.type as string[]) : s.type;
  switch (type) {
    case 'string':
      return stringFor(name, s, rng, pools);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum + rng.int(3) : rng.int(5);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return depth > 4 ? [] : Array.from({ length: rng.int(3) }, () => sample(s.items, name, rng, pools, resolve, depth + 1));
    default:
      break;
  }
  if (type === 'object' || s.properties || s.patternProperties || s.additionalProperties) {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [key, child] of Object.entries((s.properties as Record<string, unknown> | undefined) ?? {})) {
      if (required.has(key) || rng.chance(0.5)) out[key] = sample(child, key, rng, pools, resolve, depth + 1);
    }
    const mapValue = Object.values((s.patternProperties as Record<string, unknown> | undefined) ?? {})[0];
    if (mapValue !== undefined && depth < 4) {
      for (let i = rng.int(3); i > 0; i--)
        out[rng.pick(['api_key', 'subdomain', 'x-trace', 'name', 'project'])] = sample(mapValue, name, rng, pools, resolve, depth + 1);
    }
    return out;
  }
  return rng.pick(['value', 1, true, null]);
}

/** Paths to every value inside `root` (objects and arrays), the root itself as []. */
function valuePaths(root: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(root)) root.forEach((v, i) => valuePaths(v, [...prefix, i], out));
  else if (typeof root === 'object' && root !== null) for (const [k, v] of Object.entries(root)) valuePaths(v, [...prefix, k], out);
  return out;
}

/**
 * Sets `key` as an own property, whatever it is: `parent['__proto__'] = v` would swap an object's
 * prototype instead (an array would lose forEach, and the key would not reach the payload).
 */
function setOwn(parent: Record<string | number, unknown>, key: string | number, value: unknown): void {
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One hostile edit of a (JSON-compatible, freshly sampled) value: replace, delete or add somewhere inside it. */
export function mutate(root: unknown, rng: Rng): unknown {
  const paths = valuePaths(root).filter((p) => p.length > 0);
  if (paths.length === 0 || rng.chance(0.1))
    return rng.chance(0.5) ? hostileValue(rng) : { ...(root as object), [rng.pick(HOSTILE_STRINGS)]: hostileValue(rng) };
  const path = rng.pick(paths);
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const action = rng.int(4);
  if (action === 0 && !Array.isArray(parent)) delete parent[last];
  else if (action === 1 && typeof parent === 'object')
    setOwn(parent, rng.pick(['extra', 'x-trace', rng.pick(HOSTILE_STRINGS)]), hostileValue(rng));
  else setOwn(parent, last, hostileValue(rng));
  return root;
}

/** A path segment for a parameter: usually a real value, often hostile (raw escapes included). */
export function pathSegment(value: string, rng: Rng): string {
  if (rng.chance(0.35)) return encodeURIComponent(value);
  const raw = rng.pick([
    '%00',
    '%ED%A0%80',
    '%E0%A4%A',
    '%',
    '..',
    '%2e%2e',
    '..%2F..%2Fetc',
    '%0d%0aX:1',
    'a'.repeat(rng.pick([101, 499, 600])),
    '%C0%AE',
    '%FF',
  ]);
  if (rng.chance(0.5)) return raw;
  const hostile = rng.pick(HOSTILE_STRINGS);
  try {
    return encodeURIComponent(hostile) || 'x';
  } catch {
    return '%ED%B0%80';
  }
}

/** Encodes one query value as a client would, falling back to raw escapes for what cannot be encoded. */
export function queryValue(value: unknown, rng: Rng): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  if (text.startsWith(DEEP_MARK)) return encodeURIComponent(deepJson(50));
  try {
    return encodeURIComponent(text.length > 5000 ? text.slice(0, 5000) : text);
  } catch {
    return rng.pick(['%ED%A0%80', '%00', '%E0%A4%A']);
  }
}

export const BAD_CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/octet-stream',
  `text/${'x'.repeat(3000)}`,
];

export const BAD_BODIES: readonly string[] = [
  '{',
  '{"a":}',
  '[',
  'null',
  '"str"',
  '42',
  '',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  deepJson(100_000),
];
