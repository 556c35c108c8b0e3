/**
 * The compat mount's refusals: unbound route groups (501), bad input (400), unknown connected
 * account on execute (1803), keys (401), unknown paths (404). Always the compat error body, and
 * `x-should-retry: false` whenever a retry cannot help.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { assertMounted, COMPAT } from './helpers.js';

// One broker for the file, a tenant (organization, project, key) per subtest.
const shared = sharedBrokerWithSandboxes(t);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One representative call per route of compat-v3.1.md section 8. */
const UNBOUND: [Method, string][] = [
  ['GET', '/trigger_instances/ti_1/logs'],
  ['GET', '/webhook_endpoints'],
  ['POST', '/webhook_endpoints'],
  ['PATCH', '/webhook_endpoints/we_1'],
  ['GET', '/files/list'],
  ['POST', '/files/upload/request'],
  ['POST', '/tool_router/session'],
  ['GET', '/tool_router/session/trs_1'],
  ['PATCH', '/tool_router/session/trs_1'],
  ['DELETE', '/tool_router/session/trs_1'],
  ['POST', '/tool_router/session/trs_1/execute'],
  ['POST', '/tool_router/session/trs_1/search'],
  ['GET', '/tool_router/session/trs_1/toolkits'],
  ['GET', '/tool_router/session/trs_1/mounts/m1/items'],
  ['POST', '/tool_router/session/trs_1/mounts/m1/upload_url'],
  ['GET', '/mcp/servers'],
  ['POST', '/mcp/servers'],
  ['POST', '/mcp/servers/custom'],
  ['POST', '/mcp/servers/generate'],
  ['GET', '/mcp/m1'],
  ['PATCH', '/mcp/m1'],
  ['DELETE', '/mcp/m1'],
  ['GET', '/mcp/app/key'],
  ['GET', '/mcp/servers/s1/instances'],
  ['DELETE', '/mcp/servers/s1/instances/i1'],
  ['POST', '/internal/action_execution/logs'],
  ['GET', '/internal/action_execution/log/l1'],
  ['GET', '/internal/action_execution/fields'],
  ['POST', '/internal/trigger/logs'],
  ['GET', '/internal/trigger/log/l1'],
  ['POST', '/logs/tool_execution'],
  ['GET', '/logs/tool_execution/l1'],
  ['POST', '/project/usage/summary'],
  ['POST', '/project/usage/tool'],
  ['GET', '/org/list'],
  ['GET', '/org/project/list'],
  ['GET', '/org/consumer/connected_toolkits'],
  ['POST', '/org/consumer/project/resolve'],
  ['GET', '/org/owner/project/list'],
  ['POST', '/org/owner/project/new'],
  ['GET', '/org/owner/project/p1'],
  ['DELETE', '/org/owner/project/p1'],
  ['POST', '/org/owner/project/p1/regenerate_api_key'],
  ['POST', '/org/usage/summary'],
  ['POST', '/org/clanker/create_claim'],
  ['GET', '/auth/session/info'],
  ['POST', '/cli/create-session'],
  ['GET', '/cli/get-session'],
  ['POST', '/cli/realtime/auth'],
  ['GET', '/cli/realtime/credentials'],
  ['POST', '/cli/codact_failures'],
  ['POST', '/api_key_revocation'],
  ['POST', '/tools/execute/HUBSPOT_CONTACTS_CREATE/input'],
];

