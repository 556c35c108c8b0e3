/** Liveness and readiness for load balancers and orchestrators. Public, never logged at info. */
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../src/services.js';
import { Type } from '@sinclair/typebox';

const Health = Type.Object({ status: Type.String() });

/**
 * How long readiness waits for the database: a partition (packets dropped) must not hold the
 * probe, which must answer within a second; half of it leaves room for a busy event loop.
 */
const READY_PING_TIMEOUT_MS = 500;

/** Resolves when the database answered within the limit, rejects otherwise (never hangs). */
function pingWithin(ping: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  // A ping that settles after the deadline must not become an unhandled rejection.
  const answered = ping();
  answered.catch(() => undefined);
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

const health: FastifyPluginAsync<{ services: Pick<Services, 'ping'> }> = async (app, { services }) => {
  app.get('/healthz', { logLevel: 'warn', schema: { hide: true, response: { 200: Health } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true, response: { 200: Health, 503: Health } } }, async (_req, reply) => {
    try {
      await pingWithin(services.ping, READY_PING_TIMEOUT_MS);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
};

export default health;
