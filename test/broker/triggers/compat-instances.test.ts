/**
 * Compat trigger instances (events-and-triggers.md section 1): the v3.1 shapes of upsert,
 * listActive (snake_case and camelCase on each item), manage and delete, and @composio/core's
 * triggers.create, listActive, disable, enable and delete unchanged against the compat mount;
 * realtime subscribe() stays 501 and says to use webhooks.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { captureConsole, COMPAT, loopbackOnlyFetch } from '../compat/helpers.js';

const shared = sharedBrokerWithSandboxes(t);

t.test('raw v3.1 shapes: upsert {trigger_id}, active page and items, manage {status}, delete {trigger_id}, errors', async (t) => {
  const b = await shared.tenant();
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
    const res = await b.app.inject({
      method,
      url: `${COMPAT}${path}`,
      headers: { 'x-api-key': b.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const conn = await b.connectOAuth('hubspot', 'alice');

  const made = await call('POST', '/trigger_instances/HUBSPOT_CONTACT_CREATED/upsert', {
    user_id: 'alice',
    trigger_config: { interval: 2 },
    toolkit_versions: 'latest',
  });
  t.equal(made.status, 200);
  t.match(made.body, { trigger_id: /^ti_/ });
  const id = made.body.trigger_id as string;
  const same = await call('POST', '/trigger_instances/HUBSPOT_CONTACT_CREATED/upsert', {
    user_id: 'alice',
    connected_account_id: conn,
    trigger_config: { interval: 2 },
  });
  t.same(same.body, { trigger_id: id }, 'the same trigger, connection and config: the same instance');

  const page = await call('GET', `/trigger_instances/active?user_ids=alice&trigger_names=hubspot_contact_created&limit=9999`);
  t.equal(page.status, 200);
  t.match(page.body, { total_items: 1, total_pages: 1, current_page: 1, next_cursor: null });
  const item = (page.body.items as Record<string, unknown>[])[0]!;
  t.match(item, {
    id,
    connected_account_id: conn,
    connectedAccountId: conn,
    disabled_at: null,
    disabledAt: null,
    state: {},
    trigger_config: { interval: 2 },
    triggerConfig: { interval: 2 },
    trigger_name: 'HUBSPOT_CONTACT_CREATED',
    triggerName: 'HUBSPOT_CONTACT_CREATED',
    updated_at: /^\d{4}-/,
    updatedAt: item.updated_at,
    user_id: 'alice',
    version: /./,
  });

  t.same((await call('PATCH', `/trigger_instances/manage/${id}`, { status: 'disable' })).body, { status: 'success' });
  t.match((await call('GET', '/trigger_instances/active')).body, { items: [], total_items: 0 }, 'disabled: not active');
  const shown = await call('GET', '/trigger_instances/active?show_disabled=true');
  t.match((shown.body.items as Record<string, unknown>[])[0], { id, disabled_at: /^\d{4}-/, disabledAt: /^\d{4}-/ });
  t.same((await call('PATCH', `/trigger_instances/manage/${id}`, { status: 'enable' })).body, { status: 'success' });
  t.match((await call('GET', `/trigger_instances/active?trigger_ids=${id}`)).body, { total_items: 1 });

  const unknown = await call('POST', '/trigger_instances/NOPE_TRIGGER/upsert', { user_id: 'alice' });
  t.equal(unknown.status, 404);
  t.match(unknown.body, { error: { status: 404, message: /NOPE_TRIGGER/ } });
  const badConfig = await call('POST', '/trigger_instances/HUBSPOT_CONTACT_CREATED/upsert', {
    user_id: 'alice',
    trigger_config: { interval: 0 },
  });
  t.equal(badConfig.status, 400);
  t.match(badConfig.body, { error: { status: 400, message: /interval/ } });
  t.equal((await call('PATCH', '/trigger_instances/manage/ti_nope', { status: 'disable' })).status, 404);
  t.equal((await call('PATCH', `/trigger_instances/manage/${id}`, { status: 'pause' })).status, 400);

  t.same((await call('DELETE', `/trigger_instances/manage/${id}`)).body, { trigger_id: id });
  t.equal((await call('DELETE', `/trigger_instances/manage/${id}`)).status, 404);

  const realtime = await b.app.inject({
    method: 'GET',
    url: '/compat/api/v3/internal/sdk/realtime/credentials',
    headers: { 'x-api-key': b.key },
  });
  t.equal(realtime.statusCode, 501);
  t.match(realtime.json(), { error: { status: 501, suggested_fix: /webhook/i } }, 'realtime points to webhooks');
});

t.test("@composio/core's triggers.create, listActive, disable, enable and delete work unchanged against the compat mount", async (t) => {
  const b = await shared.tenant();
  const conn = await b.connectOAuth('hubspot', 'sdk-user');
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const { escaped } = loopbackOnlyFetch(t);
  const logs = captureConsole(t);
  process.env.TELEMETRY_DISABLED = 'true';
  process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
  const { Composio } = await import('@composio/core');
  const composio = new Composio({
    apiKey: b.key,
    baseURL: `${origin}/compat`,
    allowTracking: false,
    disableVersionCheck: true,
    toolkitVersions: { hubspot: 'v1.0.0' },
  });

  const created = await composio.triggers.create('sdk-user', 'HUBSPOT_CONTACT_CREATED', { triggerConfig: { interval: 1 } });
  t.match(created, { triggerId: /^ti_/ });
  const again = await composio.triggers.create('sdk-user', 'HUBSPOT_CONTACT_CREATED', {
    connectedAccountId: conn,
    triggerConfig: { interval: 1 },
  });
  t.same(again, created, 'create is an upsert');
  const deal = await composio.triggers.create('sdk-user', 'HUBSPOT_DEAL_CREATED', { connectedAccountId: conn });

  const active = await composio.triggers.listActive({ connectedAccountIds: [conn] });
  t.same(
    active.items.map((i) => i.id),
    [created.triggerId, deal.triggerId],
  );
  t.match(active.items[0], {
    id: created.triggerId,
    connectedAccountId: conn,
    disabledAt: null,
    triggerName: 'HUBSPOT_CONTACT_CREATED',
    triggerConfig: { interval: 1 },
  });
  t.equal(active.nextCursor, null);

  t.match(await composio.triggers.disable(created.triggerId), { status: 'success' });
  t.same(
    (await composio.triggers.listActive({ triggerNames: ['hubspot_contact_created'] })).items,
    [],
    'a disabled instance is not active',
  );
  const withDisabled = await composio.triggers.listActive({ triggerIds: [created.triggerId], showDisabled: true });
  t.match(withDisabled.items[0], { id: created.triggerId, disabledAt: /^\d{4}-/ });
  t.match(await composio.triggers.enable(created.triggerId), { status: 'success' });
  t.equal((await composio.triggers.listActive({ triggerIds: [created.triggerId] })).items.length, 1);

  t.same(await composio.triggers.delete(deal.triggerId), { triggerId: deal.triggerId });
  t.same(
    (await composio.triggers.listActive({ showDisabled: true })).items.map((i) => i.id),
    [created.triggerId],
  );

  const missing = await composio.triggers.create('sdk-user', 'NOPE_TRIGGER').then(
    () => undefined,
    (err: unknown) => err,
  );
  t.ok(missing, 'an unknown trigger fails to create');

  const subscribed = await composio.triggers
    .subscribe(() => undefined)
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  t.ok(subscribed instanceof Error, 'realtime subscribe fails (501)');

  t.same(
    logs.lines.filter((l) => /Transform validation failed/.test(l)),
    [],
    'the SDK validated every response',
  );
  t.same(escaped, [], 'no request left loopback');
});
