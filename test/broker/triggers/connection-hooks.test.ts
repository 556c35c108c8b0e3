/**
 * Connection health and trigger instances (issue 29): a connection that expires, is revoked or is
 * deleted disables its enabled instances by the system, each with one `trigger.disabled` event in
 * the transaction of the change; ACTIVE again (a refresh that works, a re-authorization) resumes
 * the ones the system disabled, never a user's disable; listeners are told each flip.
 */
import t from 'tap';
import { apiClient } from '../../helpers/api-client.js';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import type { IEvent } from '../../../src/db/entities/index.js';
import { composioPayload } from '../../../src/events/composio-payloads.js';

const shared = sharedBrokerWithSandboxes(t);

async function triggerEvents(b: Tenant): Promise<IEvent[]> {
  const rows = await b.app.services.eventRepos.events.list(b.projectId, { limit: 200 });
  return rows.filter((e) => e.type === 'trigger.disabled').reverse();
}

async function setUp(b: Tenant, entityId: string) {
  const api = apiClient(b.app, { key: b.key });
  const conn = await b.connectOAuth('hubspot', entityId);
  const make = async (triggerSlug: string) => {
    const res = await api.upsertTriggerInstance({ body: { triggerSlug, connectedAccountId: conn } });
    if (res.status !== 200) throw new Error(`upsert: HTTP ${res.status}`);
    return res.body.id;
  };
  const state = async (id: string) => {
    const res = await api.getTriggerInstance({ params: { triggerId: id } });
    if (res.status !== 200) throw new Error(`get: HTTP ${res.status}`);
    const { enabled, disabledBy, disabledReason } = res.body;
    return { enabled, disabledBy, disabledReason };
  };
  return { api, conn, make, state };
}

t.test(
  'expired: enabled instances disabled with connection_expired and one event each; recovered: resumed, a user disable stays',
  async (t) => {
    const b = await shared.tenant();
    const { api, conn, make, state } = await setUp(b, 'alice');
    const contact = await make('HUBSPOT_CONTACT_CREATED');
    const deal = await make('HUBSPOT_DEAL_CREATED');
    const mine = await make('HUBSPOT_COMPANY_CREATED');
    await api.updateTriggerInstance({ params: { triggerId: mine }, body: { enabled: false } });
    const told: string[] = [];
    t.teardown(
      b.app.services.triggerInstances.onChange((c) => c.instance.connectionId === conn && told.push(`${c.kind} ${c.instance.id}`)),
    );

    t.teardown(() => b.hubspot.control.tokenEndpoint('ok'));
    b.hubspot.control.tokenEndpoint('invalid_grant');
    t.match((await b.api('POST', `connectors/connections/${conn}/refresh`, {})).json(), { status: 'EXPIRED' });
    t.same(await state(contact), { enabled: false, disabledBy: 'system', disabledReason: 'connection_expired' });
    t.same(await state(deal), { enabled: false, disabledBy: 'system', disabledReason: 'connection_expired' });
    t.same(
      await state(mine),
      { enabled: false, disabledBy: 'user', disabledReason: 'user_disabled' },
      "the user's disable is left as it is",
    );

    let events = await triggerEvents(b);
    t.same(
      events.map((e) => [e.subjectId, e.data.reason]),
      [
        [contact, 'connection_expired'],
        [deal, 'connection_expired'],
      ],
      'one trigger.disabled per instance the system disabled, none for the one already off',
    );
    const view = await api.getTriggerInstance({ params: { triggerId: contact } });
    t.same(events[0]!.data, { ...(view.body as object), reason: 'connection_expired' }, 'data: the instance view and the reason');

    // What a compat (Composio V3) subscription is sent for it.
    const body = composioPayload({ version: 'V3' }, events[0]!, { id: 'msg_x' }, { orgId: 'org' }).body;
    t.match(body, {
      id: 'msg_x',
      type: 'composio.trigger.disabled',
      metadata: { project_id: b.projectId },
      data: {
        id: contact,
        connected_account_id: conn,
        trigger_name: 'HUBSPOT_CONTACT_CREATED',
        user_id: 'alice',
        trigger_config: { interval: 1 },
        disabled_at: /^\d{4}-/,
        disabled_reason: 'connection_expired',
      },
    });

    // Enabling needs the connection ACTIVE; upserting on it too.
    const enable = await api.updateTriggerInstance({ params: { triggerId: contact }, body: { enabled: true } });
    t.equal(enable.status, 400);
    t.match(enable.body, { message: /EXPIRED/ });
    t.equal((await api.upsertTriggerInstance({ body: { triggerSlug: 'HUBSPOT_CONTACT_CREATED', connectedAccountId: conn } })).status, 400);

    b.hubspot.control.tokenEndpoint('ok');
    t.match((await b.api('POST', `connectors/connections/${conn}/refresh`, {})).json(), { status: 'ACTIVE' });
    t.same(await state(contact), { enabled: true, disabledBy: null, disabledReason: null }, 'resumed');
    t.same(await state(deal), { enabled: true, disabledBy: null, disabledReason: null });
    t.same(
      await state(mine),
      { enabled: false, disabledBy: 'user', disabledReason: 'user_disabled' },
      'a user disable never resumes by itself',
    );
    events = await triggerEvents(b);
    t.equal(events.length, 2, 'resuming records no trigger.disabled');
    t.same(told, [`disabled ${contact}`, `disabled ${deal}`, `enabled ${contact}`, `enabled ${deal}`], 'listeners told after each commit');
  },
);

