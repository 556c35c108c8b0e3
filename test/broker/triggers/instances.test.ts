/**
 * Trigger instances over the native API (issue 29): upsert by connection or entity (the same
 * trigger, connection and config give the same instance, re-enabled if disabled), every refusal
 * named, list filters and paging, update and delete, tenancy, and the listeners told after commit.
 */
import t from 'tap';
import { apiClient } from '../../helpers/api-client.js';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import type { TestContext } from '../../helpers/app.js';
import type { TriggerInstanceChange } from '../../../src/triggers/trigger-instance-service.js';

const shared = sharedBrokerWithSandboxes(t);
const CONTACT_CREATED = 'HUBSPOT_CONTACT_CREATED';

/** The changes listeners are told for this tenant's instances, as [kind, id]. */
function changesOf(t: TestContext, b: Tenant) {
  const seen: [string, string][] = [];
  const stop = b.app.services.triggerInstances.onChange((c: TriggerInstanceChange) => {
    if (c.instance.projectId === b.projectId) seen.push([c.kind, c.instance.id]);
  });
  t.teardown(stop);
  return seen;
}

t.test('upsert: same trigger, connection and config is the same instance, by connection id or entity; defaults applied', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const seen = changesOf(t, b);
  const conn = await b.connectOAuth('hubspot', 'alice');

  const first = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: conn } });
  t.equal(first.status, 200);
  if (first.status !== 200) return;
  t.match(first.body, {
    id: /^ti_/,
    created: true,
    triggerSlug: CONTACT_CREATED,
    toolkitSlug: 'hubspot',
    connectedAccountId: conn,
    entityId: 'alice',
    enabled: true,
    disabledAt: null,
    disabledBy: null,
    config: {
      interval: 1,
      properties: ['email', 'firstname', 'lastname', 'phone', 'company', 'lifecyclestage', 'createdate', 'lastmodifieddate'],
    },
  });
  const id = first.body.id;

  const again = await api.upsertTriggerInstance({
    body: { triggerSlug: CONTACT_CREATED, connectedAccountId: conn, config: { interval: 1 } },
  });
  t.match(again.body, { id, created: false }, 'the default written out is the same config');
  const byEntity = await api.upsertTriggerInstance({
    body: { triggerSlug: 'hubspot_contact_created', entityId: 'alice', config: { properties: first.body.config.properties, interval: 1 } },
  });
  t.match(byEntity.body, { id, created: false }, "by entity (the user's ACTIVE connection), any case, keys in any order");

  const other = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, entityId: 'alice', config: { interval: 0.5 } } });
  t.match(other.body, { created: true, config: { interval: 0.5 } });
  t.not(other.status === 200 && other.body.id, id, 'another config: another instance');

  const got = await api.getTriggerInstance({ params: { triggerId: id } });
  t.match(got, { status: 200, body: { id, enabled: true } });
  await new Promise((resolve) => setImmediate(resolve));
  t.same(
    seen.map(([kind]) => kind),
    ['enabled', 'enabled'],
    'listeners told each new instance once, not the matches',
  );
});

t.test('refusals: unknown trigger 404 naming it; every config problem named; other toolkit, other project, no connection', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const hubspot = await b.connectOAuth('hubspot', 'bob');
  const bitly = await b.connectOAuth('bitly', 'bob');

  const unknown = await api.upsertTriggerInstance({ body: { triggerSlug: 'GITHUB_COMMIT_EVENT', connectedAccountId: hubspot } });
  t.equal(unknown.status, 404);
  t.match(unknown.body, { code: 'NOT_FOUND', message: /GITHUB_COMMIT_EVENT/ });

  const bad = await api.upsertTriggerInstance({
    body: { triggerSlug: CONTACT_CREATED, connectedAccountId: hubspot, config: { interval: 'often', properties: 'email', colour: 'red' } },
  });
  t.equal(bad.status, 400);
  t.match(bad.body, { code: 'BAD_REQUEST', message: /interval/ });
  const message = bad.status === 400 ? bad.body.message : '';
  t.match(message, /properties/);
  t.match(message, /colour|additional/);

  const wrongToolkit = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: bitly } });
  t.equal(wrongToolkit.status, 400);
  t.match(wrongToolkit.body, { message: /is for bitly, not hubspot/ });

  const stranger = await shared.tenant();
  const theirs = await stranger.connectOAuth('hubspot', 'bob');
  const otherProject = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: theirs } });
  t.equal(otherProject.status, 403, "another project's connection is not permitted");

  const nobody = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, entityId: 'carol' } });
  t.equal(nobody.status, 400);
  t.match(nobody.body, { message: /carol.*no ACTIVE hubspot connection/ });
  const neither = await api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED } });
  t.equal(neither.status, 400);

  const mismatch = await b.app.inject({
    method: 'POST',
    url: '/compat/api/v3.1/trigger_instances/HUBSPOT_CONTACT_CREATED/upsert',
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ user_id: 'someone-else', connected_account_id: hubspot }),
  });
  t.equal(mismatch.statusCode, 400, 'a connection of another user than user_id is refused');

  const bitlyNoGroup = await api.upsertTriggerInstance({ body: { triggerSlug: 'BITLY_SHORTLINK_CREATED', connectedAccountId: bitly } });
  t.equal(bitlyNoGroup.status, 400);
  t.match(bitlyNoGroup.body, { message: /group_guid/ }, 'a required config value is named');
  const list = await api.listTriggerInstances({ query: { showDisabled: true } });
  t.match(list.body, { items: [], total: 0 }, 'nothing was made');
});

