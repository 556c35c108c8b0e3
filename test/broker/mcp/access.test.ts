/**
 * Who may use the MCP endpoint and as whom: keys (x-api-key, Bearer, bad, revoked), the entity
 * and project scope, connect links when the entity has no connection, the HTTP shell (405, 400),
 * and two broker instances on one database answering one client in turn.
 */
import t from 'tap';
import { createProjectWithKey, buildTestApp } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { connectClient, mcpBroker, mcpUrl, textOf } from './helpers.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const ACCEPT = 'application/json, text/event-stream';

t.test('keys: Bearer or x-api-key; missing, bad and revoked keys are 401 before any MCP processing', async (t) => {
  const b = await mcpBroker(t);
  const post = (headers: Record<string, string>, url = mcpUrl(b.origin, { entityId: 'u', toolkits: 'hubspot' }).toString()) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body: LIST });

  const viaHeader = await post({ 'x-api-key': b.key });
  t.equal(viaHeader.status, 200);
  t.equal(((await viaHeader.json()) as { result: { tools: unknown[] } }).result.tools.length, 18);
  t.equal((await post({ authorization: `Bearer ${b.key}` })).status, 200);

  for (const [name, headers] of [
    ['no key', {}],
    ['bad bearer', { authorization: 'Bearer cb_live_not-a-key' }],
    ['bad header', { 'x-api-key': 'cb_live_not-a-key' }],
    ['basic scheme', { authorization: `Basic ${b.key}` }],
  ] as const) {
    const res = await post(headers);
    t.equal(res.status, 401, name);
    t.match(res.headers.get('www-authenticate'), /^Bearer/);
    t.match(await res.json(), { defined: true, code: 'UNAUTHORIZED', status: 401 }, `${name}: the native error body`);
  }
  const noEntity = await post({ 'x-api-key': b.key }, `${b.origin}/mcp`);
  t.equal(noEntity.status, 400);
  t.match(await noEntity.json(), { code: 'BAD_REQUEST', message: /entityId/ });
  t.equal((await post({}, `${b.origin}/mcp`)).status, 401, 'the key is checked first');

  const notJsonRpc = await fetch(mcpUrl(b.origin, { entityId: 'u' }), {
    method: 'POST',
    headers: { 'x-api-key': b.key, 'content-type': 'application/json', accept: ACCEPT },
    body: JSON.stringify({ hello: 'world' }),
  });
  t.equal(notJsonRpc.status, 400);
  t.match(await notJsonRpc.json(), { jsonrpc: '2.0', id: null, error: { code: -32600 } });
  for (const method of ['GET', 'DELETE']) {
    const res = await fetch(mcpUrl(b.origin, { entityId: 'u' }), { method, headers: { 'x-api-key': b.key, accept: ACCEPT } });
    t.equal(res.status, 405, method);
    t.match(await res.json(), { jsonrpc: '2.0', error: { code: -32000, message: /Method not allowed/ } });
  }

  // A connected SDK client stops at once when its key is revoked.
  const client = await connectClient(t, b.origin, b.key, { toolkits: 'hubspot' });
  t.equal((await client.listTools()).tools.length, 18);
  await b.app.services.tenancy.apiKeys.revoke(OPERATOR, b.apiKeyId);
  await t.rejects(client.listTools(), /401|Unauthorized/i, 'revoked: the next request is refused');
  await t.rejects(connectClient(t, b.origin, b.key), /401|Unauthorized/i, 'and no new session starts');
});

