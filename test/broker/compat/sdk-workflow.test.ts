/**
 * Contract test with the real official client (@composio/core 0.19.0, pinned) pointed at an
 * in-process broker on loopback with the provider sandboxes: the whole agent workflow through the
 * SDK's own methods. No request may leave loopback (telemetry and the version check are off, and
 * a fetch guard refuses anything else), and any "Transform validation failed" (the SDK's sign
 * that a response does not match its schema) fails the test.
 */
import t from 'tap';
import { captureConsole, listeningBroker, loopbackOnlyFetch } from './helpers.js';

process.env.TELEMETRY_DISABLED = 'true';
process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
const { Composio, ComposioConnectedAccountNotFoundError } = await import('@composio/core');

/** The HTTP status an SDK call failed with (the client's APIError carries it). */
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (err: { status?: number }) => err.status,
  );

t.test('the official SDK runs the broker workflow on the compat mount', async (t) => {
  const b = await listeningBroker(t);
  const { escaped } = loopbackOnlyFetch(t);
  const logs = captureConsole(t);
  const composio = new Composio({
    apiKey: b.key,
    baseURL: `${b.origin}/compat`,
    allowTracking: false,
    disableVersionCheck: true,
    // Pinned versions are sent as toolkit_versions[hubspot]=v1.0.0 (bracket keys) and let
    // tools.execute run without dangerouslySkipVersionCheck.
    toolkitVersions: { hubspot: 'v1.0.0', acme: 'v1.0.0' },
  });

  // Discover.
  const toolkits = await composio.toolkits.get({});
  t.ok(
    toolkits.find((tk) => tk.slug === 'hubspot'),
    'hubspot is listed',
  );
  const hubspot = await composio.toolkits.get('hubspot');
  t.equal(hubspot.slug, 'hubspot');
  t.ok(hubspot.authConfigDetails && hubspot.authConfigDetails.length > 0, 'auth config details let authorize() create a config');
  t.equal(hubspot.meta.categories?.[0]?.slug, 'crm');
  const categories = await composio.toolkits.listCategories();
  t.ok(categories.items.some((c) => c.id === 'crm'));
  const tools = await composio.tools.getRawComposioTools({ toolkits: ['hubspot'] });
  t.equal(tools.length, 18, 'all 18 HubSpot tools (important=true never empties the list)');
  const create = await composio.tools.getRawComposioToolBySlug('HUBSPOT_CONTACTS_CREATE');
  t.equal(create.inputParameters?.type, 'object');
  t.equal(create.toolkit?.slug, 'hubspot');
  const searched = await composio.tools.getRawComposioTools({ search: 'create contact' });
  t.ok(
    searched.some((tool) => tool.slug === 'HUBSPOT_CONTACTS_CREATE'),
    'search finds the tool',
  );
  const bySlug = await composio.tools.getRawComposioTools({ tools: ['HUBSPOT_CONTACTS_LIST', 'HUBSPOT_DEALS_GET'] });
  t.same(bySlug.map((tool) => tool.slug).sort(), ['HUBSPOT_CONTACTS_LIST', 'HUBSPOT_DEALS_GET']);
  t.ok((await composio.tools.getToolsEnum()).includes('HUBSPOT_CONTACTS_CREATE'));

  // Auth config (managed).
  const ac = await composio.authConfigs.create('hubspot', { type: 'use_composio_managed_auth', name: 'HubSpot (managed)' });
  t.match(ac, { id: /^ac_/, authScheme: 'OAUTH2', isComposioManaged: true, toolkit: 'hubspot' });
  const listed = await composio.authConfigs.list({ toolkit: 'hubspot' });
  t.same(
    listed.items.map((a) => a.id),
    [ac.id],
  );
  t.equal((await composio.authConfigs.list({ toolkit: 'bitly' })).items.length, 0, 'toolkit filter is exact');
  const read = await composio.authConfigs.get(ac.id);
  t.match(read, { id: ac.id, status: 'ENABLED', toolkit: { slug: 'hubspot' }, isComposioManaged: true });

  // Connect a user by OAuth: follow redirect_url through the sandbox consent and the callback.
  const request = await composio.connectedAccounts.initiate('user-1', ac.id);
  t.match(request, { id: /^ca_/, status: 'INITIATED', redirectUrl: /^http:\/\/127\.0\.0\.1/ });
  const callback = await b.browserConsent(request.redirectUrl!);
  t.equal(callback.status, 200, 'the callback completes the connection');
  const active = await request.waitForConnection(15_000);
  t.match(active, {
    id: request.id,
    status: 'ACTIVE',
    isDisabled: false,
    toolkit: { slug: 'hubspot' },
    authConfig: { id: ac.id, isComposioManaged: true },
  });
  t.equal(active.state?.authScheme, 'OAUTH2');
  t.notMatch(JSON.stringify(active), /CN[A-Za-z0-9_-]{40,}/, 'no access token in the account');
  await t.rejects(
    composio.connectedAccounts.initiate('user-1', ac.id),
    { name: 'ComposioMultipleConnectedAccountsError' },
    'the ACTIVE filter is exact',
  );

  // Execute through the SDK's own tools.execute.
  const created = await composio.tools.execute('HUBSPOT_CONTACTS_CREATE', {
    userId: 'user-1',
    arguments: { properties: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' } },
  });
  t.equal(created.successful, true, JSON.stringify(created));
  t.equal(created.error, null);
  t.match(created.data, { id: String, properties: { email: 'ada@example.com' } });
  const list = await composio.tools.execute('HUBSPOT_CONTACTS_LIST', { connectedAccountId: request.id, arguments: { limit: 10 } });
  t.equal(list.successful, true);
  t.ok((list.data.results as unknown[]).length >= 1, 'the created contact is listed');
  const duplicate = await composio.tools.execute('HUBSPOT_CONTACTS_CREATE', {
    userId: 'user-1',
    arguments: { properties: { email: 'ada@example.com' } },
  });
  t.match(duplicate, { successful: false, error: /HTTP 409/ }, 'a provider error is successful=false with the reason');
  await t.rejects(
    composio.tools.execute('HUBSPOT_CONTACTS_LIST', { connectedAccountId: 'ca_unknownunknownunknow', arguments: {} }),
    ComposioConnectedAccountNotFoundError,
  );

  // The SDK's proxy call.
  const proxied = await composio.tools.proxyExecute({
    endpoint: '/crm/v3/objects/contacts',
    method: 'GET',
    connectedAccountId: request.id,
    parameters: [{ in: 'query', name: 'limit', value: 5 }],
  });
  t.equal(proxied.status, 200);
  t.ok(Array.isArray((proxied.data as { results?: unknown[] }).results));

  // A hosted connect link: the page sends the browser to the provider, then the callback.
  const link = await composio.connectedAccounts.link('user-2', ac.id, { callbackUrl: 'https://app.example/done' });
  t.match(link, { id: /^ca_/, status: 'INITIATED', redirectUrl: /\/connect\// });
  const page = await fetch(b.onBroker(link.redirectUrl!), { redirect: 'manual' });
  t.equal(page.status, 200, 'opening the link shows the page');
  const continued = await fetch(b.onBroker(link.redirectUrl!), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  t.equal(continued.status, 303, "the user's continue goes to the provider");
  const done = await b.browserConsent(continued.headers.get('location')!, 'yes', continued);
  t.equal(done.status, 302, 'the callback forwards to callbackUrl');
  t.match(done.headers.get('location'), /^https:\/\/app\.example\/done\?status=success/);
  t.match(await link.waitForConnection(15_000), { id: link.id, status: 'ACTIVE' });
  t.equal((await fetch(b.onBroker(link.redirectUrl!), { redirect: 'manual' })).status, 410, 'a used link is gone');

  // Credentials on a credential toolkit, straight through initiate's config.
  const acme = await composio.authConfigs.create('acme', { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} });
  const keyed = await composio.connectedAccounts.initiate('user-3', acme.id, {
    config: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'acme-secret-key-123456' } },
  });
  t.equal(keyed.status, 'ACTIVE');
  const keyedRead = await composio.connectedAccounts.get(keyed.id);
  t.match(keyedRead, { status: 'ACTIVE', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE' } } });
  t.notMatch(JSON.stringify(keyedRead), /acme-secret-key/);

  // Lists, disable / enable, refresh.
  const mine = await composio.connectedAccounts.list({ userIds: ['user-1', 'user-2'], statuses: ['ACTIVE'], orderBy: 'created_at' });
  t.same(mine.items.map((a) => a.id).sort(), [request.id, link.id].sort());
  await composio.connectedAccounts.disable(request.id);
  t.match(await composio.connectedAccounts.get(request.id), { status: 'INACTIVE', isDisabled: true });
  t.same(
    (await composio.connectedAccounts.list({ statuses: ['INACTIVE'] })).items.map((a) => a.id),
    [request.id],
  );
  await composio.connectedAccounts.enable(request.id);
  t.match(await composio.connectedAccounts.get(request.id), { status: 'ACTIVE', isDisabled: false });
  t.match(await composio.connectedAccounts.refresh(request.id), { id: request.id, status: 'ACTIVE' });

  // Revoke (raw client: core 0.19 has no wrapper) and delete.
  const revoked = await composio.getClient().post(`/api/v3.1/connected_accounts/${request.id}/revoke`, { body: {} });
  t.match(revoked, { revoked_tokens: ['access_token', 'refresh_token'], connected_account: { id: request.id, status: 'REVOKED' } });
  t.match(await composio.connectedAccounts.get(request.id), { status: 'REVOKED' });
  t.match(await composio.connectedAccounts.delete(request.id), { success: true });
  t.equal(await statusOf(composio.connectedAccounts.get(request.id)), 404);

  // Auth config updates and deletion.
  await composio.authConfigs.update(ac.id, { type: 'default', scopes: 'crm.objects.contacts.read' });
  await composio.authConfigs.disable(ac.id);
  t.match(await composio.authConfigs.get(ac.id), { status: 'DISABLED' });
  await composio.authConfigs.enable(ac.id);
  await composio.authConfigs.delete(ac.id);
  t.equal(await statusOf(composio.authConfigs.get(ac.id)), 404);

  if (process.env.SHOW_SDK_LOGS) t.comment(logs.lines.join('\n'));
  const transformFailures = logs.lines.filter((l) => /Transform validation failed|Unsupported auth scheme/.test(l));
  t.same(transformFailures, [], 'the SDK validated every response');
  t.same(escaped, [], 'no request left loopback');
});

t.test('toolkits.authorize() creates a managed config and a connection', async (t) => {
  const b = await listeningBroker(t);
  const { escaped } = loopbackOnlyFetch(t);
  const logs = captureConsole(t);
  const composio = new Composio({ apiKey: b.key, baseURL: `${b.origin}/compat/`, allowTracking: false, disableVersionCheck: true });
  const request = await composio.toolkits.authorize('user-9', 'bitly');
  t.match(request, { id: /^ca_/, redirectUrl: String });
  await b.browserConsent(request.redirectUrl!);
  t.match(await request.waitForConnection(15_000), { status: 'ACTIVE', toolkit: { slug: 'bitly' } });
  const again = await composio.toolkits.authorize('user-10', 'bitly');
  t.not(again.id, request.id, 'the existing config is reused for a new user');
  t.equal((await composio.authConfigs.list({ toolkit: 'bitly' })).items.length, 1);
  t.same(
    logs.lines.filter((l) => /Transform validation failed/.test(l)),
    [],
  );
  t.same(escaped, []);
});
