/**
 * Every operation maps to exactly one API key scope (issue 30, src/tenancy/scopes.ts): each
 * operation spec.json describes behind the API key, each route the compat mount registers (its 501
 * catch-all groups aside) and the MCP endpoint's routes have an entry for their plane, and the
 * table names no operation that is not served. A new route without a scope fails here.
 */
import t from 'tap';
import Fastify from 'fastify';
import { buildTestApp } from '../../helpers/app.js';
import { mcpOperations } from '../../../plugins/mcp/index.js';
import authPlugin from '../../../plugins/auth.js';
import compatPlugin from '../../../plugins/compat/index.js';
import { OPERATION_SCOPES, SCOPES } from '../../../src/tenancy/scopes.js';

t.test('every native, compat and MCP operation has exactly one scope; no stale entries', async (t) => {
  const { app } = await buildTestApp(t);
  const served = new Map<string, Set<string>>();
  const serve = (plane: string, operationId: string) => served.set(operationId, (served.get(operationId) ?? new Set()).add(plane));

  const spec = (await app.inject({ url: '/api/v1/spec.json' })).json() as {
    paths: Record<string, Record<string, { operationId: string; security?: unknown[]; tags?: string[] }>>;
  };
  for (const [path, byMethod] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(byMethod)) {
      // The console (cookie) and the public routes (provider webhooks: security []) take no API key.
      if (op.tags?.includes('console') || (Array.isArray(op.security) && op.security.length === 0)) continue;
      t.ok(
        OPERATION_SCOPES[op.operationId]?.planes.includes('native'),
        `native ${method.toUpperCase()} ${path} (${op.operationId}) has a scope`,
      );
      serve('native', op.operationId);
    }

  // The compat routes as registered (not only those the contract lists).
  const probe = Fastify({ logger: false });
  const routes: { url: string; method: string | string[]; schema?: { operationId?: string } }[] = [];
  probe.addHook('onRoute', (route) => void routes.push(route));
  const s = app.services;
  await probe.register(authPlugin, { services: { apiKeys: s.tenancy.apiKeys, agentSessions: s.tenancy.agentSessions, cache: s.cache } });
  await probe.register(compatPlugin, { prefix: '/compat/api/v3.1', services: s });
  await probe.ready();
  await probe.close();
  let catchAlls = 0;
  for (const r of routes) {
    const operationId = r.schema?.operationId;
    if (!operationId) {
      // A 501 group answers every method at its root and below.
      t.ok([r.method].flat().length > 3, `compat ${String(r.method)} ${r.url}: only the 501 catch-all groups have no operation`);
      catchAlls++;
      continue;
    }
    t.ok(OPERATION_SCOPES[operationId]?.planes.includes('compat'), `compat ${String(r.method)} ${r.url} (${operationId}) has a scope`);
    serve('compat', operationId);
  }
  t.ok(catchAlls > 0 && routes.length - catchAlls >= 40, 'the probe saw the compat routes');

  for (const op of Object.values(mcpOperations)) {
    t.ok(OPERATION_SCOPES[op.operationId]?.planes.includes('mcp'), `mcp ${op.operationId} has a scope`);
    serve('mcp', op.operationId);
  }

  for (const [operationId, entry] of Object.entries(OPERATION_SCOPES)) {
    t.ok((SCOPES as readonly string[]).includes(entry.scope), `${operationId}: a known scope`);
    t.same([...(served.get(operationId) ?? [])].sort(), [...entry.planes].sort(), `${operationId} is served on exactly its planes`);
  }
});