t.test('every unbound v3.1 route group answers 501 with the error body and x-should-retry: false', async (t) => {
  const b = await shared.tenant();
  assertMounted(b.app);
  const call = (method: Method, url: string) =>
    b.app.inject({
      method,
      url,
      headers: { 'x-api-key': b.key, ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
    });
  for (const [method, path] of UNBOUND) {
    const res = await call(method, `${COMPAT}${path}`);
    t.equal(res.statusCode, 501, `${method} ${path}`);
    t.equal(res.headers['x-should-retry'], 'false', `${method} ${path} retry header`);
    t.match(res.headers['content-type'], /application\/json/);
    t.match(res.json(), { error: { status: 501, code: 501, message: /not implemented/ } }, `${method} ${path} body`);
  }
  for (const path of ['/compat/api/v3/internal/sdk/realtime/credentials', '/compat/api/v3/internal/sdk/realtime/auth']) {
    const res = await call(path.endsWith('auth') ? 'POST' : 'GET', path);
    t.equal(res.statusCode, 501, path);
    t.equal(res.headers['x-should-retry'], 'false');
    t.match(res.json(), { error: { status: 501, code: 501 } });
  }
});

t.test('unknown paths under the mount: 404 with the compat body; native 404s keep theirs', async (t) => {
  const b = await shared.tenant();
  assertMounted(b.app);
  const res = await b.app.inject({ method: 'GET', url: `${COMPAT}/no_such_group`, headers: { 'x-api-key': b.key } });
  t.equal(res.statusCode, 404);
  t.equal(res.headers['x-should-retry'], 'false');
  t.match(res.json(), { error: { status: 404, code: 404, message: /not found/ } });
  const v3 = await b.app.inject({ method: 'GET', url: '/compat/api/v3/connected_accounts', headers: { 'x-api-key': b.key } });
  t.equal(v3.statusCode, 404);
  t.match(v3.json(), { error: { status: 404 } });
  const native = await b.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-api-key': b.key } });
  t.match(native.json(), { defined: true, code: 'NOT_FOUND', status: 404 });
});

t.test('keys: project key only; user and org keys and bad keys are 401 with the compat body', async (t) => {
  const b = await shared.tenant();
  assertMounted(b.app);
  const cases: [string, Record<string, string>][] = [
    ['none', {}],
    ['bad', { 'x-api-key': 'cb_live_not-a-key' }],
    ['user key', { 'x-user-api-key': 'uak_123' }],
    ['org key', { 'x-org-api-key': 'oak_123' }],
  ];
  for (const [name, headers] of cases) {
    for (const url of [`${COMPAT}/toolkits`, `${COMPAT}/triggers_types`]) {
      const res = await b.app.inject({ method: 'GET', url, headers });
      t.equal(res.statusCode, 401, `${name} ${url}`);
      t.match(res.json(), { error: { status: 401, code: 401, message: String } });
      t.equal(res.headers['x-should-retry'], 'false');
    }
  }
  const ok = await b.app.inject({ method: 'GET', url: `${COMPAT}/toolkits`, headers: { 'x-api-key': b.key } });
  t.equal(ok.statusCode, 200);
});

t.test('bad input: 400 with the compat body and field errors', async (t) => {
  const b = await shared.tenant();
  assertMounted(b.app);
  const post = (url: string, body: unknown) =>
    b.app.inject({
      method: 'POST',
      url: `${COMPAT}${url}`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const cases: [string, unknown, RegExp][] = [
    ['/auth_configs', {}, /toolkit/],
    [
      '/auth_configs',
      { toolkit: { slug: 'hubspot' }, auth_config: { type: 'use_custom_auth', authScheme: 'OAUTH2', credentials: {} } },
      /client_id/,
    ],
    [
      '/auth_configs',
      { toolkit: { slug: 'hubspot' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} } },
      /API_KEY/,
    ],
    ['/auth_configs', { toolkit: { slug: 'nope' } }, /Unknown toolkit/],
    ['/connected_accounts', { connection: { user_id: 'u' } }, /auth_config/],
    ['/connected_accounts/link', { auth_config_id: 'ac_x' }, /user_id/],
    ['/tools/execute/HUBSPOT_CONTACTS_LIST', {}, /connected_account_id, or user_id/],
    ['/tools/execute/HUBSPOT_CONTACTS_LIST', { user_id: 'u', arguments: 'all' }, /arguments/],
    ['/tools/execute/proxy', { method: 'GET' }, /endpoint/],
  ];
  for (const [url, body, message] of cases) {
    const res = await post(url, body);
    t.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}: ${res.body}`);
    t.equal(res.headers['x-should-retry'], 'false');
    t.match(res.json(), { error: { status: 400, code: 400, message, request_id: String } }, url);
  }
  const badJson = await b.app.inject({
    method: 'POST',
    url: `${COMPAT}/auth_configs`,
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: '{"toolkit":',
  });
  t.equal(badJson.statusCode, 400);
  t.match(badJson.json(), { error: { status: 400 } });
  const list = await b.app.inject({
    method: 'GET',
    url: `${COMPAT}/connected_accounts?statuses=ACTIVE%2CBOGUS`,
    headers: { 'x-api-key': b.key },
  });
  t.equal(list.statusCode, 400);
  t.match(list.json(), { error: { message: /BOGUS/, errors: [/statuses/] } });
  const cursor = await b.app.inject({ method: 'GET', url: `${COMPAT}/toolkits?cursor=%25%25`, headers: { 'x-api-key': b.key } });
  t.equal(cursor.statusCode, 400);
  const oversized = await b.app.inject({
    method: 'GET',
    url: `${COMPAT}/tools?tool_slugs=HUBSPOT_CONTACTS_LIST&limit=9999`,
    headers: { 'x-api-key': b.key },
  });
  t.equal(oversized.statusCode, 200, 'limit is clamped, never rejected');
  t.equal(oversized.json().items.length, 1);
});

t.test("execute and proxy on an unknown connected account: code 1803; on another project's: 403", async (t) => {
  const b = await shared.tenant();
  assertMounted(b.app);
  const other = await shared.tenant();
  const foreign = await other.connectOAuth('hubspot', 'someone');
  for (const [url, payload] of [
    ['tools/execute/HUBSPOT_CONTACTS_LIST', { connected_account_id: foreign, arguments: {} }],
    ['tools/execute/proxy', { connected_account_id: foreign, endpoint: '/crm/v3/objects/contacts', method: 'GET' }],
  ] as const) {
    const res = await b.app.inject({
      method: 'POST',
      url: `${COMPAT}/${url}`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    t.equal(res.statusCode, 403, `${url}: another project's account`);
    t.match(res.json(), { error: { status: 403, message: 'API key not permitted for this resource' } });
  }
  for (const id of ['ca_doesnotexist0000000']) {
    const res = await b.app.inject({
      method: 'POST',
      url: `${COMPAT}/tools/execute/HUBSPOT_CONTACTS_LIST`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ connected_account_id: id, arguments: {} }),
    });
    t.equal(res.statusCode, 404, id);
    t.equal(res.headers['x-should-retry'], 'false');
    t.match(res.json(), { error: { code: 1803, status: 404, message: /not found/ } });
    const proxied = await b.app.inject({
      method: 'POST',
      url: `${COMPAT}/tools/execute/proxy`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ connected_account_id: id, endpoint: '/crm/v3/objects/contacts', method: 'GET' }),
    });
    t.match(proxied.json(), { error: { code: 1803, status: 404 } });
  }
  const unknownTool = await b.app.inject({
    method: 'POST',
    url: `${COMPAT}/tools/execute/HUBSPOT_NOPE`,
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ user_id: 'u' }),
  });
  t.equal(unknownTool.statusCode, 404);
  t.match(unknownTool.json(), { error: { code: 404 } });
});

t.test('unsupported execution modes are 501, not silently ignored', async (t) => {
  const b = await shared.tenant();
  assertMounted(b.app);
  const id = await b.connectOAuth('hubspot', 'u');
  const cases = [
    // custom_auth_params works now (compat-fixes.test.ts); its deprecated predecessor stays 501.
    { connected_account_id: id, custom_connection_data: { authScheme: 'OAUTH2', val: { access_token: 'x' } } },
    { connected_account_id: id, text: 'list my contacts' },
  ];
  for (const body of cases) {
    const res = await b.app.inject({
      method: 'POST',
      url: `${COMPAT}/tools/execute/HUBSPOT_CONTACTS_LIST`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    t.equal(res.statusCode, 501);
    t.equal(res.headers['x-should-retry'], 'false');
  }
});