t.test('a user disable of a system-disabled instance makes it theirs: it does not resume', async (t) => {
  const b = await shared.tenant();
  const { api, conn, make, state } = await setUp(b, 'dora');
  const id = await make('HUBSPOT_CONTACT_CREATED');
  t.teardown(() => b.hubspot.control.tokenEndpoint('ok'));
  b.hubspot.control.tokenEndpoint('invalid_grant');
  await b.api('POST', `connectors/connections/${conn}/refresh`, {});
  t.match(await state(id), { enabled: false, disabledBy: 'system' });
  await api.updateTriggerInstance({ params: { triggerId: id }, body: { enabled: false } });
  t.match(await state(id), { enabled: false, disabledBy: 'user' });
  b.hubspot.control.tokenEndpoint('ok');
  await b.api('POST', `connectors/connections/${conn}/refresh`, {});
  t.match(await state(id), { enabled: false, disabledBy: 'user' });
  t.equal((await api.updateTriggerInstance({ params: { triggerId: id }, body: { enabled: true } })).status, 200, 'the user enables it');
  t.match(await state(id), { enabled: true, disabledBy: null });
});

t.test('a re-authorization after an expiry resumes; revoked and deleted disable with their reasons', async (t) => {
  const b = await shared.tenant();
  const { conn, make, state } = await setUp(b, 'erin');
  const id = await make('HUBSPOT_CONTACT_CREATED');
  b.hubspot.control.failNext(401, 2);
  await b.api('POST', 'connectors/proxy', { connectionId: conn, endpoint: '/crm/v3/objects/contacts', method: 'GET' });
  t.match(await state(id), { enabled: false, disabledReason: 'connection_expired' });
  const again = await b.app.services.connections.reauthorize(b.projectId, conn);
  t.equal((await b.consent(again.redirectUrl)).res.statusCode, 200);
  t.match(await state(id), { enabled: true, disabledBy: null }, 're-authorized: resumed');

  t.equal((await b.api('POST', `connectors/connections/${conn}/revoke`)).statusCode, 200);
  t.same(await state(id), { enabled: false, disabledBy: 'system', disabledReason: 'connection_revoked' });

  const other = await setUp(b, 'fay');
  const second = await other.make('HUBSPOT_DEAL_CREATED');
  t.equal((await b.api('DELETE', `connectors/connections/${other.conn}`)).statusCode, 200);
  t.same(await other.state(second), { enabled: false, disabledBy: 'system', disabledReason: 'connection_deleted' });
  t.same(
    (await triggerEvents(b)).map((e) => [e.subjectId, e.data.reason]),
    [
      [id, 'connection_expired'],
      [id, 'connection_revoked'],
      [second, 'connection_deleted'],
    ],
  );
});
