/** Compat toolkit and tool reads: the v3.1 shapes, filters and paging over the catalog. */
import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { assertMounted, COMPAT } from './helpers.js';

async function catalogBroker(t: Parameters<typeof buildTestApp>[0]) {
  const { app } = await buildTestApp(t, {
    env: { CATALOG_PATHS: EXTRA_CATALOG, MANAGED_OAUTH_CLIENTS: JSON.stringify({ hubspot: { clientId: 'c', clientSecret: 's' } }) },
  });
  assertMounted(app);
  const { key } = await createProjectWithKey(app);
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `${COMPAT}${path}`, headers: { 'x-api-key': key } });
    return { status: res.statusCode, body: res.json(), type: res.headers['content-type'] };
  };
  const post = async (path: string, body: unknown) =>
    (
      await app.inject({
        method: 'POST',
        url: `${COMPAT}${path}`,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    ).json();
  return { get, post };
}

t.test('toolkits: list (categories keyed id), read (keyed slug), filters, paging', async (t) => {
  const b = await catalogBroker(t);
  const list = await b.get('/toolkits');
  t.match(list.type, /application\/json/);
  t.same(
    list.body.items.map((i: { slug: string }) => i.slug),
    ['acme', 'bitly', 'hubspot'],
  );
  const hubspot = list.body.items.find((i: { slug: string }) => i.slug === 'hubspot');
  t.match(hubspot, {
    name: 'HubSpot',
    is_local_toolkit: false,
    auth_schemes: ['OAUTH2'],
    composio_managed_auth_schemes: ['OAUTH2'],
    no_auth: false,
    meta: { tools_count: 18, version: 'v1.0.0', categories: [{ id: 'crm', name: 'CRM' }], app_url: 'https://www.hubspot.com' },
  });
  t.match(
    list.body.items.find((i: { slug: string }) => i.slug === 'bitly'),
    { composio_managed_auth_schemes: [] },
    'no managed app configured',
  );
  t.same(
    (await b.get('/toolkits?category=crm')).body.items.map((i: { slug: string }) => i.slug),
    ['hubspot'],
  );
  t.same(
    (await b.get('/toolkits?managed_by=composio')).body.items.map((i: { slug: string }) => i.slug),
    ['hubspot'],
  );
  t.same((await b.get('/toolkits?managed_by=project')).body.items, [], 'no auth configs yet');
  await b.post('/auth_configs', { toolkit: { slug: 'hubspot' } });
  await b.post('/auth_configs', { toolkit: { slug: 'hubspot' } });
  t.same(
    (await b.get('/toolkits?managed_by=project')).body.items.map((i: { slug: string }) => i.slug),
    ['hubspot'],
    'each toolkit once',
  );
  t.same((await b.get('/toolkits?type=custom')).body.items, []);
  const first = (await b.get('/toolkits?limit=2')).body;
  t.equal(first.items.length, 2);
  t.match(first, { total_pages: 2, current_page: 1, total_items: 3, next_cursor: String });
  const second = (await b.get(`/toolkits?limit=2&cursor=${first.next_cursor}`)).body;
  t.same(
    second.items.map((i: { slug: string }) => i.slug),
    ['hubspot'],
  );
  t.equal(second.next_cursor, null);

  const detail = (await b.get('/toolkits/hubspot')).body;
  t.match(detail, {
    slug: 'hubspot',
    enabled: true,
    is_local_toolkit: false,
    composio_managed_auth: [{ mode: 'OAUTH2', scopes: { available: Array } }],
    meta: { categories: [{ slug: 'crm', name: 'CRM' }], available_versions: ['v1.0.0'] },
    auth_config_details: [
      {
        mode: 'OAUTH2',
        name: String,
        fields: { auth_config_creation: { required: [{ name: 'client_id', displayName: String, required: true }] } },
      },
    ],
  });
  const acme = (await b.get('/toolkits/acme')).body;
  t.match(acme.auth_config_details, [
    {
      mode: 'API_KEY',
      fields: { connected_account_initiation: { required: [{ name: 'api_key', is_secret: true, required: true, type: 'string' }] } },
    },
    {
      mode: 'BASIC',
      fields: {
        connected_account_initiation: {
          required: [
            { name: 'username', is_secret: false },
            { name: 'password', is_secret: true },
          ],
        },
      },
    },
  ]);
  t.equal((await b.get('/toolkits/nope')).status, 404);
  t.match((await b.get('/toolkits/categories')).body, { items: [{ id: 'crm', name: 'CRM' }], next_cursor: null });
  t.match((await b.get('/toolkits/changelog')).body, { items: [{ slug: 'acme', versions: [{ version: 'v1.0.0' }] }] });
  t.same(
    (await b.post('/toolkits/multi', { toolkits: ['hubspot', 'acme'] })).items.map((i: { slug: string }) => i.slug),
    ['acme', 'hubspot'],
  );
});

t.test('tools: strict v3.1 shape, filters, search, enum, scopes', async (t) => {
  const b = await catalogBroker(t);
  const tool = (await b.get('/tools/HUBSPOT_DEALS_SEARCH')).body;
  t.match(tool, {
    slug: 'HUBSPOT_DEALS_SEARCH',
    name: String,
    description: String,
    human_description: String,
    toolkit: { slug: 'hubspot', name: 'HubSpot' },
    version: 'v1.0.0',
    available_versions: ['v1.0.0'],
    tags: ['deals'],
    scopes: ['crm.objects.deals.read'],
    no_auth: false,
    is_deprecated: false,
    scope_requirements: { all_of: ['crm.objects.deals.read'] },
    input_parameters: { type: 'object', properties: Object },
    output_parameters: {},
  });
  t.equal(tool.toolkit.logo, 'https://www.hubspot.com/favicon.ico', 'the sample toolkit ships a logo, carried as a string');
  t.equal((await b.get('/tools/hubspot_deals_search')).body.slug, 'HUBSPOT_DEALS_SEARCH');
  t.equal((await b.get('/tools/NOPE')).status, 404);

  const byToolkits = (await b.get('/tools?toolkit_slug=hubspot%2Cacme&important=true&toolkit_versions=latest')).body;
  t.equal(byToolkits.items.length, 20);
  t.equal((await b.get('/tools?toolkit_slug=bitly')).body.items.length, 91);
  t.same((await b.get('/tools?toolkit_slug=hubspot&tags=companies')).body.items.map((i: { slug: string }) => i.slug).sort(), [
    'HUBSPOT_COMPANIES_ARCHIVE',
    'HUBSPOT_COMPANIES_CREATE',
    'HUBSPOT_COMPANIES_GET',
    'HUBSPOT_COMPANIES_LIST',
    'HUBSPOT_COMPANIES_SEARCH',
    'HUBSPOT_COMPANIES_UPDATE',
  ]);
  t.equal((await b.get('/tools?toolkit_slug=hubspot&scopes=crm.objects.deals.write')).body.items.length, 3);
  t.equal((await b.get('/tools?query=archive%20deal&limit=1')).body.items[0].slug, 'HUBSPOT_DEALS_ARCHIVE');
  t.equal((await b.get('/tools?search=archive%20deal&limit=1')).body.items[0].slug, 'HUBSPOT_DEALS_ARCHIVE');
  t.equal((await b.get('/tools?toolkit_slug=hubspot&toolkit_versions%5Bhubspot%5D=v1.0.0')).status, 200, 'bracket keys accepted');
  const paged = (await b.get('/tools?toolkit_slug=bitly&limit=50')).body;
  t.match(paged, { total_items: 91, total_pages: 2, next_cursor: String });
  t.equal((await b.get(`/tools?toolkit_slug=bitly&limit=50&cursor=${paged.next_cursor}`)).body.items.length, 41);

  const every = (await b.get('/tools/enum')).body;
  t.equal(every.length, 111);
  t.ok(every.includes('BITLY_CREATE_SHORTLINK'));
  const scopes = await b.post('/tools/scopes/required', { tools: ['HUBSPOT_DEALS_GET', 'HUBSPOT_DEALS_CREATE'] });
  t.same(scopes.scopes_required, ['crm.objects.deals.read', 'crm.objects.deals.write']);
  t.match(scopes.per_tool_requirements, [{ tool: 'HUBSPOT_DEALS_GET', scope_requirements: { all_of: ['crm.objects.deals.read'] } }]);
});
