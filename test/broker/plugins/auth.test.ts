import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

t.test('401 paths answer the declared body', async (t) => {
  const { app } = await buildTestApp(t);
  const { key, apiKeyId } = await createProjectWithKey(app);
  const cases: [string, Record<string, string>][] = [
    ['missing key', {}],
    ['empty key', { 'x-api-key': '' }],
    ['unknown key', { 'x-api-key': 'cb_live_' + 'A'.repeat(43) }],
    ['malformed key', { 'x-api-key': 'hello' }],
    ['key in the wrong header', { authorization: `Bearer ${key}` }],
  ];
  for (const [name, headers] of cases) {
    const res = await app.inject({ url: '/api/v1/toolkits', headers });
    t.equal(res.statusCode, 401, name);
    const body = res.json();
    t.same(Object.keys(body).sort(), ['code', 'defined', 'message', 'status'], `${name}: body shape`);
    t.match(body, { defined: true, code: 'UNAUTHORIZED', status: 401 }, name);
    t.match(res.headers['content-type'], /application\/json/);
  }
  await app.services.tenancy.apiKeys.revoke(OPERATOR, apiKeyId);
  const revoked = await app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': key } });
  t.equal(revoked.statusCode, 401, 'revoked key');
});

t.test('public routes need no key', async (t) => {
  const { app } = await buildTestApp(t);
  for (const url of ['/api/v1/spec.json', '/healthz', '/readyz', '/api/v1/docs/']) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 200, url);
  }
});

t.test('the key never reaches the logs', async (t) => {
  const { app, logs } = await buildTestApp(t, { logLevel: 'trace' });
  const { key } = await createProjectWithKey(app);
  await app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': key, cookie: 'session=secret-cookie' } });
  await app.inject({ url: '/api/v1/toolkits?api_key=' + key });
  t.ok(logs().length > 0, 'something was logged');
  t.notMatch(logs(), key);
  t.notMatch(logs(), 'secret-cookie');
});
