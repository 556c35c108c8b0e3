/**
 * Hostile input on both planes (issue 12): NUL and lone surrogates in any string, strings longer
 * than their column, deep nesting, CR/LF bound for a header, bounded error bodies. Each is a 400
 * naming the field (never a 500 from the database, the validator or the provider client).
 */
import t from 'tap';
import type { LightMyRequestResponse } from 'fastify';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { findHostileInput, MAX_NESTING_DEPTH } from '../../../src/schemas/hostile-input.js';

const COMPAT = '/compat/api/v3.1';

/** Raw JSON text, so that escapes such as \ud800 (a lone surrogate) reach the server as written. */
const raw = (parts: Record<string, string>) =>
  `{${Object.entries(parts)
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}`;
/** JSON text nested `levels` deep (JSON.stringify itself overflows on very deep values). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

t.test('findHostileInput names the field, checks keys, and bounds depth without recursion', async (t) => {
  t.same(findHostileInput({ a: ['ok', 'b\u0000'] }, 'body'), { field: 'body.a.1', message: 'must not contain NUL characters' });
  t.match(findHostileInput({ x: { y: 'a\ud800' } }, 'body'), { field: 'body.x.y', message: /valid Unicode/ });
  t.equal(findHostileInput({ ok: 'emoji 😀 and accents é' }, 'body'), undefined);
  t.match(findHostileInput({ ['k\u0000']: 1 }, 'querystring'), { field: 'querystring.k\\u0000', message: /name/ });
  t.equal(findHostileInput(deep(MAX_NESTING_DEPTH), 'body'), undefined);
  t.match(findHostileInput(deep(MAX_NESTING_DEPTH + 1), 'body'), { message: /deeper than 64/ });
  // A million levels: an iterative walk, no stack overflow.
  t.match(findHostileInput(deep(1_000_000), 'body'), { message: /deeper/ });
});

t.test('NUL, lone surrogates, long strings, deep values and CR/LF headers are 400s naming the field', async (t) => {
  const b = await brokerWithSandboxes(t);
  const post = (url: string, payload: string) =>
    b.app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': b.key, 'content-type': 'application/json' } });
  const get = (url: string) => b.app.inject({ method: 'GET', url, headers: { 'x-api-key': b.key } });
  const expect400 = (res: LightMyRequestResponse, field: string, label: string) => {
    t.equal(res.statusCode, 400, `${label}: 400 (${res.body.slice(0, 200)})`);
    t.ok(res.body.length < 8192, `${label}: small body`);
    const body = res.json() as { code?: string; data?: { errors?: { field: string }[] }; error?: { errors?: string[] } };
    const fields = body.data?.errors?.map((e) => e.field) ?? body.error?.errors ?? [];
    t.ok(
      fields.some((f) => f.startsWith(field)),
      `${label}: names ${field} (got ${fields.join(', ')})`,
    );
  };

  const connect = await b.api('POST', 'connectors/acme/connect', {
    entityId: 'u-1',
    authMethodId: 'acme_api_key',
    credentials: { api_key: 'k' },
  });
  t.equal(connect.statusCode, 200);
  const connectionId = (connect.json() as { connectionId: string }).connectionId;

  // NUL and lone surrogates, native plane: body fields, credentials, auth-config fields, query filters, path ids.
  expect400(
    await post('/api/v1/connectors/acme/connect', raw({ entityId: '"a\\u0000b"', credentials: '{"api_key":"k"}' })),
    'body.entityId',
    'NUL entityId',
  );
  expect400(
    await post('/api/v1/connectors/acme/connect', raw({ entityId: '"u"', credentials: '{"api_key":"\\ud800"}' })),
    'body.credentials.api_key',
    'surrogate credential',
  );
  expect400(
    await post('/api/v1/connectors/hubspot/initiate', raw({ entityId: '"u"', alias: '"\\udc00x"' })),
    'body.alias',
    'surrogate alias',
  );
  expect400(
    await post('/api/v1/auth_configs', raw({ slug: '"hubspot"', authMethodId: '"hubspot_oauth"', name: '"n\\u0000"' })),
    'body.name',
    'NUL name',
  );
  expect400(await get('/api/v1/connectors/connections?entityId=a%00b'), 'querystring.entityId', 'NUL query filter');
  expect400(await get('/api/v1/connectors/connections/ab%00cd'), 'params.connectionId', 'NUL path id');
  expect400(await get('/api/v1/auth_configs/%ED%A0%80'), 'url', 'UTF-8 encoded surrogate in the path');
  // Compat plane: its own body, same refusal.
  expect400(
    await post(`${COMPAT}/connected_accounts/link`, raw({ auth_config_id: '"x"', user_id: '"a\\u0000"' })),
    'body.user_id',
    'compat NUL',
  );
  expect400(await get(`${COMPAT}/connected_accounts/ab%00`), 'params.id', 'compat NUL path id');

  // Longer than the column: 400 from the declared maxLength.
  expect400(
    await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth', name: 'n'.repeat(201) }),
    'body.name',
    'long name',
  );
  expect400(await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'e'.repeat(256) }), 'body.entityId', 'long entityId');
  expect400(
    await b.api('POST', 'auth_configs', {
      slug: 'hubspot',
      authMethodId: 'hubspot_oauth',
      isManaged: false,
      clientId: 'c'.repeat(501),
      clientSecret: 's',
    }),
    'body.clientId',
    'long clientId',
  );

  // Deep tool arguments and proxy bodies.
  expect400(
    await post('/api/v1/tools/ACME_CREATE_WIDGET/execute', raw({ connectedAccountId: `"${connectionId}"`, arguments: deepJson(200) })),
    'body.arguments',
    'deep arguments',
  );
  expect400(
    await post(
      '/api/v1/connectors/proxy',
      raw({ connectionId: `"${connectionId}"`, endpoint: '"/x"', method: '"POST"', body: deepJson(100_000) }),
    ),
    'body.body',
    'deep proxy body',
  );

  // CR/LF bound for an outbound header: a templated tool argument, a proxy header, a compat header parameter.
  expect400(
    await b.api('POST', 'tools/ACME_CREATE_WIDGET/execute', {
      connectedAccountId: connectionId,
      arguments: { project: 'p', name: 'w', requestId: 'id\r\nX-Injected: 1' },
    }),
    'requestId',
    'CR/LF in a header argument',
  );
  expect400(
    await b.api('POST', 'connectors/proxy', { connectionId, endpoint: '/x', method: 'GET', headers: { 'x-trace': 'a\nb' } }),
    'headers.x-trace',
    'LF in a proxy header',
  );
  expect400(
    await b.api('POST', `${COMPAT}/tools/execute/proxy`, {
      connected_account_id: connectionId,
      endpoint: '/x',
      method: 'GET',
      parameters: [{ name: 'x-trace', value: 'a\r\nb', type: 'header' }],
    }),
    'headers.x-trace',
    'CR/LF in a compat header parameter',
  );

  // Error bodies never echo unbounded input.
  const many = await b.api('POST', 'auth_configs', {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth',
    restrictToTools: Array.from({ length: 1000 }, (_, i) => `UNKNOWN_TOOL_${i}_${'x'.repeat(150)}`),
  });
  t.equal(many.statusCode, 400);
  t.ok(many.body.length < 8192, `a refusal quoting 1000 unknown tools stays small (${many.body.length} bytes)`);
});
