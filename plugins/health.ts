/** Liveness and readiness for load balancers and orchestrators. Public, never logged at info. */
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../src/services.js';
import { Type } from '@sinclair/typebox';

const Health = Type.Object({ status: Type.String() });

const health: FastifyPluginAsync<{ services: Pick<Services, 'ping'> }> = async (app, { services }) => {
  app.get('/healthz', { logLevel: 'warn', schema: { hide: true, response: { 200: Health } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true, response: { 200: Health, 503: Health } } }, async (_req, reply) => {
    try {
      await services.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
};

export default health;
