import t from 'tap';
import { Redis } from 'ioredis';
import { buildTestApp, createProjectWithKey, createTestDatabase } from '../helpers/app.js';

const redisUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const skip = (await redisReachable()) ? false : `Redis is not reachable at ${redisUrl} (.ci/run starts it)`;

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
