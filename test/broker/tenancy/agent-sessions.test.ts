/**
 * Agent sessions (issue 30): a session for end user A runs A's tools on the native API and /mcp and
 * nothing else: never B's connections (by entityId or connection id, on any plane), no other route
 * (403), the session's tools only; expiry by the clock and revocation are 401 at once, revocation
 * also on a second instance sharing the database. The token is stored hashed and shown once.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { buildTestApp, createProjectWithKey, createTestDatabase } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { channelUp, nextDrop } from '../cache/helpers.js';
import { connectClient, textOf } from '../mcp/helpers.js';
import { AgentSession, AuditEntry } from '../../../src/db/entities/index.js';
import { hashApiKey } from '../../../src/tenancy/api-keys.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const ACCEPT = 'application/json, text/event-stream';
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

t.test('a session for A acts for A only, on every plane; every other route is 403', async (t) => {
  const b = await brokerWithSandboxes(t);
  const config = await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  const { authConfigId } = config.json() as { authConfigId: string };
  const connA = await b.connectOAuth('hubspot', 'user-a');
  const connB = await b.connectOAuth('hubspot', 'user-b');

  const created = await b.api('POST', 'agent_sessions', { entityId: 'user-a', toolkits: ['HubSpot'] });
  t.equal(created.statusCode, 201, created.body);
  const session = created.json() as { id: string; token: string; expiresAt: string; mcpUrl: string; toolkits: string[] };
  t.match(session.token, /^cb_sess_[A-Za-z0-9_-]{40,}$/);
  t.equal(session.mcpUrl, `${b.config.publicBaseUrl}/mcp`);
  t.same(session.toolkits, ['hubspot'], 'filters normalised as /mcp normalises them');
  t.equal(new Date(session.expiresAt).getTime() - Date.now() <= 3600_000, true, 'default lifetime: at most one hour');
  t.ok(new Date(session.expiresAt).getTime() - Date.now() > 3590_000, 'default lifetime: one hour');
  const row = await b.app.orm.em.fork().findOneOrFail(AgentSession, { id: session.id });
  t.equal(row.hash, hashApiKey(session.token), 'stored as its sha256');
  t.notMatch(JSON.stringify(row), session.token, 'the token is nowhere in the row');
  const audit = await b.app.orm.em.fork().find(AuditEntry, { targetId: session.id });
  t.match(audit, [{ action: 'agent_session.created', actorKind: 'apiKey', actorApiKeyId: b.apiKeyId, detail: { entityId: 'user-a' } }]);
  t.notMatch(JSON.stringify(audit), session.token);

  const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, header: 'bearer' | 'x-api-key' = 'x-api-key') =>
    b.app.inject({
      method,
      url: url.startsWith('/') ? url : `/api/v1/${url}`,
      headers: {
        ...(header === 'bearer' ? { authorization: `Bearer ${session.token}` } : { 'x-api-key': session.token }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  // Native executeTool: A's connection, with or without naming A, by either header.
  const mine = await as('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { arguments: { limit: 1 } });
  t.match(mine.json(), { successful: true }, mine.body);
  t.match((await as('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { entityId: 'user-a' }, 'bearer')).json(), { successful: true });
  t.match((await as('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: connA })).json(), { successful: true });
  // ... and never B's.
  const byEntity = await as('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { entityId: 'user-b' });
  t.equal(byEntity.statusCode, 403);
  t.match(byEntity.json(), { code: 'FORBIDDEN', message: /user-a only/ });
  const byConnection = await as('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: connB });
  t.equal(byConnection.statusCode, 403);
  t.match(byConnection.json(), { code: 'FORBIDDEN', message: /another end user/ });
  const outside = await as('POST', 'tools/BITLY_GET_GROUPS/execute', {});
  t.equal(outside.statusCode, 403, 'a tool outside the session');
  t.match(outside.json().message, /not offered by this agent session/);

  // Catalog reads, filtered to the session.
  const tools = await as('GET', 'tools?limit=500');
  t.equal(tools.statusCode, 200);
  const listed = tools.json() as { items: { slug: string }[]; total: number };
  t.ok(listed.total > 0 && listed.items.every((i) => i.slug.startsWith('HUBSPOT_')), 'only the session toolkits');
  t.equal((await as('GET', 'tools/HUBSPOT_CONTACTS_LIST')).statusCode, 200);
  t.equal((await as('GET', 'tools/BITLY_GET_GROUPS')).statusCode, 403);

  // Connect links for A only.
  t.equal((await as('POST', 'connect-links', { authConfigId, entityId: 'user-a' })).statusCode, 201);
  const linkForB = await as('POST', 'connect-links', { authConfigId, entityId: 'user-b' });
  t.equal(linkForB.statusCode, 403);

  // Everything else: 403 saying agent sessions cannot.
  for (const [method, url, body] of [
    ['GET', 'connectors/connections'],
    ['GET', `connectors/connections/${connB}`],
    ['DELETE', `connectors/connections/${connB}`],
    ['POST', `connectors/connections/${connB}/revoke`, {}],
    ['GET', 'toolkits'],
    ['GET', 'auth_configs'],
    ['POST', 'connectors/proxy', { connectedAccountId: connA, endpoint: '/crm/v3/objects/contacts', method: 'GET' }],
    ['GET', 'events'],
    ['GET', 'webhook_subscriptions'],
    ['GET', 'trigger_instances'],
    ['POST', 'agent_sessions', { entityId: 'user-b' }],
    ['GET', 'agent_sessions'],
    ['POST', '/compat/api/v3.1/tools/execute/HUBSPOT_CONTACTS_LIST', { user_id: 'user-b', arguments: {} }],
    ['POST', '/compat/api/v3.1/tools/execute/HUBSPOT_CONTACTS_LIST', { connected_account_id: connB, arguments: {} }],
    ['GET', '/compat/api/v3.1/tools'],
    ['GET', '/compat/api/v3.1/connected_accounts'],
    ['GET', '/api/v1/console/orgs'],
  ] as const) {
    const res = await as(method, url, body);
    t.equal(res.statusCode, 403, `${method} ${url}`);
    t.match(res.body, /Agent sessions cannot do this/, `${method} ${url}: says why`);
  }
  t.equal((await b.api('GET', `connectors/connections/${connB}`)).json().status, 'ACTIVE', "B's connection untouched");

  // MCP: the session fixes the entity and the filters.
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const post = (query: string) =>
    fetch(`${origin}/mcp${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', accept: ACCEPT },
      body: LIST,
    });
  const asB = await post('?entityId=user-b');
  t.equal(asB.status, 403, 'another entityId in the URL');
  t.match(await asB.json(), { code: 'FORBIDDEN', message: /user-a only/ });
  t.equal((await post('?toolkits=bitly')).status, 403, 'the URL cannot widen the filters');
  const noQuery = await post('');
  t.equal(noQuery.status, 200);
  const mcpTools = ((await noQuery.json()) as { result: { tools: { name: string }[] } }).result.tools;
  t.ok(mcpTools.length > 0 && mcpTools.every((tool) => tool.name.startsWith('HUBSPOT_')));
  const client = await connectClient(t, origin, session.token, { entityId: 'user-a' });
  const call = await client.callTool({ name: 'HUBSPOT_CONTACTS_LIST', arguments: { limit: 1 } });
  t.notOk(call.isError, textOf(call));
  await t.rejects(client.callTool({ name: 'BITLY_GET_GROUPS', arguments: {} }), /not offered by this session/);
});

t.test('creation: lifetime bounds named, unknown filters refused, project keys only', async (t) => {
  const b = await brokerWithSandboxes(t);
  const tooLong = await b.api('POST', 'agent_sessions', { entityId: 'u', expiresInSeconds: 30 * 24 * 3600 + 1 });
  t.equal(tooLong.statusCode, 400);
  t.match(tooLong.body, /expiresInSeconds/);
  const max = await b.api('POST', 'agent_sessions', { entityId: 'u', expiresInSeconds: 30 * 24 * 3600 });
  t.equal(max.statusCode, 201);
  const unknown = await b.api('POST', 'agent_sessions', { entityId: 'u', tools: ['NOPE_TOOL'] });
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json().message, /unknown tool "NOPE_TOOL"/);
  t.equal((await b.api('POST', 'agent_sessions', { toolkits: ['hubspot'] })).statusCode, 400, 'entityId required');
  const list = await b.api('GET', 'agent_sessions');
  t.match(list.json(), { items: [{ id: max.json().id, entityId: 'u', status: 'ACTIVE', toolkits: null, tools: null }] });
  t.notMatch(list.body, max.json().token, 'never the token');
});

t.test('expiry (by the clock) and revocation are 401 at once', async (t) => {
  const clock = manualClock();
  const b = await brokerWithSandboxes(t, { clock });
  const make = async (body: object) => (await b.api('POST', 'agent_sessions', body)).json() as { id: string; token: string };
  const short = await make({ entityId: 'u', expiresInSeconds: 60 });
  const use = (token: string) => b.app.inject({ url: '/api/v1/tools?limit=1', headers: { 'x-api-key': token } });
  t.equal((await use(short.token)).statusCode, 200);
  clock.advance(59_000);
  t.equal((await use(short.token)).statusCode, 200, 'still within its lifetime (cached)');
  clock.advance(1_000);
  const expired = await use(short.token);
  t.equal(expired.statusCode, 401, 'expired: refused at once, cache or not');
  t.match(expired.json(), { code: 'UNAUTHORIZED', message: /expired or revoked agent session/ });

  const other = await make({ entityId: 'u' });
  t.equal((await use(other.token)).statusCode, 200);
  const revoked = await b.api('DELETE', `agent_sessions/${other.id}`);
  t.match(revoked.json(), { id: other.id, status: 'REVOKED' });
  t.equal((await use(other.token)).statusCode, 401);
  t.equal((await b.api('DELETE', `agent_sessions/${other.id}`)).statusCode, 200, 'idempotent');
  t.equal((await b.api('DELETE', 'agent_sessions/ags_nope')).statusCode, 404);
  const foreign = await createProjectWithKey(b.app, 'other');
  t.equal((await b.api('DELETE', `agent_sessions/${short.id}`, undefined, foreign.key)).statusCode, 404, "another project's session");
  const statuses = (await b.api('GET', 'agent_sessions')).json().items.map((s: { status: string }) => s.status);
  t.same(statuses.sort(), ['EXPIRED', 'REVOKED']);

  // Revoking the key that made a session ends the session too.
  const second = await b.app.services.tenancy.apiKeys.create(OPERATOR, b.projectId, 'session maker');
  const made = (await b.api('POST', 'agent_sessions', { entityId: 'u' }, second.key)).json() as { token: string };
  t.equal((await use(made.token)).statusCode, 200);
  await b.app.services.tenancy.apiKeys.revoke(OPERATOR, second.apiKey.id);
  t.equal((await use(made.token)).statusCode, 401, "its creator's key revoked");
});

t.test('a session revoked on one instance is refused on another sharing the database', async (t) => {
  const db = await createTestDatabase(t);
  const one = await buildTestApp(t, { db });
  const two = await buildTestApp(t, { db });
  await channelUp(two.app);
  const { key } = await createProjectWithKey(one.app);
  const created = await one.app.inject({
    method: 'POST',
    url: '/api/v1/agent_sessions',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ entityId: 'u' }),
  });
  const { id, token } = created.json() as { id: string; token: string };
  const use = () => two.app.inject({ url: '/api/v1/tools?limit=1', headers: { authorization: `Bearer ${token}` } });
  t.equal((await use()).statusCode, 200, 'works on instance two (and is cached there)');
  const dropped = nextDrop(two.app);
  const revoked = await one.app.inject({ method: 'DELETE', url: `/api/v1/agent_sessions/${id}`, headers: { 'x-api-key': key } });
  t.equal(revoked.statusCode, 200);
  await dropped();
  t.equal((await use()).statusCode, 401, 'refused on instance two');
});
