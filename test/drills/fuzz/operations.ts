/**
 * The operations the fuzz test drives, derived, never listed by hand: the native ones from
 * GET /api/v1/spec.json (path, parameters, body schema, declared statuses), the compat ones from
 * the compat plugin's own route schemas (captured with an onRoute hook on a probe instance that
 * registers the same plugin over the same services), checked against the live app's routes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import authPlugin from '../../../plugins/auth.js';
import compatPlugin from '../../../plugins/compat/index.js';

export interface Operation {
  plane: 'native' | 'compat';
  /** Fastify-style path (`/api/v1/tools/:slug`). */
  path: string;
  /** One method, or several for the compat catch-all groups (answered 501 whatever the method). */
  methods: string[];
  paramNames: string[];
  query?: unknown;
  body?: unknown;
  /** Statuses the operation declares (spec.json responses; compat: its route schema's). */
  declared: Set<number>;
  resolve: (ref: string) => unknown;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

export async function nativeOperations(app: FastifyInstance): Promise<Operation[]> {
  const spec = (await app.inject({ method: 'GET', url: '/api/v1/spec.json' })).json() as OpenApiDocument;
  const components = spec.components?.schemas ?? {};
  const resolve = (ref: string) => components[ref.replace('#/components/schemas/', '')];
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = op.parameters ?? [];
      const queryProps = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]));
      ops.push({
        plane: 'native',
        path: path.replace(/\{([^}]+)\}/g, ':$1'),
        methods: [method.toUpperCase()],
        paramNames: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: { type: 'object', properties: queryProps },
        body: op.requestBody?.content?.['application/json']?.schema,
        declared: new Set(Object.keys(op.responses).map(Number)),
        resolve,
      });
    }
  }
  return ops;
}

interface CapturedRoute {
  url: string;
  method: string | string[];
  schema?: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };
}

/** The compat routes as the compat plugin declares them, registered on a probe over the app's services. */
export async function compatOperations(app: FastifyInstance): Promise<Operation[]> {
  const probe = Fastify({ logger: false });
  const routes: CapturedRoute[] = [];
  probe.addHook('onRoute', (route) => void routes.push(route as CapturedRoute));
  const s = app.services;
  await probe.register(authPlugin, { services: { apiKeys: s.tenancy.apiKeys, agentSessions: s.tenancy.agentSessions, cache: s.cache } });
  await probe.register(compatPlugin, { prefix: '/compat/api/v3.1', services: s });
  await probe.ready();
  await probe.close();
  const byPath = new Map<string, Operation>();
  for (const r of routes) {
    const methods = [r.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) continue;
    // Catch-all groups (every method) are one operation each; a real route is one per method.
    const keys = methods.length > 3 ? [methods] : methods.map((m) => [m]);
    for (const ms of keys) {
      const key = `${ms.join(',')} ${r.url}`;
      byPath.set(key, {
        plane: 'compat',
        path: r.url,
        methods: ms,
        paramNames: [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!),
        query: r.schema?.querystring,
        body: r.schema?.body,
        declared: new Set(Object.keys(r.schema?.response ?? {}).map(Number)),
        resolve: () => ({}),
      });
    }
  }
  return [...byPath.values()];
}

/** `METHOD path` of every route of the live app under `prefix` (from printRoutes), for the coverage check. */
export function liveRoutes(app: FastifyInstance, prefix: string): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    // printRoutes shows a wildcard child without the slash before it (`/group` then `*`).
    const segment = m[2]!;
    stack.push(segment === '*' && !stack.join('').endsWith('/') ? '/*' : segment);
    const path = stack.join('').replace(/^\/\//, '/');
    if (!m[3] || !path.startsWith(prefix)) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.add(`${method} ${path}`);
  }
  return out;
}
