/**
 * Failed console sign-ins are budgeted per account and per address (whatever RATE_LIMIT_* say);
 * the refusal reads the same whether or not the account exists; a success resets nothing. Console
 * requests with a session cookie spend that session's budget, not the address's anonymous one.
 */
import t from 'tap';
import { redisSkip, redisUrl } from '../../helpers/redis.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createTestDatabase } from '../../helpers/app.js';
import { CONSOLE, TEST_PASSWORD, signIn, signUp } from '../../helpers/console.js';
import { FAILED_SIGN_INS_PER_ACCOUNT, FAILED_SIGN_INS_PER_ADDRESS } from '../../../plugins/console/sign-in-limits.js';

const WRONG = 'not the password at all';

function attempt(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-in`, payload: { email, password }, remoteAddress });
}

t.test('per account: after 10 failures even the right password waits; the answer does not tell whether the account exists', async (t) => {
  const { app } = await buildTestApp(t);
  await signUp(app, 'ada@example.com');
  await signUp(app, 'bob@example.com');
  for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT; i++) {
    // Spread over addresses and spellings of the email: the account's budget is one.
    const email = i % 2 ? 'ADA@example.com' : 'ada@Example.COM';
    t.equal((await attempt(app, email, WRONG, `192.0.2.${i + 1}`)).statusCode, 401, `failure ${i + 1}`);
  }
  const locked = await attempt(app, 'ada@example.com', TEST_PASSWORD, '198.51.100.1');
  t.equal(locked.statusCode, 429, 'the right password, from a fresh address, is refused');
  t.match(locked.json(), { defined: false, code: 'TOO_MANY_REQUESTS', status: 429, message: /Too many failed sign-in attempts/ });
  const retryAfter = Number(locked.headers['retry-after']);
  t.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter} s within the 15-minute window`);
  t.equal(locked.cookies.length, 0, 'no session');

  for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT; i++) await attempt(app, 'nobody@example.com', WRONG, `192.0.2.${i + 1}`);
  const unknown = await attempt(app, 'nobody@example.com', WRONG, '198.51.100.1');
  t.equal(unknown.statusCode, 429, 'an unknown email is limited the same way');
  const words = (res: typeof locked) => res.json().message.replace(/\d+/g, 'N');
  t.equal(words(unknown), words(locked), 'with the same words');

  t.equal((await attempt(app, 'bob@example.com', TEST_PASSWORD)).statusCode, 200, 'other accounts are not affected');
});

t.test('per address: 30 failures on any accounts lock the address, not the accounts', async (t) => {
  const { app } = await buildTestApp(t);
  await signUp(app, 'ada@example.com');
  const attacker = '203.0.113.50';
  for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS - 1; i++)
    t.equal((await attempt(app, `guess-${i}@example.com`, WRONG, attacker)).statusCode, 401);
  // Signing in to one's own account resets nothing.
  t.equal((await attempt(app, 'ada@example.com', TEST_PASSWORD, attacker)).statusCode, 200, 'a success from the address');
  t.equal((await attempt(app, 'guess-last@example.com', WRONG, attacker)).statusCode, 401, 'the 30th failure');
  const locked = await attempt(app, 'ada@example.com', TEST_PASSWORD, attacker);
  t.equal(locked.statusCode, 429, 'the address is over its budget, even for a right password');
  t.ok(Number(locked.headers['retry-after']) > 0);
  t.equal((await attempt(app, 'ada@example.com', TEST_PASSWORD, '198.51.100.7')).statusCode, 200, 'the account is not locked');
});

t.test('a burst of parallel guesses is held to the budget', async (t) => {
  const { app } = await buildTestApp(t);
  await signUp(app, 'ada@example.com');
  const burst = await Promise.all(
    Array.from({ length: FAILED_SIGN_INS_PER_ACCOUNT + 5 }, (_, i) => attempt(app, 'ada@example.com', WRONG, `192.0.2.${i + 1}`)),
  );
  const statuses = burst.map((r) => r.statusCode);
  t.equal(statuses.filter((s) => s === 401).length, FAILED_SIGN_INS_PER_ACCOUNT, 'exactly the budget was checked');
  t.equal(statuses.filter((s) => s === 429).length, 5, 'the rest were refused unchecked');
});

