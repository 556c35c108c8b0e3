/**
 * Trigger types over the API: the native listTriggerTypes / getTriggerType (cursor paging, toolkit
 * filter, 404 naming the slug), the compat mount's /triggers_types routes in the v3.1 shape, and
 * @composio/core's triggers.listTypes / getType / listEnum unchanged against the compat mount.
 */
import t from 'tap';
import { apiClient, compatClient } from '../../helpers/api-client.js';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { captureConsole, loopbackOnlyFetch } from '../compat/helpers.js';

const shared = sharedBrokerWithSandboxes(t);

const HUBSPOT = ['HUBSPOT_COMPANY_CREATED', 'HUBSPOT_CONTACT_CREATED', 'HUBSPOT_CONTACT_UPDATED', 'HUBSPOT_DEAL_CREATED', 'HUBSPOT_DEAL_STAGE_CHANGED'];
const ALL = ['BITLY_SHORTLINK_CREATED', ...HUBSPOT];

t.test('native: list by slug with cursor paging and a toolkit filter; read one; unknown is 404', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });

  const all = await api.listTriggerTypes({});
  t.equal(all.status, 200);
  if (all.status !== 200) return;
  t.same(
    all.body.items.map((i) => i.slug),
    ALL,
  );
  t.equal(all.body.nextCursor, null);

  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.listTriggerTypes({ query: { limit: 4, ...(cursor ? { cursor } : {}) } });
    if (page.status !== 200) throw new Error(`listTriggerTypes answered ${page.status}`);
    t.ok(page.body.items.length <= 4);
    seen.push(...page.body.items.map((i) => i.slug));
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  t.same(seen, ALL, 'pages of 4 give every type once, in order');

  const hubspot = await api.listTriggerTypes({ query: { toolkit: 'hubspot' } });
  if (hubspot.status === 200) t.same(hubspot.body.items.map((i) => i.slug), HUBSPOT);
  const none = await api.listTriggerTypes({ query: { toolkit: 'nope' } });
  if (none.status === 200) t.same(none.body, { items: [], nextCursor: null }, 'an unknown toolkit has none');
  const badCursor = await api.listTriggerTypes({ query: { cursor: 'not-ours' } });
  t.equal(badCursor.status, 400);

  const one = await api.getTriggerType({ params: { slug: 'HUBSPOT_DEAL_STAGE_CHANGED' } });
  t.equal(one.status, 200);
  if (one.status === 200) {
    t.match(one.body, {
      slug: 'HUBSPOT_DEAL_STAGE_CHANGED',
      type: 'poll',
      version: 'v1.0.0',
      toolkit: 'hubspot',
      instructions: /interval/,
      config: { type: 'object', properties: { interval: { type: 'number' } } },
      payload: { type: 'object', properties: { propertiesWithHistory: { type: 'object' } } },
      webhookSubscriptions: [{ type: 'deal.propertyChange', propertyName: 'dealstage' }],
    });
    t.notOk('poll' in one.body, 'how the broker polls stays inside');
  }
  const bitly = await api.getTriggerType({ params: { slug: 'BITLY_SHORTLINK_CREATED' } });
  if (bitly.status === 200) t.same(bitly.body.webhookSubscriptions, [], 'polled only');

  const missing = await api.getTriggerType({ params: { slug: 'HUBSPOT_TICKET_CREATED' } });
  t.equal(missing.status, 404);
  if (missing.status === 404) {
    t.match(missing.body, { code: 'NOT_FOUND', status: 404, message: 'Trigger type HUBSPOT_TICKET_CREATED not found' });
  }
});

t.test('the toolkits count their trigger files (native and compat)', async (t) => {
  const b = await shared.tenant();
  const hubspot = await apiClient(b.app, { key: b.key }).getToolkit({ params: { slug: 'hubspot' } });
  if (hubspot.status === 200) t.equal(hubspot.body.triggersCount, 5);
  const bitly = await compatClient(b.app, { key: b.key }).getToolkit({ params: { slug: 'bitly' } });
  t.match(bitly.body, { meta: { triggers_count: 1 } });
});

