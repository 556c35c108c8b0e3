/**
 * Spec-driven fuzz of both planes (issue 12). Every native operation of /api/v1/spec.json and
 * every compat route gets FUZZ_REQUESTS (default 200) seeded requests: plausible ones built from
 * the route's schema with real ids, mutated with wrong types, missing and extra fields, huge and
 * deep values, NUL and invalid Unicode, CR/LF, traversal and percent-escapes (in path parameters,
 * query and body), bad media types, bad and missing keys. Asserted: no 5xx (501 is a deliberate
 * compat refusal), every error in its plane's body and under 64 KB, every status declared
 * (native: spec.json; compat: the route schema or the error catalog). FUZZ_SEED reproduces a run.
 */
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { fuzzBroker } from './fuzz-broker.js';
import { COMPAT_ERROR_STATUSES } from '../../../plugins/compat/error-body.js';
import { compatOperations, liveRoutes, nativeOperations, type Operation } from './operations.js';
import {
  BAD_BODIES,
  BAD_CONTENT_TYPES,
  createRng,
  mutate,
  pathSegment,
  queryValue,
  sample,
  serialize,
  HOSTILE_STRINGS,
  hostileValue,
  type Pools,
  type Rng,
} from './generators.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PER_OPERATION = Number(process.env.FUZZ_REQUESTS ?? 200);
// About 15k requests: well under a minute on an idle machine; the margin is for a loaded one.
t.setTimeout(600_000);
const MAX_ERROR_BODY = 64 * 1024;

interface Generated {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function generate(op: Operation, rng: Rng, pools: Pools, key: string): Generated {
  const method = rng.pick(op.methods);
  let path = op.path;
  for (const name of op.paramNames) {
    const real = String(sample({ type: 'string' }, name, rng, pools, op.resolve));
    path = path.replace(`:${name}`, rng.chance(0.6) ? encodeURIComponent(real) : pathSegment(real, rng));
  }
  path = path.replace(/\*$/, () => (rng.chance(0.5) ? 'x/y' : pathSegment('z', rng)));

  let query = op.query ? sample(op.query, 'query', rng, pools, op.resolve) : {};
  if (rng.chance(0.3)) query = mutate(query, rng);
  const pairs =
    typeof query === 'object' && query !== null && !Array.isArray(query) ? Object.entries(query) : [['q', query] as [string, unknown]];
  if (rng.chance(0.15)) pairs.push([rng.pick(HOSTILE_STRINGS) || 'junk', hostileValue(rng)]);
  const qs = pairs.map(([k, v]) => `${queryValue(k, rng)}=${queryValue(v, rng)}`).join('&');

  const headers: Record<string, string> = {};
  const keyDraw = rng.next();
  if (keyDraw < 0.88) headers['x-api-key'] = key;
  else if (keyDraw < 0.93) headers['x-api-key'] = rng.pick(['bk_invalid', 'x'.repeat(5000), '', `${key}x`]);

  let payload: string | undefined;
  if (method !== 'GET' && (op.body !== undefined || rng.chance(0.2))) {
    const draw = rng.next();
    if (draw < 0.1) payload = rng.pick(BAD_BODIES);
    else {
      let body = op.body !== undefined ? sample(op.body, 'body', rng, pools, op.resolve) : {};
      if (draw < 0.75) body = mutate(body, rng);
      if (rng.chance(0.2)) body = mutate(body, rng);
      payload = serialize(body);
    }
    const type = rng.chance(0.85) ? 'application/json' : rng.pick(BAD_CONTENT_TYPES);
    if (type !== undefined) headers['content-type'] = type;
  }
  return { method, url: `${path}${qs ? `?${qs}` : ''}`, headers, ...(payload !== undefined ? { payload } : {}) };
}

type Problem = 'serverError' | 'undeclared' | 'shape' | 'oversized';

/**
 * Dot segments in a generated path are resolved by the client (as light-my-request and browsers
 * do), so a request can land outside its operation: then only the plane of the URL it reached counts.
 */
function checkAnswer(op: Operation, req: Generated, res: LightMyRequestResponse): Problem | undefined {
  const status = res.statusCode;
  if (status >= 500 && status !== 501) return 'serverError';
  const reached = new URL(req.url, 'http://broker').pathname;
  const fixed = op.path.split('/:')[0]!.replace(/\*$/, '');
  const stayed = reached.split('/').length === op.path.split('/').length && reached.startsWith(fixed);
  const plane = reached.startsWith('/compat/api/v3') ? 'compat' : 'native';
  const declared = !stayed || op.declared.has(status) || (plane === 'compat' && status >= 400 && COMPAT_ERROR_STATUSES.has(status));
  if (!declared) return 'undeclared';
  if (status < 400) return undefined;
  if (res.body.length >= MAX_ERROR_BODY) return 'oversized';
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return 'shape';
  }
  if (plane === 'native') {
    const keys = Object.keys(body).filter((k) => k !== 'data');
    const ok =
      keys.length === 4 &&
      typeof body.defined === 'boolean' &&
      typeof body.code === 'string' &&
      body.status === status &&
      typeof body.message === 'string';
    return ok ? undefined : 'shape';
  }
  const e = body.error as Record<string, unknown> | undefined;
  return e && e.status === status && typeof e.code === 'number' && typeof e.message === 'string' ? undefined : 'shape';
}

