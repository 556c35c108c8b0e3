/**
 * Security headers on every plane: nosniff and a referrer policy on every answer (successes,
 * errors, 404s, 429s), HSTS behind an https origin, and HTML never frameable; the console keeps
 * its own stricter policy.
 */
import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';

t.test('every plane answers with the security headers', async (t) => {
  const { app } = await buildTestApp(t, { env: { PUBLIC_BASE_URL: 'https://broker.example.com' } });
  const { key } = await createProjectWithKey(app);
  const headers = { 'x-api-key': key };
  const answers = {
    'native 200': await app.inject({ url: '/api/v1/toolkits', headers }),
    'native 401': await app.inject({ url: '/api/v1/toolkits' }),
    'native 404 route': await app.inject({ url: '/api/v1/nothing-here', headers }),
    'native 400': await app.inject({
      method: 'POST',
      url: '/api/v1/auth_configs',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{',
    }),
    'compat 200': await app.inject({ url: '/compat/api/v3.1/toolkits', headers }),
    'compat 404': await app.inject({ url: '/compat/api/v3.1/connected_accounts/ca_nope', headers }),
    'mcp 401': await app.inject({ method: 'POST', url: '/mcp', payload: {} }),
    'console 401': await app.inject({ url: '/api/v1/console/auth/session' }),
    'spec.json': await app.inject({ url: '/api/v1/spec.json' }),
    health: await app.inject({ url: '/healthz' }),
    'connect page 404': await app.inject({ url: '/connect/no-such-link' }),
  };
  for (const [name, res] of Object.entries(answers)) {
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${name} (${res.statusCode}): nosniff`);
    t.ok(res.headers['referrer-policy'], `${name}: a referrer policy`);
    t.equal(res.headers['strict-transport-security'], 'max-age=31536000', `${name}: HSTS behind https`);
  }
  const page = answers['connect page 404'];
  t.match(page.headers['content-type'], /text\/html/);
  t.match(page.headers['content-security-policy'], /frame-ancestors 'none'/, 'an HTML page is not frameable');
  t.equal(answers['native 200'].headers['x-frame-options'], undefined, 'JSON needs no frame header');

  const plain = await buildTestApp(t);
  t.equal((await plain.app.inject({ url: '/healthz' })).headers['strict-transport-security'], undefined, 'no HSTS on http');
});