t.test('compat: /triggers_types list, read and enum in the v3.1 shapes', async (t) => {
  const b = await shared.tenant();
  const compat = compatClient(b.app, { key: b.key });

  const list = await compat.listTriggerTypes({ query: { toolkit_slugs: 'hubspot,BITLY', toolkit_versions: 'latest' } });
  t.equal(list.status, 200);
  t.match(list.body, { current_page: 1, total_items: 6, total_pages: 1, next_cursor: null });
  t.same(
    (list.body.items as { slug: string }[]).map((i) => i.slug),
    ALL,
  );
  const first = await compat.listTriggerTypes({ query: { limit: '5' } });
  t.match(first.body, { total_items: 6, total_pages: 2, current_page: 1, next_cursor: String });
  const second = await compat.listTriggerTypes({ query: { limit: '5', cursor: first.body.next_cursor ?? '' } });
  t.match(second.body, { current_page: 2, next_cursor: null });
  t.same(
    (second.body.items as { slug: string }[]).map((i) => i.slug),
    ['HUBSPOT_DEAL_STAGE_CHANGED'],
  );
  const onlyHubspot = await compat.listTriggerTypes({ query: { toolkit_slugs: 'hubspot' } });
  t.equal(onlyHubspot.body.total_items, 5);

  const one = await compat.getTriggerType({ params: { slug: 'HUBSPOT_CONTACT_CREATED' } });
  t.equal(one.status, 200);
  t.same(Object.keys(one.body).sort(), ['config', 'description', 'instructions', 'name', 'payload', 'slug', 'toolkit', 'type', 'version']);
  t.match(one.body, { type: 'poll', version: 'v1.0.0', toolkit: { slug: 'hubspot', name: 'HubSpot', logo: /^https:/ } });
  t.equal((await compat.getTriggerType({ params: { slug: 'hubspot_contact_created' } })).status, 200, 'slugs are case-insensitive');

  const missing = await b.app.inject({ method: 'GET', url: '/compat/api/v3.1/triggers_types/GITHUB_COMMIT_EVENT', headers: { 'x-api-key': b.key } });
  t.equal(missing.statusCode, 404);
  t.match(missing.json(), { error: { status: 404, message: /GITHUB_COMMIT_EVENT/ } });

  const active = await b.app.inject({ method: 'GET', url: '/compat/api/v3.1/trigger_instances/active', headers: { 'x-api-key': b.key } });
  t.equal(active.statusCode, 200, 'instances are bound (test/broker/triggers/)');

  const enumAnswer = await compat.listTriggerTypeEnum({});
  t.same(enumAnswer.body, ALL);
});

t.test("@composio/core's triggers.listTypes, getType and listEnum work unchanged against the compat mount", async (t) => {
  const b = await shared.tenant();
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const { escaped } = loopbackOnlyFetch(t);
  const logs = captureConsole(t);
  process.env.TELEMETRY_DISABLED = 'true';
  process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
  const { Composio, ComposioTriggerTypeNotFoundError } = await import('@composio/core');
  // Pinned versions go out as toolkit_versions[hubspot]=v1.0.0 (bracket keys), which the routes accept and ignore.
  const composio = new Composio({
    apiKey: b.key,
    baseURL: `${origin}/compat`,
    allowTracking: false,
    disableVersionCheck: true,
    toolkitVersions: { hubspot: 'v1.0.0' },
  });

  const listed = await composio.triggers.listTypes({ toolkits: ['hubspot'] });
  t.same(
    listed.items.map((i) => i.slug),
    HUBSPOT,
  );
  t.equal(listed.totalPages, 1);
  const paged = await composio.triggers.listTypes({ limit: 4 });
  t.equal(paged.items.length, 4);
  t.type(paged.nextCursor, 'string');
  const rest = await composio.triggers.listTypes({ limit: 4, cursor: paged.nextCursor! });
  t.same(
    [...paged.items, ...rest.items].map((i) => i.slug),
    ALL,
  );

  const type = await composio.triggers.getType('BITLY_SHORTLINK_CREATED');
  t.match(type, { slug: 'BITLY_SHORTLINK_CREATED', toolkit: { slug: 'bitly', name: 'Bitly' }, config: { required: ['group_guid'] } });
  t.ok((await composio.triggers.listEnum()).includes('HUBSPOT_DEAL_CREATED'));
  const missing = await composio.triggers.getType('NOPE_TRIGGER').then(
    () => undefined,
    (err: unknown) => err,
  );
  t.ok(missing, 'an unknown slug fails');
  if (ComposioTriggerTypeNotFoundError && missing instanceof ComposioTriggerTypeNotFoundError) t.pass('as ComposioTriggerTypeNotFoundError');
  else t.match(missing, { status: 404 }, 'with the 404');

  t.same(
    logs.lines.filter((l) => /Transform validation failed/.test(l)),
    [],
    'the SDK validated every response',
  );
  t.same(escaped, [], 'no request left loopback');
});
