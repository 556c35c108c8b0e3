/** Console sessions: sign-up, sign-in, the cookie's attributes, CSRF, sign-out, API keys refused. */
import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { CONSOLE, TEST_PASSWORD, signIn, signUp } from '../../helpers/console.js';

t.test('the first sign-up owns the first organization and gets a working session', async (t) => {
  // The production password cost end to end (every other console test hashes at the test cost).
  const { app } = await buildTestApp(t, { env: { PASSWORD_HASH_COST: '15' } });
  const options = await app.inject({ method: 'GET', url: `${CONSOLE}/auth/options` });
  t.same(options.json(), { signUp: 'open', firstUser: true, firstUserOrganization: 'new' });

  const res = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: { email: 'Ada@Example.com', password: TEST_PASSWORD },
  });
  t.equal(res.statusCode, 201);
  const cookie = res.cookies.find((c) => c.name === 'broker_session');
  t.ok(cookie, 'session cookie set');
  t.equal(cookie?.httpOnly, true);
  t.equal(cookie?.sameSite, 'Lax');
  t.equal(cookie?.path, '/');
  t.notOk(cookie?.secure, 'not Secure on an http public origin');
  t.match(cookie?.value, /\./, 'the cookie is signed');
  t.equal(res.json().user.email, 'ada@example.com');
  t.notMatch(res.body, /passwordHash|scrypt/);

  const ada = await signIn(app, 'ada@example.com');
  const session = await ada.get('/auth/session');
  t.equal(session.statusCode, 200);
  t.equal(session.json().user.email, 'ada@example.com');
  t.equal(session.json().csrfToken, ada.csrfToken);
  t.same((await app.inject({ method: 'GET', url: `${CONSOLE}/auth/options` })).json(), {
    signUp: 'open',
    firstUser: false,
    firstUserOrganization: null,
  });
});

t.test('the first sign-up on a broker whose operator made an organization: told it adopts that one, and does', async (t) => {
  const { app } = await buildTestApp(t);
  const { organizationId } = await createProjectWithKey(app);
  t.same((await app.inject({ url: `${CONSOLE}/auth/options` })).json(), {
    signUp: 'open',
    firstUser: true,
    firstUserOrganization: 'existing',
  });
  const ada = await signUp(app, 'ada@example.com');
  const orgs = (await ada.get('/orgs')).json().items as { id: string }[];
  t.same(
    orgs.map((o) => o.id),
    [organizationId],
    'owns the operator organization, no new one',
  );
});

t.test('sign-in answers one generic error for a wrong password and an unknown email', async (t) => {
  const { app } = await buildTestApp(t);
  await signUp(app, 'bob@example.com');
  const wrong = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-in`,
    payload: { email: 'bob@example.com', password: 'not the password' },
  });
  const unknown = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-in`,
    payload: { email: 'nobody@example.com', password: 'not the password' },
  });
  t.equal(wrong.statusCode, 401);
  t.equal(unknown.statusCode, 401);
  t.equal(wrong.json().message, unknown.json().message);
  t.equal(wrong.json().message, 'Email or password is incorrect');
});

t.test('state-changing requests need the CSRF token; other origins and API keys are refused', async (t) => {
  const { app } = await buildTestApp(t);
  const ada = await signUp(app, 'ada@example.com');
  const noToken = await app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-out`, headers: { cookie: ada.cookie } });
  t.equal(noToken.statusCode, 403);
  t.match(noToken.json().message, /CSRF/);
  const badToken = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-out`,
    headers: { cookie: ada.cookie, 'x-csrf-token': 'x'.repeat(32) },
  });
  t.equal(badToken.statusCode, 403);
  const crossSite = await ada.request({ method: 'POST', url: `${CONSOLE}/auth/sign-out`, headers: { origin: 'https://evil.example' } });
  t.equal(crossSite.statusCode, 403);
  t.match(crossSite.json().message, /evil\.example/);
  t.equal((await ada.get('/auth/session')).statusCode, 200, 'the refused requests did not sign out');

  const { key } = await createProjectWithKey(app);
  const withKey = await app.inject({ method: 'GET', url: `${CONSOLE}/auth/session`, headers: { cookie: ada.cookie, 'x-api-key': key } });
  t.equal(withKey.statusCode, 401);
  t.match(withKey.json().message, /does not accept API keys/);
  const cookieOnAgentPlane = await app.inject({ method: 'GET', url: '/api/v1/toolkits', headers: { cookie: ada.cookie } });
  t.equal(cookieOnAgentPlane.statusCode, 401, 'a console cookie is not a credential on the native API');
});

t.test('sign-out revokes the session; a forged or unsigned cookie is refused', async (t) => {
  const { app } = await buildTestApp(t);
  const ada = await signUp(app, 'ada@example.com');
  const out = await ada.post('/auth/sign-out');
  t.equal(out.statusCode, 204);
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'the old cookie no longer works');
  const token = ada.cookie.split('=')[1]!.split('.')[0];
  const unsigned = await app.inject({ method: 'GET', url: `${CONSOLE}/auth/session`, headers: { cookie: `broker_session=${token}` } });
  t.equal(unsigned.statusCode, 401);
  const none = await app.inject({ method: 'GET', url: `${CONSOLE}/auth/session` });
  t.equal(none.statusCode, 401);
  t.equal(none.json().code, 'UNAUTHORIZED');
});
