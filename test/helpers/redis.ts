/** The test Redis (REDIS_URL_TEST, else the local one .ci/run starts), and a skip reason when it is down. */
import { Redis } from 'ioredis';

export const redisUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

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

/** For `t.test(name, { skip: await redisSkip() }, …)`: false when Redis answers. */
export async function redisSkip(): Promise<string | false> {
  return (await redisReachable()) ? false : `Redis is not reachable at ${redisUrl} (.ci/run starts it)`;
}
