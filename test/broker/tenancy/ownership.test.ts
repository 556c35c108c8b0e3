/**
 * Another project's resource (spec sections 5 and 7): an API key is told 403 FORBIDDEN "API key
 * not permitted for this resource" for a connection, auth config, trigger instance, webhook
 * subscription or event that exists in another project, on native and compat reads and writes,
 * and nothing of it changes; an id no project has stays 404.
 */
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';
import { newId } from '../../../src/ids.js';

const shared = sharedBrokerWithSandboxes(t);
const COMPAT = '/compat/api/v3.1';

t.test("another project's resources answer 403 on every plane; unknown ids 404", async (t) => {
  const mine = await shared.tenant();
  const theirs = await shared.tenant();
  const { app } = mine;
  const as = (key: string) => (method: string, url: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const owner = as(theirs.key);
  const me = as(mine.key);
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`setup failed: ${r.statusCode} ${r.body}`);
    return r.json();
  };

  // Their resources.
  const connection = await theirs.connectOAuth('hubspot', 'bob');
  const authConfig = (
    await ok(owner('POST', '/api/v1/auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', ...CUSTOM_CLIENTS.hubspot }))
  ).authConfigId as string;
  const subscription = (await ok(owner('POST', '/api/v1/webhook_subscriptions', { url: 'https://example.com/hook' }))).id as string;
  const trigger = (
    await ok(owner('POST', '/api/v1/trigger_instances', { triggerSlug: 'HUBSPOT_CONTACT_CREATED', connectedAccountId: connection }))
  ).id as string;
  const event = (await ok(owner('GET', '/api/v1/events?limit=1'))).items[0].id as string;
  const eventType = (await ok(owner('GET', `${COMPAT}/webhook_subscriptions/event_types`))).items[0].event_type as string;
  const compatSubscription = (
    await ok(owner('POST', `${COMPAT}/webhook_subscriptions`, { webhook_url: 'https://example.com/c', enabled_events: [eventType] }))
  ).id as string;

  const attempts: [string, string, string, unknown?][] = [
    ['native', 'GET', `/api/v1/connectors/connections/${connection}`],
    ['native', 'DELETE', `/api/v1/connectors/connections/${connection}`],
    ['native', 'POST', `/api/v1/connectors/connections/${connection}/refresh`],
    ['native', 'POST', `/api/v1/connectors/connections/${connection}/revoke`],
    ['native', 'POST', '/api/v1/tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: connection, arguments: {} }],
    ['native', 'POST', '/api/v1/connectors/proxy', { connectionId: connection, endpoint: '/crm/v3/objects/contacts', method: 'GET' }],
    ['native', 'GET', `/api/v1/auth_configs/${authConfig}`],
    ['native', 'DELETE', `/api/v1/auth_configs/${authConfig}`],
    ['native', 'POST', '/api/v1/connectors/hubspot/initiate', { entityId: 'x', authConfigId: authConfig }],
    ['native', 'GET', `/api/v1/webhook_subscriptions/${subscription}`],
    ['native', 'DELETE', `/api/v1/webhook_subscriptions/${subscription}`],
    ['native', 'POST', `/api/v1/webhook_subscriptions/${subscription}/rotate_secret`],
    ['native', 'GET', `/api/v1/webhook_subscriptions/${subscription}/deliveries`],
    ['native', 'POST', `/api/v1/events/${event}/redeliver`],
    ['native', 'GET', `/api/v1/trigger_instances/${trigger}`],
    ['native', 'DELETE', `/api/v1/trigger_instances/${trigger}`],
    ['native', 'POST', '/api/v1/trigger_instances', { triggerSlug: 'HUBSPOT_CONTACT_CREATED', connectedAccountId: connection }],
    ['compat', 'GET', `${COMPAT}/connected_accounts/${connection}`],
    ['compat', 'DELETE', `${COMPAT}/connected_accounts/${connection}`],
    ['compat', 'POST', `${COMPAT}/connected_accounts/${connection}/refresh`],
    ['compat', 'POST', `${COMPAT}/tools/execute/HUBSPOT_CONTACTS_LIST`, { connected_account_id: connection, arguments: {} }],
    ['compat', 'GET', `${COMPAT}/auth_configs/${authConfig}`],
    ['compat', 'DELETE', `${COMPAT}/auth_configs/${authConfig}`],
    ['compat', 'GET', `${COMPAT}/webhook_subscriptions/${compatSubscription}`],
    ['compat', 'DELETE', `${COMPAT}/webhook_subscriptions/${compatSubscription}`],
    ['compat', 'DELETE', `${COMPAT}/trigger_instances/manage/${trigger}`],
  ];
  for (const [plane, method, url, body] of attempts) {
    const res = await me(method, url, body);
    t.equal(res.statusCode, 403, `${plane} ${method} ${url}: 403 (${res.body.slice(0, 200)})`);
    if (plane === 'native') t.match(res.json(), { code: 'FORBIDDEN', status: 403, message: 'API key not permitted for this resource' });
    else t.match(res.json(), { error: { status: 403, message: 'API key not permitted for this resource' } });
  }

  // Nothing of theirs changed; their own key still reaches all of it.
  t.match(await ok(owner('GET', `/api/v1/connectors/connections/${connection}`)), { id: connection, status: 'ACTIVE' });
  for (const url of [
    `/api/v1/auth_configs/${authConfig}`,
    `/api/v1/webhook_subscriptions/${subscription}`,
    `/api/v1/trigger_instances/${trigger}`,
  ])
    t.equal((await owner('GET', url)).statusCode, 200, `${url} is still theirs`);
  t.equal((await owner('GET', `${COMPAT}/webhook_subscriptions/${compatSubscription}`)).statusCode, 200);

  // Ids no project holds stay 404, in each plane's body.
  for (const [url, plane] of [
    [`/api/v1/connectors/connections/${newId('con')}`, 'native'],
    [`/api/v1/auth_configs/${newId('ac')}`, 'native'],
    [`/api/v1/webhook_subscriptions/${newId('whs')}`, 'native'],
    [`/api/v1/trigger_instances/${newId('ti')}`, 'native'],
    [`${COMPAT}/connected_accounts/${newId('con')}`, 'compat'],
  ] as const) {
    const res = await me('GET', url);
    t.equal(res.statusCode, 404, `${url}: 404`);
    if (plane === 'compat') t.match(res.json(), { error: { status: 404 } });
  }
});
