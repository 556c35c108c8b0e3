/**
 * Scoped API keys and their expiry (issue 30): the console's creation body takes `scopes` and
 * `expiresAt` and lists them; a call outside a key's scopes is 403 naming the missing scope on the
 * native API, the compat mount and /mcp (tools:read to list, tools:execute to call); an expired key
 * is 401 at once; keys made without scopes hold them all.
 */
import t from 'tap';
import { buildTestApp } from '../../helpers/app.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { firstOwner } from './org-fixtures.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';
import { SCOPES } from '../../../src/tenancy/scopes.js';

const ACCEPT = 'application/json, text/event-stream';

t.test('the console creates a key with scopes and an expiry, lists them, refuses bad ones', async (t) => {
  const clock = manualClock();
  const { app } = await buildTestApp(t, { clock });
  const { owner, organizationId, projectId } = await firstOwner(app);
  const url = `/orgs/${organizationId}/projects/${projectId}/api-keys`;
  const expiresAt = new Date(clock.now() + 3600_000).toISOString();

  const created = await owner.post(url, { name: 'reader', scopes: ['connections:read', 'tools:read'], expiresAt });
  t.equal(created.statusCode, 201, created.body);
  const { key, apiKey } = created.json();
  t.same(apiKey.scopes, ['tools:read', 'connections:read'], 'in the table order');
  t.equal(apiKey.expiresAt, expiresAt);
  const plain = (await owner.post(url, { name: 'everything' })).json();
  t.same(plain.apiKey.scopes, [...SCOPES], 'no scopes given: all of them');
  t.equal(plain.apiKey.expiresAt, null);
  const listed = (await owner.get(url)).json().items;
  t.match(listed, [
    { name: 'reader', scopes: ['tools:read', 'connections:read'], expiresAt },
    { name: 'everything', expiresAt: null },
  ]);

  for (const [body, field] of [
    [{ name: 'x', scopes: ['tools:write'] }, /scopes/],
    [{ name: 'x', scopes: [] }, /scopes/],
    [{ name: 'x', expiresAt: new Date(clock.now() - 1000).toISOString() }, /expiresAt must be in the future/],
    [{ name: 'x', expiresAt: 'tomorrow' }, /expiresAt/],
  ] as const) {
    const res = await owner.post(url, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.match(res.body, field);
  }

  const use = () => app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': key } });
  t.equal((await use()).statusCode, 200);
  clock.advance(3600_000 - 1);
  t.equal((await use()).statusCode, 200, 'until its expiry');
  clock.advance(1);
  const expired = await use();
  t.equal(expired.statusCode, 401, 'expired: refused at once');
  t.match(expired.json(), { code: 'UNAUTHORIZED', message: /expired/ });
});

t.test('outside its scopes a key gets 403 naming the scope, on every plane', async (t) => {
  const b = await brokerWithSandboxes(t);
  const connection = await b.connectOAuth('hubspot', 'user-1');
  const make = async (scopes: string[]) =>
    (await b.app.services.tenancy.apiKeys.create(OPERATOR, b.projectId, scopes.join(' '), { scopes })).key;
  const reader = await make(['tools:read']);
  const runner = await make(['tools:read', 'tools:execute']);

  // Native.
  t.equal((await b.api('GET', 'toolkits', undefined, reader)).statusCode, 200);
  for (const [method, url, body, scope] of [
    ['POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: connection }, 'tools:execute'],
    ['POST', 'connectors/proxy', { connectedAccountId: connection, endpoint: '/crm/v3/objects/contacts', method: 'GET' }, 'tools:execute'],
    ['GET', 'connectors/connections', undefined, 'connections:read'],
    ['POST', `connectors/connections/${connection}/revoke`, {}, 'connections:write'],
    ['GET', 'auth_configs', undefined, 'auth_configs:read'],
    ['POST', 'auth_configs', { slug: 'bitly', authMethodId: 'bitly_oauth2', isManaged: true }, 'auth_configs:write'],
    ['GET', 'webhook_subscriptions', undefined, 'webhooks:manage'],
    ['GET', 'events', undefined, 'events:read'],
    ['GET', 'trigger_instances', undefined, 'triggers:manage'],
    ['POST', 'agent_sessions', { entityId: 'user-1' }, 'sessions:create'],
  ] as const) {
    const res = await b.api(method, url, body, reader);
    t.equal(res.statusCode, 403, `${method} ${url}`);
    t.match(res.json(), { code: 'FORBIDDEN', message: `lacks the scope ${scope}` }, `${method} ${url} names ${scope}`);
  }
  t.match((await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: connection }, runner)).json(), {
    successful: true,
  });
  t.equal((await b.api('GET', `connectors/connections/${connection}`)).json().status, 'ACTIVE', 'the refused revoke changed nothing');

  // Compat.
  const compat = (method: 'GET' | 'POST', url: string, key: string, body?: unknown) =>
    b.app.inject({
      method,
      url: `/compat/api/v3.1${url}`,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  t.equal((await compat('GET', '/tools?toolkit_slug=hubspot', reader)).statusCode, 200);
  const compatRun = await compat('POST', '/tools/execute/HUBSPOT_CONTACTS_LIST', reader, {
    connected_account_id: connection,
    arguments: {},
  });
  t.equal(compatRun.statusCode, 403);
  t.match(compatRun.json(), { error: { message: /lacks the scope tools:execute/ } }, 'in the compat body');
  const compatList = await compat('GET', '/connected_accounts', reader);
  t.equal(compatList.statusCode, 403);
  t.match(compatList.body, /lacks the scope connections:read/);

  // MCP: tools:read lists, tools:execute calls; neither, no entry.
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const mcp = (key: string, method: string, params: object = {}) =>
    fetch(`${origin}/mcp?entityId=user-1&toolkits=hubspot`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
  t.equal((await mcp(reader, 'tools/list')).status, 200, 'tools:read lists');
  const call = await mcp(reader, 'tools/call', { name: 'HUBSPOT_CONTACTS_LIST', arguments: {} });
  t.equal(call.status, 403, 'tools:read cannot call');
  t.match(await call.json(), { code: 'FORBIDDEN', message: /lacks the scope tools:execute/ });
  const ran = await mcp(runner, 'tools/call', { name: 'HUBSPOT_CONTACTS_LIST', arguments: {} });
  t.equal(ran.status, 200);
  t.notOk(((await ran.json()) as { result: { isError?: boolean } }).result.isError);
  const writer = await make(['connections:write']);
  const none = await mcp(writer, 'tools/list');
  t.equal(none.status, 403);
  t.match(await none.json(), { message: /lacks the scope tools:read/ });
});