t.test('no connection: a connect link that works, then the call succeeds', async (t) => {
  const b = await mcpBroker(t);
  const client = await b.client({ toolkits: 'hubspot,bitly', entityId: 'new-user' });

  const noConfig = await client.callTool({ name: 'BITLY_GET_GROUPS', arguments: {} });
  t.equal(noConfig.isError, true);
  t.match(textOf(noConfig), /no auth config for Bitly/);

  t.equal((await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).statusCode, 200);
  const first = await client.callTool({ name: 'HUBSPOT_CONTACTS_LIST', arguments: { limit: 5 } });
  t.equal(first.isError, true);
  const text = textOf(first);
  const m = /^Open (http:\/\/127\.0\.0\.1:3000\/connect\/\S+) to connect HubSpot, then try again\./.exec(text);
  t.ok(m, text);
  t.match(first.structuredContent, { connectionRequired: true, connectUrl: m?.[1] });

  // The user opens the link (the page), continues to HubSpot's consent, approves, back at the broker.
  const linkPath = new URL(m![1]!).pathname;
  t.equal((await b.app.inject({ method: 'GET', url: linkPath })).statusCode, 200);
  const page = await b.app.inject({
    method: 'POST',
    url: linkPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  t.equal(page.statusCode, 303);
  // The browser that continued the link finishes it (its cookie binds the attempt, plugins/connect).
  const { res } = await b.consent(page.headers.location as string, 'yes', page);
  t.equal(res.statusCode, 200, res.body);

  const second = await client.callTool({ name: 'HUBSPOT_CONTACTS_LIST', arguments: { limit: 5 } });
  t.notOk(second.isError, textOf(second));
  t.match(second.structuredContent, { results: Array });
  const conns = (await b.api('GET', 'connectors/connections?entityId=new-user')).json() as { items: { status: string }[] };
  t.same(
    conns.items.map((c) => c.status),
    ['ACTIVE'],
    'one connection, made through the link',
  );
});

t.test("another project's entity sees nothing of this project's connections", async (t) => {
  const b = await mcpBroker(t);
  await b.api('POST', 'auth_configs', {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth2',
    isManaged: true,
    restrictToTools: ['HUBSPOT_CONTACTS_GET'],
  });
  const connectionId = await b.connectOAuth('hubspot', 'shared-user');
  const mine = await b.client({ toolkits: 'hubspot', entityId: 'shared-user' });
  t.same(
    (await mine.listTools()).tools.map((x) => x.name),
    ['HUBSPOT_CONTACTS_GET'],
  );

  const other = await createProjectWithKey(b.app, 'other');
  const theirs = await connectClient(t, b.origin, other.key, { toolkits: 'hubspot', entityId: 'shared-user' });
  t.equal((await theirs.listTools()).tools.length, 18, "not narrowed by this project's auth config");
  const res = await theirs.callTool({ name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId: '1' } });
  t.equal(res.isError, true);
  t.match(res.structuredContent, { connectionRequired: true, reason: 'no_auth_config' });
  t.notMatch(JSON.stringify(res), connectionId);
});

t.test('two instances on one database answer the calls of one client in turn', async (t) => {
  const b = await mcpBroker(t);
  const second = await buildTestApp(t, {
    db: b.db,
    env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG },
  });
  const origins = [b.origin, await second.app.listen({ port: 0, host: '127.0.0.1' })];
  const served = [0, 0];
  let turn = 0;
  // Each request of the one client goes to the next instance, as a round-robin balancer would send it.
  const alternate = (input: string | URL, init?: RequestInit) => {
    const i = turn++ % 2;
    served[i]!++;
    const url = new URL(input);
    return fetch(`${origins[i]}${url.pathname}${url.search}`, init);
  };
  await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  const client = await connectClient(t, b.origin, b.key, { toolkits: 'hubspot', fetch: alternate });
  t.equal((await client.listTools()).tools.length, 18);
  const early = await client.callTool({ name: 'HUBSPOT_CONTACTS_CREATE', arguments: { properties: { email: 'x@example.com' } } });
  t.match(textOf(early), /Open .* to connect HubSpot/);

  await b.connectOAuth('hubspot', 'user-1');
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const created = await client.callTool({ name: 'HUBSPOT_CONTACTS_CREATE', arguments: { properties: { email: `c${i}@example.com` } } });
    t.notOk(created.isError, textOf(created));
    ids.push((created.structuredContent as { id: string }).id);
  }
  for (const id of ids) {
    const got = await client.callTool({ name: 'HUBSPOT_CONTACTS_GET', arguments: { contactId: id } });
    t.match(got.structuredContent, { id });
  }
  t.ok(served[0]! >= 5 && served[1]! >= 5, `both instances answered (${served.join(' / ')})`);
});
