/**
 * The planes' declared operations (plugins/operations.ts, plugins/*\/contract.ts) are what the app
 * serves: each is registered at its method and URL, its key is its operationId, and the native and
 * console contracts are exactly the operations spec.json describes.
 */
import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { apiClient, compatClient, consoleClient } from '../../helpers/api-client.js';
import { signUp } from '../../helpers/console.js';
import { nativeContract } from '../../../plugins/native/contract.js';
import { compatContract } from '../../../plugins/compat/contract.js';
import { consoleContract } from '../../../plugins/console/contract.js';
import { mcpOperations } from '../../../plugins/mcp/index.js';
import type { OperationDeclaration } from '../../../plugins/operations.js';

const contracts: [name: string, prefix: string, operations: Record<string, OperationDeclaration>][] = [
  ['native', nativeContract.prefix, nativeContract.operations],
  ['compat', compatContract.prefix, compatContract.operations],
  ['console', consoleContract.prefix, consoleContract.operations],
  ['mcp', '', mcpOperations],
];

t.test('every declared operation is registered at its method and URL, named by its operationId', async (t) => {
  const { app } = await buildTestApp(t);
  for (const [plane, prefix, operations] of contracts) {
    for (const [key, op] of Object.entries(operations)) {
      t.equal(op.operationId, key, `${plane}: ${key} is listed under its operationId`);
      t.ok(app.hasRoute({ method: op.method, url: prefix + op.url }), `${plane}: ${op.method} ${prefix}${op.url} is registered`);
    }
  }
});

t.test('the native and console contracts are what spec.json describes, the console under its tag', async (t) => {
  const { app } = await buildTestApp(t);
  const spec = (await app.inject({ url: '/api/v1/spec.json' })).json() as {
    paths: Record<string, Record<string, { operationId: string; tags?: string[] }>>;
  };
  const described = (console: boolean) =>
    Object.entries(spec.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => (op.tags?.includes('console') ?? false) === console)
        .map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    );
  const declared = (contract: { prefix: string; operations: Record<string, OperationDeclaration> }) =>
    Object.values(contract.operations).map(
      (op) => `${op.operationId} ${op.method} ${contract.prefix}${op.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
    );
  t.same(described(false).sort(), declared(nativeContract).sort(), 'native');
  t.same(described(true).sort(), declared(consoleContract).sort(), 'console');
});

t.test('the typed clients call operations by name and type the answer by status', async (t) => {
  const { app } = await buildTestApp(t);
  const { key } = await createProjectWithKey(app);
  const api = apiClient(app, { key });
  const toolkit = await api.getToolkit({ params: { slug: 'hubspot' } });
  t.equal(toolkit.status, 200);
  if (toolkit.status === 200) t.equal(toolkit.body.slug, 'hubspot', 'the 200 body is the toolkit');
  const tools = await api.listTools({ query: { toolkit: 'hubspot', limit: 2 } });
  t.equal(tools.status, 200);
  if (tools.status === 200) t.equal(tools.body.items.length, 2, 'the query reached the route');
  const missing = await api.getToolkit({ params: { slug: 'no-such-toolkit' } });
  t.equal(missing.status, 404);
  if (missing.status === 404) t.equal(missing.body.code, 'NOT_FOUND', 'the 404 body is the error body');
  const refused = await apiClient(app, { key: 'not-a-key' }).listToolkits();
  t.equal(refused.status, 401);

  const compat = compatClient(app, { key });
  const slugs = await compat.listToolEnum();
  t.equal(slugs.status, 200);
  t.ok(slugs.status === 200 && slugs.body.includes('HUBSPOT_CONTACTS_LIST'), 'the compat mount answers under its prefix');

  const person = await signUp(app, 'ada@example.com');
  const consoleApi = consoleClient(app, person);
  const orgs = await consoleApi.consoleListOrganizations();
  t.equal(orgs.status, 200);
  const orgId = orgs.status === 200 ? orgs.body.items[0]!.id : '';
  t.equal(orgs.status === 200 && orgs.body.items[0]!.role, 'owner', 'the first person owns the first organization');
  const created = await consoleApi.consoleCreateProject({ params: { organizationId: orgId }, body: { name: 'Typed' } });
  t.equal(created.status, 201, 'a POST carries the CSRF token');
  if (created.status === 201) t.equal(created.body.name, 'Typed', 'the 201 body is the project');
  const unknown = await consoleApi.consoleGetProject({ params: { organizationId: orgId, projectId: 'no-such-project' } });
  t.equal(unknown.status, 404);
  if (unknown.status === 404) t.equal(unknown.body.code, 'NOT_FOUND', 'the 404 body is the error body');
  const signedOut = await consoleApi.consoleSignOut();
  t.equal(signedOut.status, 204);
  t.equal(signedOut.body, null, 'a 204 answers no body');
  t.equal((await consoleApi.consoleSession()).status, 401, 'the session ended');
});
