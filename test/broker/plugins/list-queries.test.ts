/**
 * Spec 4: list operations answer 401/403 only, so an unknown query parameter is ignored (never 400
 * and never a hidden filter), and limit/offset are optional parameters with defaults.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';

// One broker for the file, a tenant per subtest.
const shared = sharedBrokerWithSandboxes(t);

const LISTS = ['/api/v1/toolkits', '/api/v1/tools', '/api/v1/connectors/connections', '/api/v1/auth_configs'];

t.test('unknown query parameters on list operations are ignored', async (t) => {
  const b = await shared.tenant();
  const connectionId = await b.connectOAuth('hubspot');
  for (const path of LISTS) {
    const plain = await b.api('GET', `${path}?limit=5`);
    const extra = await b.api('GET', `${path}?limit=5&utm_source=newsletter&page_token=x&ids=nope&includeDisabled=true&search_fields=x`);
    t.equal(extra.statusCode, 200, `${path}: 200 with unknown parameters (${extra.body.slice(0, 200)})`);
    t.same(extra.json(), plain.json(), `${path}: the unknown parameters change nothing`);
  }
  const list = (await b.api('GET', '/api/v1/connectors/connections?ids=ca_other')).json() as { items: { id: string }[] };
  t.same(
    list.items.map((c) => c.id),
    [connectionId],
    'an internal filter name in the query is not a filter',
  );
  // Known parameters are still validated.
  t.equal((await b.api('GET', '/api/v1/toolkits?limit=0')).statusCode, 400);
});

t.test('limit and offset are optional in spec.json, with their defaults', async (t) => {
  const b = await shared.tenant();
  const doc = (await b.app.inject({ url: '/api/v1/spec.json' })).json() as {
    paths: Record<string, { get: { parameters: { name: string; in: string; required?: boolean; schema: { default?: unknown } }[] } }>;
  };
  for (const path of LISTS) {
    const params = doc.paths[path]!.get.parameters;
    for (const [name, value] of [
      ['limit', 50],
      ['offset', 0],
    ] as const) {
      const p = params.find((x) => x.name === name && x.in === 'query');
      t.ok(p, `${path}: ${name} described`);
      t.notOk(p?.required, `${path}: ${name} is optional`);
      t.equal(p?.schema.default, value, `${path}: ${name} defaults to ${value}`);
    }
  }
  const page = (await b.api('GET', '/api/v1/tools')).json() as { items: unknown[]; total: number };
  t.equal(page.items.length, Math.min(50, page.total), 'no limit: the default page size');
});
