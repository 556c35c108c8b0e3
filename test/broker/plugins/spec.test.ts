import t from 'tap';
import { validate, compileErrors } from '@readme/openapi-parser';
import { buildTestApp } from '../../helpers/app.js';

/** Spec section 4: each operation with the statuses other than 200 it must describe. */
export const OPERATIONS: [method: string, path: string, statuses: number[]][] = [
  ['post', '/api/v1/connectors/{slug}/initiate', [400, 401, 403, 404, 408, 500]],
  ['post', '/api/v1/connectors/{slug}/connect', [400, 401, 403, 404, 408, 500]],
  ['post', '/api/v1/connectors/proxy', [400, 401, 403, 404, 408, 500]],
  ['get', '/api/v1/connectors/connections', [401, 403]],
  ['get', '/api/v1/connectors/connections/{connectionId}', [401, 403, 404]],
  ['delete', '/api/v1/connectors/connections/{connectionId}', [401, 403, 404]],
  ['post', '/api/v1/connectors/connections/{connectionId}/refresh', [400, 401, 403, 404, 408, 500]],
  ['post', '/api/v1/connectors/connections/{connectionId}/revoke', [400, 401, 403, 404, 408, 500]],
  ['get', '/api/v1/toolkits', [401, 403]],
  ['get', '/api/v1/toolkits/{slug}', [401, 403, 404]],
  ['get', '/api/v1/tools', [401, 403]],
  ['get', '/api/v1/tools/{slug}', [401, 403, 404]],
  ['post', '/api/v1/tools/{slug}/execute', [400, 401, 403, 404, 408, 500]],
  ['post', '/api/v1/auth_configs', [400, 401]],
];

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
}

t.test('spec.json is valid OpenAPI 3.1.1, version 0.1.0, public', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ url: '/api/v1/spec.json' });
  t.equal(res.statusCode, 200);
  const doc = res.json();
  t.equal(doc.openapi, '3.1.1');
  t.equal(doc.info.version, '0.1.0');
  const result = await validate(structuredClone(doc));
  if (!result.valid) t.fail(compileErrors(result));
  else t.pass('valid according to @readme/openapi-parser');
  t.same(doc.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'x-api-key' });
  t.same(doc.security, [{ apiKey: [] }]);
  t.ok(doc.components.schemas.ErrorBody, 'error body is a shared component');

  for (const [method, path, statuses] of OPERATIONS) {
    const op = doc.paths?.[path]?.[method] as Operation | undefined;
    if (!op) {
      t.fail(`${method.toUpperCase()} ${path} is missing from spec.json`);
      continue;
    }
    t.ok(op.responses['200'], `${method} ${path}: 200 described`);
    for (const status of statuses) {
      const schema = JSON.stringify(op.responses[String(status)]?.content?.['application/json']?.schema ?? null);
      t.match(schema, /ErrorBody/, `${method} ${path}: ${status} uses the error body`);
    }
  }
  const described = Object.keys(doc.paths);
  t.notOk(
    described.some((p) => p.startsWith('/compat') || p === '/healthz' || p === '/metrics' || p.startsWith('/console')),
    'only the native API and the console plane are described',
  );
  // The console plane is for people: its own tag, the session cookie, never the API key; the error body too.
  t.same(doc.components.securitySchemes.consoleSession, { type: 'apiKey', in: 'cookie', name: 'broker_session' });
  const consolePaths = described.filter((p) => p.startsWith('/api/v1/console/'));
  t.ok(consolePaths.includes('/api/v1/console/orgs/{organizationId}/projects/{projectId}/api-keys'), 'the api-keys route');
  for (const path of consolePaths) {
    for (const [method, op] of Object.entries(doc.paths[path] as Record<string, Operation & { tags?: string[] }>)) {
      t.same(op.tags, ['console'], `${method} ${path}: tagged console`);
      // Sign-up, sign-in and invitation previews are open (security []); everything else wants the cookie.
      const security = JSON.stringify(op.security);
      t.ok(security === '[]' || security === '[{"consoleSession":[]}]', `${method} ${path}: cookie or open, never apiKey`);
      if (security === '[]') t.match(path, /\/auth\/|\/invitations\//, `${method} ${path}: open only for accounts`);
      const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      for (const status of errors) {
        const schema = JSON.stringify(op.responses[status]?.content?.['application/json']?.schema ?? null);
        t.match(schema, /ErrorBody/, `${method} ${path}: ${status} uses the error body`);
      }
    }
  }
});

t.test('bodies a route accepts absent (refresh, revoke, execute) are optional in spec.json; the others required', async (t) => {
  const { app } = await buildTestApp(t);
  const spec = (await app.inject({ url: '/api/v1/spec.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
  };
  const body = (path: string, method = 'post') => spec.paths[path]?.[method]?.requestBody?.required;
  t.equal(body('/api/v1/connectors/connections/{connectionId}/refresh'), false);
  t.equal(body('/api/v1/connectors/connections/{connectionId}/revoke'), false);
  t.equal(body('/api/v1/tools/{slug}/execute'), false);
  t.equal(body('/api/v1/connectors/proxy'), true);
  t.equal(body('/api/v1/auth_configs'), true);
});
