import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { ListToolkitsQuery, ListToolsQuery, ToolApi, ToolkitApi, ToolkitListApi, ToolListApi } from '../../../src/catalog/catalog-api-schemas.js';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../../../src/catalog/catalog-loader.js';
import { createCatalogService } from '../../../src/catalog/catalog-service.js';
import { BrokerError } from '../../../src/errors.js';

const extra = fileURLToPath(new URL('../../fixtures/catalog-extra', import.meta.url));
const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, extra] });
const managed = new Set(['bitly']);
const service = createCatalogService({ catalog, isManagedClientConfigured: (slug) => managed.has(slug) });

t.test('toolkit shape is exactly spec 2.2', async (t) => {
  const hubspot = service.getToolkit('hubspot');
  t.ok(Value.Check(ToolkitApi, hubspot), 'matches the API schema');
  t.same(Object.keys(hubspot).sort(), [
    'authMethods', 'categories', 'description', 'name', 'noAuth', 'scopeStatus', 'scopes', 'slug', 'toolsCount', 'triggersCount', 'unknownScopeToolsCount',
  ]);
  t.equal(hubspot.toolsCount, 18);
  t.same(hubspot.scopes, [
    'crm.objects.companies.read', 'crm.objects.companies.write', 'crm.objects.contacts.read',
    'crm.objects.contacts.write', 'crm.objects.deals.read', 'crm.objects.deals.write',
  ]);
  t.equal(hubspot.scopeStatus, 'known');
  t.equal(hubspot.unknownScopeToolsCount, 0);
  t.same(hubspot.categories, [{ slug: 'crm', name: 'CRM' }]);
  // Spec 2.6: available, because a caller's own OAuth client always works; the missing managed client is reported apart.
  t.same(hubspot.authMethods, [{
    id: 'hubspot_oauth2', displayName: 'HubSpot OAuth 2.0', kind: 'oauth2', status: 'available', unavailableReason: null,
    managedClientConfigured: false, connectionFields: null,
  }]);
  const bitly = service.getToolkit('bitly');
  t.same(bitly.authMethods[0], {
    id: 'bitly_oauth2', displayName: 'Bitly OAuth 2.0', kind: 'oauth2', status: 'available', unavailableReason: null,
    managedClientConfigured: true, connectionFields: null,
  });
  t.same(bitly.scopes, [], 'Bitly has no scopes');
  t.equal(bitly.scopeStatus, 'known', 'empty scope arrays count as declared');
  t.equal(bitly.toolsCount, 91);
});

t.test('direct schemes are available; a tool without scopes makes scopeStatus unknown', async (t) => {
  const acme = service.getToolkit('acme');
  t.same(acme.authMethods.map((m) => [m.kind, m.status, m.unavailableReason, m.managedClientConfigured]), [['api_key', 'available', null, false], ['basic', 'available', null, false]]);
  t.equal(acme.scopeStatus, 'unknown', 'ACME_CREATE_WIDGET omits scopes');
  t.equal(acme.unknownScopeToolsCount, 1);
  managed.add('hubspot');
  t.equal(service.getToolkit('hubspot').authMethods[0].managedClientConfigured, true, 'managed clients are read per call');
  managed.delete('hubspot');
});

t.test('listToolkits: search, category, paging', async (t) => {
  const all = service.listToolkits({});
  t.ok(Value.Check(ToolkitListApi, all));
  t.same(all.items.map((x) => x.slug), ['acme', 'bitly', 'hubspot']);
  t.equal(all.total, 3);
  t.same(service.listToolkits({ search: 'HUB' }).items.map((x) => x.slug), ['hubspot'], 'case-insensitive slug/name substring');
  t.same(service.listToolkits({ search: 'widgets' }).items.map((x) => x.slug), ['acme'], 'matches the name');
  t.same(service.listToolkits({ category: 'marketing' }).items.map((x) => x.slug), ['bitly']);
  t.same(service.listToolkits({ category: 'mark' }).total, 0, 'category is an exact slug');
  const page = service.listToolkits({ limit: 1, offset: 1 });
  t.same([page.items.map((x) => x.slug), page.total], [['bitly'], 3]);
});

t.test('listTools and getTool', async (t) => {
  const list = service.listTools({ toolkit: 'hubspot', search: 'contcts create', limit: 3 });
  t.ok(Value.Check(ToolListApi, list));
  t.equal(list.items[0].slug, 'HUBSPOT_CONTACTS_CREATE');
  t.notOk('inputParameters' in list.items[0], 'no inputParameters in lists');
  t.same(Object.keys(list.items[0]).sort(), ['deprecated', 'description', 'name', 'slug', 'tags', 'toolkit', 'version']);
  t.equal(service.listTools({}).total, 111);
  const tool = service.getTool('HUBSPOT_CONTACTS_CREATE');
  t.ok(Value.Check(ToolApi, tool));
  t.match(tool, { slug: 'HUBSPOT_CONTACTS_CREATE', toolkit: 'hubspot', version: 'v1.0.0', tags: ['contacts'], deprecated: false });
  t.match(tool.inputParameters, { type: 'object', required: ['properties'], additionalProperties: false });
  t.throws(() => service.getTool('HUBSPOT_NOPE'), new BrokerError('NOT_FOUND', 'Tool HUBSPOT_NOPE not found'));
  t.throws(() => service.getToolkit('nope'), { code: 'NOT_FOUND', status: 404, message: 'Toolkit nope not found' });
});

t.test('query schemas carry the spec limits and defaults', async (t) => {
  t.same(Value.Default(ListToolkitsQuery, {}), { limit: 50, offset: 0 });
  t.same(Value.Default(ListToolsQuery, {}), { limit: 50, offset: 0 });
  t.notOk(Value.Check(ListToolkitsQuery, { limit: 201, offset: 0 }));
  t.ok(Value.Check(ListToolkitsQuery, { limit: 200, offset: 9007199254740991 }));
  t.notOk(Value.Check(ListToolsQuery, { limit: 501, offset: 0 }));
  t.ok(Value.Check(ListToolsQuery, { limit: 500, offset: 0 }));
  t.notOk(Value.Check(ListToolsQuery, { limit: 0, offset: 0 }));
});
