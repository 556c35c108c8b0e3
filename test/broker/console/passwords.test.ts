/** Password reset (`broker reset-password` and its link) and change-password (issue 30). */
import t from 'tap';
import { buildTestApp, createTestDatabase } from '../../helpers/app.js';
import { cli, cliEnv } from '../../helpers/cli.js';
import { manualClock } from '../../helpers/clock.js';
import { CONSOLE, TEST_PASSWORD, signIn, signUp } from '../../helpers/console.js';
import { FAILED_SIGN_INS_PER_ACCOUNT } from '../../../plugins/console/sign-in-limits.js';

const NEW_PASSWORD = 'a brand new passphrase';
const reset = (app: Awaited<ReturnType<typeof buildTestApp>>['app'], token: string, password = NEW_PASSWORD) =>
  app.inject({ method: 'POST', url: `${CONSOLE}/auth/reset-password`, payload: { token, password } });

t.test('broker reset-password prints a one-time link that sets the password and signs out every session', async (t) => {
  const db = await createTestDatabase(t);
  const { app } = await buildTestApp(t, { db, env: { PUBLIC_BASE_URL: 'https://broker.example.com' } });
  const ada = await signUp(app, 'ada@example.com');
  const other = await signIn(app, 'ada@example.com');

  const env = { ...cliEnv(db), PUBLIC_BASE_URL: 'https://broker.example.com' };
  const unknown = await cli(env, ['reset-password', '--email', 'nobody@example.com']);
  t.equal(unknown.code, 1);
  t.match(unknown.err, /No account has the email nobody@example.com/);
  const printed = await cli(env, ['reset-password', '--email', 'ADA@example.com']);
  t.equal(printed.code, 0, printed.err);
  const token = printed.out.match(/https:\/\/broker\.example\.com\/console\/#\/reset-password\/(\S+)/)?.[1];
  t.ok(token, 'the link is printed');

  t.equal((await reset(app, token!, 'short')).statusCode, 400, 'the password rules apply');
  const done = await reset(app, token!);
  t.equal(done.statusCode, 204, done.body);
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'every session is signed out');
  t.equal((await other.get('/auth/session')).statusCode, 401);
  const oldPassword = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-in`,
    payload: { email: 'ada@example.com', password: TEST_PASSWORD },
  });
  t.equal(oldPassword.statusCode, 401, 'the old password no longer works');
  t.equal((await (await signIn(app, 'ada@example.com', NEW_PASSWORD)).get('/auth/session')).statusCode, 200);

  const again = await reset(app, token!, 'yet another passphrase');
  t.equal(again.statusCode, 400, 'single use');
  t.match(again.json().message, /unknown, already used or expired/);
  t.equal((await reset(app, 'made-up-token')).statusCode, 400);
});

t.test('a reset link expires after an hour, and a newer one replaces it', async (t) => {
  const clock = manualClock();
  const { app } = await buildTestApp(t, { clock });
  await signUp(app, 'bob@example.com');
  const tokenOf = (link: string) => link.split('/reset-password/')[1]!;
  const first = await app.services.accounts.issuePasswordReset('bob@example.com');
  const second = await app.services.accounts.issuePasswordReset('bob@example.com');
  t.equal((await reset(app, tokenOf(first!.link))).statusCode, 400, 'replaced by the newer link');
  clock.advance(60 * 60_000 + 1);
  t.equal((await reset(app, tokenOf(second!.link))).statusCode, 400, 'expired');
  const third = await app.services.accounts.issuePasswordReset('bob@example.com');
  clock.advance(59 * 60_000);
  t.equal((await reset(app, tokenOf(third!.link))).statusCode, 204, 'within the hour');
});

t.test('change-password checks the current one, can sign out other sessions, and counts failures', async (t) => {
  const { app } = await buildTestApp(t);
  const ada = await signUp(app, 'ada@example.com');
  const phone = await signIn(app, 'ada@example.com');

  const noCsrf = await ada.request({
    method: 'POST',
    url: `${CONSOLE}/auth/change-password`,
    payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    headers: { 'x-csrf-token': 'wrong' },
  });
  t.equal(noCsrf.statusCode, 403, 'CSRF as every console write');
  const wrong = await ada.post('/auth/change-password', { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
  t.equal(wrong.statusCode, 400);
  t.match(wrong.json().message, /Current password is incorrect/);
  t.equal((await ada.post('/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'short' })).statusCode, 400);

  const kept = await ada.post('/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
  t.equal(kept.statusCode, 200, kept.body);
  t.same(kept.json(), { signedOutSessions: 0 });
  t.equal((await phone.get('/auth/session')).statusCode, 200, 'other sessions kept unless asked');

  const out = await ada.post('/auth/change-password', {
    currentPassword: NEW_PASSWORD,
    newPassword: TEST_PASSWORD,
    signOutOtherSessions: true,
  });
  t.same(out.json(), { signedOutSessions: 1 });
  t.equal((await phone.get('/auth/session')).statusCode, 401, 'the other session is signed out');
  t.equal((await ada.get('/auth/session')).statusCode, 200, 'this one stays');

  // Wrong current passwords spend the account's sign-in budget: then even sign-in is refused.
  for (let i = 1; i < FAILED_SIGN_INS_PER_ACCOUNT; i++)
    t.equal((await ada.post('/auth/change-password', { currentPassword: 'guess', newPassword: NEW_PASSWORD })).statusCode, 400);
  const limited = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-in`,
    payload: { email: 'ada@example.com', password: TEST_PASSWORD },
  });
  t.equal(limited.statusCode, 429, 'change-password failures count toward the sign-in limits');
});
