import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';

t.test('unknown routes are 404 in the native shape, with or without a key', async (t) => {
  const { app } = await buildTestApp(t);
  const { key } = await createProjectWithKey(app);
  for (const headers of [{}, { 'x-api-key': key }]) {
    const res = await app.inject({ url: '/api/v1/no-such-thing?x=1', headers });
    t.equal(res.statusCode, 404);
    t.same(res.json(), { defined: true, code: 'NOT_FOUND', status: 404, message: 'Route GET /api/v1/no-such-thing not found' });
  }
});

t.test('malformed JSON is a 400 with the declared body and no stack', async (t) => {
  const { app } = await buildTestApp(t);
  const { key } = await createProjectWithKey(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth_configs',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: '{"slug": ',
  });
  t.ok([400, 404].includes(res.statusCode));
  const body = res.json();
  t.equal(body.status, res.statusCode);
  t.notMatch(JSON.stringify(body), /at .*\.(ts|js):\d+/, 'no stack trace');
});