const skip = await redisSkip();

t.test('with Redis, two instances share the budgets', { skip }, async (t) => {
  const db = await createTestDatabase(t);
  const env = { REDIS_URL: redisUrl };
  const one = await buildTestApp(t, { db, env });
  const two = await buildTestApp(t, { db, env });
  // Counters outlive the test in Redis: a fresh email each run.
  const email = `ada-${randomUUID()}@example.com`;
  await signUp(one.app, email);
  for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT; i++) {
    const app = i % 2 ? one.app : two.app;
    t.equal((await attempt(app, email, WRONG, `192.0.2.${i + 1}`)).statusCode, 401);
  }
  t.equal((await attempt(one.app, email, TEST_PASSWORD, '198.51.100.2')).statusCode, 429);
  t.equal((await attempt(two.app, email, TEST_PASSWORD, '198.51.100.3')).statusCode, 429, 'on either instance');
});

t.test("console requests with a session cookie spend that session's budget, not the address's", async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5' } });
  // Two sign-ups without a cookie: 2 of the address's 5.
  const ada = await signUp(app, 'ada@example.com');
  const bob = await signUp(app, 'bob@example.com');
  for (let i = 0; i < 3; i++) t.equal((await ada.get('/auth/session')).statusCode, 200, `ada ${i + 1}`);
  const over = await ada.get('/auth/session');
  t.equal(over.statusCode, 429, "ada's session spent its own budget");
  t.match(over.json(), { code: 'TOO_MANY_REQUESTS', message: /per session/ });
  t.ok(over.headers['retry-after']);
  for (let i = 0; i < 3; i++) t.equal((await bob.get('/auth/session')).statusCode, 200, `bob ${i + 1}: his own budget`);

  const anonymous = () => app.inject({ url: `${CONSOLE}/auth/options` });
  for (let i = 0; i < 3; i++)
    t.equal((await anonymous()).statusCode, 200, `anonymous ${i + 1}: the sessions spent none of the address's budget`);
  t.equal((await anonymous()).statusCode, 429, 'the address budget holds for requests without a session');

  const forged = await app.inject({ url: `${CONSOLE}/auth/session`, headers: { cookie: `broker_session=${'x'.repeat(43)}.forged` } });
  t.equal(forged.statusCode, 429, 'a cookie this server did not sign buys no budget of its own');
});

t.test('a signed cookie of an ended session spends the address budget when refused', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
  const ada = await signUp(app, 'ada@example.com'); // 1 of 3
  t.equal((await ada.post('/auth/sign-out')).statusCode, 204);
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'ended: 2 of 3');
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'ended: 3 of 3');
  t.equal((await ada.get('/auth/session')).statusCode, 429, 'the address is over: the ended session is refused before a lookup');
  const bob = await signIn(app, 'ada@example.com', TEST_PASSWORD).catch((err: Error) => err);
  t.ok(bob instanceof Error && /429/.test(bob.message), 'the address budget also covers sign-in without a cookie');
});

t.test('sign-ups refused because the email has an account spend the address budget: emails cannot be tested at speed', async (t) => {
  const { app } = await buildTestApp(t);
  await signUp(app, 'ada@example.com');
  const prober = '203.0.113.77';
  const signUpFrom = (email: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `${CONSOLE}/auth/sign-up`, payload: { email, password: TEST_PASSWORD }, remoteAddress });
  t.equal((await signUpFrom('new-0@example.com', prober)).statusCode, 201, 'a new email is no failure');
  for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++) t.equal((await signUpFrom('ada@example.com', prober)).statusCode, 409);
  const locked = await signUpFrom('ada@example.com', prober);
  t.equal(locked.statusCode, 429, 'the address may not ask again');
  t.match(locked.json().message, /Too many failed sign-in or sign-up attempts/);
  t.ok(Number(locked.headers['retry-after']) > 0);
  t.equal((await signUpFrom('new-1@example.com', prober)).statusCode, 429, 'not even with a new email');
  t.equal((await attempt(app, 'ada@example.com', TEST_PASSWORD, prober)).statusCode, 429, 'nor sign in: the budget is one');
  t.equal((await signUpFrom('new-2@example.com', '198.51.100.9')).statusCode, 201, 'other addresses are not affected');
});
