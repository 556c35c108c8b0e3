/**
 * Session lifetimes on a manual clock: the idle timeout ends an unused session, use slides it
 * (at most once a minute), the absolute age ends it however active; sign-out and sign-out
 * everywhere take effect at once on every instance sharing the database.
 */
import t from 'tap';
import { buildTestApp, createTestDatabase } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { CONSOLE, signIn, signUp } from '../../helpers/console.js';

const MINUTE = 60_000;
/** 30 minutes idle, 2 hours at most. */
const env = { SESSION_IDLE_TIMEOUT_MINUTES: '30', SESSION_MAX_AGE_MINUTES: '120' };

t.test('an unused session ends after the idle timeout; a used one slides on', async (t) => {
  const clock = manualClock();
  const { app } = await buildTestApp(t, { clock, env });
  const used = await signUp(app, 'ada@example.com');
  const idle = await signIn(app, 'ada@example.com');
  clock.advance(29 * MINUTE);
  t.equal((await used.get('/auth/session')).statusCode, 200, 'used at 29 min');
  clock.advance(2 * MINUTE);
  const ended = await idle.get('/auth/session');
  t.equal(ended.statusCode, 401, 'unused for 31 min: ended');
  t.match(ended.json().message, /session has ended/);
  t.equal((await idle.post('/orgs', { name: 'Too late' })).statusCode, 401, 'on every route');
  t.equal((await used.get('/auth/session')).statusCode, 200, 'the used one lives on past the first 30 min');
  clock.advance(30 * MINUTE);
  t.equal((await used.get('/auth/session')).statusCode, 401, 'until it too goes unused for 30 min');
});

t.test('use slides the expiry at most once a minute', async (t) => {
  const clock = manualClock();
  const { app } = await buildTestApp(t, { clock, env });
  const start = clock.now();
  const ada = await signUp(app, 'ada@example.com');
  const expiry = async () => new Date((await ada.get('/auth/session')).json().expiresAt).getTime();
  t.equal(await expiry(), start + 30 * MINUTE, 'idle timeout from sign-up');
  clock.advance(30_000);
  t.equal(await expiry(), start + 30 * MINUTE, 'used within the minute: not moved (no write)');
  clock.advance(31_000);
  t.equal(await expiry(), clock.now() + 30 * MINUTE, 'a minute on: moved to now + idle timeout');
});

t.test('no session outlives its absolute age, however active', async (t) => {
  const clock = manualClock();
  const { app } = await buildTestApp(t, { clock, env });
  const start = clock.now();
  const ada = await signUp(app, 'ada@example.com');
  for (let minutes = 29; minutes <= 116; minutes += 29) {
    clock.set(start + minutes * MINUTE);
    const res = await ada.get('/auth/session');
    t.equal(res.statusCode, 200, `active at ${minutes} min`);
    if (minutes === 116) t.equal(new Date(res.json().expiresAt).getTime(), start + 120 * MINUTE, 'the slide stops at the absolute age');
  }
  clock.set(start + 120 * MINUTE);
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'ended at 2 h, 4 min after its last use');
  t.equal((await signIn(app, 'ada@example.com')).userId, ada.userId, 'signing in again starts a new one');
});

t.test('sign-out on one instance is refused at once on another', async (t) => {
  const db = await createTestDatabase(t);
  const one = await buildTestApp(t, { db });
  const two = await buildTestApp(t, { db });
  const ada = await signUp(one.app, 'ada@example.com');
  const onTwo = (cookie: string) => two.app.inject({ url: `${CONSOLE}/auth/session`, headers: { cookie } });
  t.equal((await onTwo(ada.cookie)).statusCode, 200, 'a session from instance one works on instance two');
  const out = await ada.post('/auth/sign-out');
  t.equal(out.statusCode, 204);
  t.match(out.headers['set-cookie'], /broker_session=;/, 'the cookie is cleared');
  t.equal((await onTwo(ada.cookie)).statusCode, 401, 'instance two refuses it at once');
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'and so does instance one');
});

t.test("sign out everywhere ends all my sessions, on every instance, and nobody else's", async (t) => {
  const db = await createTestDatabase(t);
  const one = await buildTestApp(t, { db });
  const two = await buildTestApp(t, { db });
  const laptop = await signUp(one.app, 'ada@example.com');
  const phone = await signIn(two.app, 'ada@example.com');
  const bob = await signUp(one.app, 'bob@example.com');
  t.equal((await phone.post('/auth/sign-out-all')).statusCode, 204);
  t.equal((await phone.get('/auth/session')).statusCode, 401, 'this session');
  t.equal((await laptop.get('/auth/session')).statusCode, 401, 'the other one, made on the other instance');
  t.equal((await bob.get('/auth/session')).statusCode, 200, "bob's session is untouched");
  const noCsrf = await one.app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-out-all`, headers: { cookie: bob.cookie } });
  t.equal(noCsrf.statusCode, 403, 'it needs the CSRF token like any state change');
  t.equal((await bob.get('/auth/session')).statusCode, 200);
});
