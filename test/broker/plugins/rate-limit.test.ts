import t from 'tap';
import { redisSkip, redisUrl } from '../../helpers/redis.js';
import { buildTestApp, createProjectWithKey, createTestDatabase } from '../../helpers/app.js';

const skip = await redisSkip();
/** A made-up key of the right shape: authentication refuses it (401). */
const badKey = (i: number) => `cb_live_made-up-${i}-${Math.random().toString(36).slice(2)}`;

t.test('two instances share one per-key budget through Redis; 429 in the native body', { skip }, async (t) => {
  const db = await createTestDatabase(t);
  const env = { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl };
  const one = await buildTestApp(t, { db, env });
  const two = await buildTestApp(t, { db, env });
  const { key } = await createProjectWithKey(one.app);
  const other = await createProjectWithKey(one.app, 'other');
  const get = (app: typeof one.app, k: string) => app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': k } });
  t.equal((await get(one.app, key)).statusCode, 200);
  t.equal((await get(two.app, key)).statusCode, 200);
  t.equal((await get(one.app, key)).statusCode, 200);
  const limited = await get(two.app, key);
  t.equal(limited.statusCode, 429, 'the fourth request, on the other instance, is over the budget');
  t.match(limited.json(), { defined: false, code: 'TOO_MANY_REQUESTS', status: 429 });
  t.ok(limited.headers['retry-after'], 'retry-after sent');
  t.equal((await get(two.app, other.key)).statusCode, 200, 'another key has its own budget');
  t.equal((await two.app.inject({ url: '/healthz' })).statusCode, 200, 'health is never limited');
});

t.test('a flood of bad keys spends the address budget on every plane; valid keys keep theirs', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
  const { key } = await createProjectWithKey(app);
  const attacker = '203.0.113.7';
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = attacker) => app.inject({ url, headers, remoteAddress });
  // A valid key used from the same address before the flood.
  t.equal((await get('/api/v1/toolkits', { 'x-api-key': key })).statusCode, 200);

  for (let i = 0; i < 3; i++) t.equal((await get('/api/v1/toolkits', { 'x-api-key': badKey(i) })).statusCode, 401, `bad key ${i}: 401`);
  const native = await get('/api/v1/toolkits', { 'x-api-key': badKey(3) });
  t.equal(native.statusCode, 429, 'a fresh bad key is refused once the address spent its budget');
  t.match(native.json(), { defined: false, code: 'TOO_MANY_REQUESTS', status: 429, message: /failed authentications/ });
  t.ok(Number(native.headers['retry-after']) > 0, 'with Retry-After');

  const compat = await get('/compat/api/v3.1/toolkits', { 'x-api-key': badKey(4) });
  t.equal(compat.statusCode, 429, 'compat plane too');
  t.match(compat.json(), { error: { status: 429, code: 429 } }, 'in the compat body');
  t.ok(compat.headers['retry-after']);

  const noKey = await get('/api/v1/toolkits');
  t.equal(noKey.statusCode, 429, 'no key at all: the same address budget');
  const page = await get('/connect/some-link-token');
  t.equal(page.statusCode, 429, 'connect pages');
  t.match(page.headers['content-type'], /text\/html/, 'as a page');
  const callback = await get('/api/v1/connectors/hubspot/callback?code=x&state=y');
  t.equal(callback.statusCode, 429, 'the OAuth callback');
  t.match(callback.headers['content-type'], /text\/html/);

  t.equal((await get('/api/v1/toolkits', { 'x-api-key': key })).statusCode, 200, 'a key seen valid keeps its own budget');
  t.equal((await get('/api/v1/toolkits', { 'x-api-key': badKey(5) }, '198.51.100.9')).statusCode, 401, 'another address is not affected');
  t.equal((await get('/healthz')).statusCode, 200, 'health is never limited');
});

t.test('requests without a key are limited per address', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '2' } });
  const get = () => app.inject({ url: '/api/v1/toolkits', remoteAddress: '192.0.2.1' });
  t.equal((await get()).statusCode, 401);
  t.equal((await get()).statusCode, 401);
  const limited = await get();
  t.equal(limited.statusCode, 429);
  t.match(limited.json(), { code: 'TOO_MANY_REQUESTS', message: /without a valid key/ });
});

t.test('the per-key budget follows Authorization: Bearer when x-api-key is absent', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '2' } });
  const bearer = (k: string) => app.inject({ url: '/api/v1/toolkits', headers: { authorization: `Bearer ${k}` } });
  const one = badKey(1);
  t.not((await bearer(one)).statusCode, 429);
  t.not((await bearer(one)).statusCode, 429);
  t.equal((await bearer(one)).statusCode, 429, 'the third request with the same bearer key is over its budget');
  t.not((await bearer(badKey(2))).statusCode, 429, 'another bearer key has its own budget');
});

t.test('a valid key is never refused for failed authentications of others from its address', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
  const { key } = await createProjectWithKey(app);
  const fresh = await createProjectWithKey(app, 'fresh');
  const address = '203.0.113.99';
  const get = (url: string, headers: Record<string, string>) => app.inject({ url, headers, remoteAddress: address });
  t.equal((await get('/api/v1/toolkits', { 'x-api-key': key })).statusCode, 200, 'the key was seen valid');
  // A fuzzer on the same address: made-up keys, and the valid key where it answers 401 for another
  // reason (a console route wants a session; the native API wants the key in x-api-key).
  const refused: number[] = [];
  for (let i = 0; i < 12; i++) {
    await get('/api/v1/toolkits', { 'x-api-key': badKey(i) });
    await get('/api/v1/console/orgs', { 'x-api-key': key });
    await get('/api/v1/toolkits', { authorization: `Bearer ${key}` });
    const res = await get('/api/v1/toolkits', { 'x-api-key': key });
    refused.push(res.statusCode);
  }
  t.same(refused, Array(12).fill(200), 'the valid key is answered every time');
  const bad = await get('/api/v1/toolkits', { 'x-api-key': badKey(99) });
  t.equal(bad.statusCode, 429, 'made-up keys are still refused');
  t.equal((await get('/api/v1/toolkits', { 'x-api-key': fresh.key })).statusCode, 200, 'a valid key never used from there is answered too');
  t.equal((await get('/compat/api/v3.1/toolkits', { 'x-api-key': key })).statusCode, 200, 'on the compat plane too');
});