t.test(`fuzz both planes (FUZZ_SEED=${SEED})`, async (t) => {
  t.comment(`FUZZ_SEED=${SEED} FUZZ_REQUESTS=${PER_OPERATION}`);
  const b = await fuzzBroker(t, { BODY_LIMIT_BYTES: '65536', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0' });
  const connections = [
    await b.connection('acme', 'user-1'),
    await b.connection('hubspot', 'user-2'),
    await b.connection('bitly', 'user-3'),
  ];
  const configs = (await b.app.inject({ method: 'GET', url: '/api/v1/auth_configs', headers: { 'x-api-key': b.key } })).json() as {
    items: { id: string }[];
  };
  const pools: Pools = {
    connectionIds: [...connections, 'ca_missing0000000000000000'],
    authConfigIds: [...configs.items.map((c) => c.id), 'ac_missing0000000000000000'],
    toolkitSlugs: ['acme', 'hubspot', 'bitly', 'nope'],
    toolSlugs: ['ACME_CREATE_WIDGET', 'ACME_GET_ME', 'HUBSPOT_CONTACTS_CREATE', 'HUBSPOT_CONTACTS_GET', 'BITLY_GET_USER', 'NOPE_TOOL'],
    entityIds: ['user-1', 'user-2', 'user-3', 'nobody'],
  };

  const native = await nativeOperations(b.app);
  const compat = await compatOperations(b.app);
  // The probe's compat routes are the live app's: no route escapes the fuzz.
  const probed = new Set(compat.flatMap((op) => op.methods.map((m) => `${m} ${op.path}`)));
  const missing = [...liveRoutes(b.app, '/compat/')].filter((r) => !probed.has(r));
  t.same(missing, [], 'every live compat route is fuzzed');
  t.ok(native.length >= 15 && compat.length >= 20, `${native.length} native and ${compat.length} compat operations`);

  // Reads first (their pages stay small: writes add resources), destructive operations last, so
  // every operation meets the real resources.
  const rank = (op: Operation) => (op.methods.includes('DELETE') ? 2 : op.methods.includes('GET') && op.methods.length === 1 ? 0 : 1);
  const ops = [...native, ...compat].sort((x, y) => rank(x) - rank(y));
  const rng = createRng(SEED);
  const counts: Record<Problem, number> = { serverError: 0, undeclared: 0, shape: 0, oversized: 0 };
  const examples: string[] = [];
  let sent = 0;
  const started = Date.now();
  const timings: [number, string][] = [];
  for (const op of ops) {
    const opStarted = Date.now();
    for (let i = 0; i < PER_OPERATION; i++) {
      const req = generate(op, rng, pools, b.key);
      const res = await b.app.inject(req);
      sent++;
      const problem = checkAnswer(op, req, res);
      if (!problem) continue;
      counts[problem]++;
      if (examples.length < 15) {
        examples.push(
          `${problem}: ${req.method} ${req.url.slice(0, 200)} [${req.headers['content-type'] ?? '-'}] ${req.payload?.slice(0, 200) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
      }
    }
    timings.push([Date.now() - opStarted, `${op.methods.length > 1 ? '*' : op.methods[0]} ${op.path}`]);
  }
  const seconds = (Date.now() - started) / 1000;
  t.comment(`sent ${sent} requests to ${ops.length} operations in ${seconds.toFixed(1)} s; problems ${JSON.stringify(counts)}`);
  t.comment(`slowest operations (ms): ${JSON.stringify(timings.sort((x, y) => y[0] - x[0]).slice(0, 6))}`);
  for (const e of examples) t.comment(e);
  t.equal(counts.serverError, 0, 'no 5xx');
  t.equal(counts.undeclared, 0, 'every status declared');
  t.equal(counts.shape, 0, 'every error in the plane body');
  t.equal(counts.oversized, 0, 'every error body under 64 KB');
});