t.test('list filters, paging; disable by the user, show_disabled, upsert re-enables; config change, 409, delete; tenancy', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const seen = changesOf(t, b);
  const alice = await b.connectOAuth('hubspot', 'alice');
  const bob = await b.connectOAuth('hubspot', 'bob');
  const up = async (
    body: Parameters<typeof api.upsertTriggerInstance>[0] extends infer I ? (I extends { body: infer B } ? B : never) : never,
  ) => {
    const res = await api.upsertTriggerInstance({ body });
    if (res.status !== 200) throw new Error(`upsert: HTTP ${res.status}`);
    return res.body;
  };
  const a1 = await up({ triggerSlug: CONTACT_CREATED, connectedAccountId: alice });
  const a2 = await up({ triggerSlug: 'HUBSPOT_DEAL_CREATED', connectedAccountId: alice });
  const b1 = await up({ triggerSlug: CONTACT_CREATED, connectedAccountId: bob });

  const ids = async (
    query: Parameters<typeof api.listTriggerInstances>[0] extends infer I ? (I extends { query?: infer Q } ? Q : never) : never,
  ) => {
    const res = await api.listTriggerInstances({ query });
    if (res.status !== 200) throw new Error(`list: HTTP ${res.status}`);
    return res.body.items.map((i) => i.id);
  };
  t.same(await ids({}), [a1.id, a2.id, b1.id], 'oldest first');
  t.same(await ids({ triggerNames: 'hubspot_contact_created' }), [a1.id, b1.id], 'trigger names in any case');
  t.same(await ids({ connectedAccountIds: `${bob}` }), [b1.id]);
  t.same(await ids({ entityIds: 'alice' }), [a1.id, a2.id]);
  t.same(await ids({ triggerIds: `${a2.id},${b1.id}` }), [a2.id, b1.id]);
  t.same(await ids({ authConfigIds: a1.authConfigId }), [a1.id, a2.id, b1.id]);
  t.same(await ids({ authConfigIds: 'ac_none' }), []);

  const pages: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await api.listTriggerInstances({ query: { limit: 2, ...(cursor ? { cursor } : {}) } });
    if (res.status !== 200) throw new Error('list');
    t.equal(res.body.total, 3);
    pages.push(...res.body.items.map((i) => i.id));
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  t.same(pages, [a1.id, a2.id, b1.id], 'pages of 2 give each once');
  t.equal((await api.listTriggerInstances({ query: { cursor: 'bogus' } })).status, 400);

  const off = await api.updateTriggerInstance({ params: { triggerId: a1.id }, body: { enabled: false } });
  t.match(off.body, { enabled: false, disabledBy: 'user', disabledReason: 'user_disabled', disabledAt: /^\d{4}-/ });
  t.same(await ids({}), [a2.id, b1.id], 'disabled ones are left out');
  t.same(await ids({ showDisabled: true }), [a1.id, a2.id, b1.id]);
  const back = await up({ triggerSlug: CONTACT_CREATED, connectedAccountId: alice });
  t.match(
    back,
    { id: a1.id, created: false, enabled: true, disabledBy: null, disabledReason: null, disabledAt: null },
    'upsert re-enables',
  );

  const changed = await api.updateTriggerInstance({ params: { triggerId: a1.id }, body: { config: { interval: 2 } } });
  t.match(changed.body, { id: a1.id, config: { interval: 2, properties: a1.config.properties } });
  const badConfig = await api.updateTriggerInstance({ params: { triggerId: a1.id }, body: { config: { interval: -1 } } });
  t.equal(badConfig.status, 400);
  const a3 = await up({ triggerSlug: CONTACT_CREATED, connectedAccountId: alice, config: { interval: 3 } });
  const clash = await b.app.inject({
    method: 'PATCH',
    url: `/api/v1/trigger_instances/${a3.id}`,
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ config: { interval: 2 } }),
  });
  t.equal(clash.statusCode, 409, 'two instances of one connection never share a config');
  t.match(clash.json(), { message: new RegExp(a1.id) });

  const stranger = await shared.tenant();
  const theirs = apiClient(stranger.app, { key: stranger.key });
  t.equal((await theirs.getTriggerInstance({ params: { triggerId: a1.id } })).status, 403, 'another project is not permitted');
  t.equal((await theirs.updateTriggerInstance({ params: { triggerId: a1.id }, body: { enabled: false } })).status, 403);
  t.equal((await theirs.deleteTriggerInstance({ params: { triggerId: a1.id } })).status, 403);
  t.match((await theirs.listTriggerInstances({ query: { showDisabled: true } })).body, { items: [], total: 0 });

  t.match(await api.deleteTriggerInstance({ params: { triggerId: a1.id } }), { status: 200, body: { deleted: true } });
  t.equal((await api.getTriggerInstance({ params: { triggerId: a1.id } })).status, 404);
  t.equal((await api.deleteTriggerInstance({ params: { triggerId: a1.id } })).status, 404);
  await new Promise((resolve) => setImmediate(resolve));
  t.same(
    seen.filter(([, id]) => id === a1.id).map(([kind]) => kind),
    ['enabled', 'disabled', 'enabled', 'config', 'deleted'],
    'the listener is told each change of the instance, in order',
  );
});

t.test('concurrent upserts of the same trigger, connection and config make one instance', async (t) => {
  const b = await shared.tenant();
  const api = apiClient(b.app, { key: b.key });
  const conn = await b.connectOAuth('hubspot', 'gus');
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => api.upsertTriggerInstance({ body: { triggerSlug: CONTACT_CREATED, connectedAccountId: conn } })),
  );
  const ids = new Set(answers.map((a) => (a.status === 200 ? a.body.id : `HTTP ${a.status}`)));
  t.equal(ids.size, 1, 'one id for all');
  t.equal(answers.filter((a) => a.status === 200 && a.body.created).length, 1, 'created once');
  t.match((await api.listTriggerInstances({ query: { showDisabled: true } })).body, { total: 1 });
});
