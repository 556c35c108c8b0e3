/**
 * buildApp(config): the one way to assemble the broker, used by the server, the CLI and every
 * test. It registers plugins and nothing else: infrastructure first, then the planes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { createHash, randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { loggerOptions } from './logging.js';
import dbPlugin from '../plugins/db.js';
import servicesPlugin from '../plugins/services.js';
import errorsPlugin from '../plugins/errors.js';
import authPlugin from '../plugins/auth.js';
import specPlugin from '../plugins/spec.js';
import healthPlugin from '../plugins/health.js';
import nativeApiPlugin from '../plugins/native-api.js';
import vaultPlugin from '../plugins/vault.js';
import compatPlugin from '../plugins/compat.js';
import connectPage from '../plugins/connect-page.js';

export interface BuildOptions {
  /** Where log lines go (tests capture them to scan for secrets); default stdout. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 5 * 1024 * 1024,
    return503OnClosing: true,
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  try {
    await registerPlugins(app, config);
    await app.ready();
  } catch (err) {
    // A failed start (bad catalog, missing vault key…) must not leave the database pool open.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
  // During shutdown, answers to in-flight requests close their keep-alive socket, so the
  // server can finish closing as soon as they are done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  await app.register(dbPlugin, { config });
  await app.register(servicesPlugin, { config });
  await app.register(vaultPlugin);
  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  if (config.rateLimitPerMinute > 0) await registerRateLimit(app, config);
  await app.register(authPlugin);
  await app.register(specPlugin, { config });
  await app.register(healthPlugin);
  await app.register(nativeApiPlugin, { prefix: '/api/v1' });
  await app.register(compatPlugin, { prefix: '/compat/api/v3.1' });
  await app.register(connectPage);
}

/** Per-key limits; counters live in Redis when REDIS_URL is set so all instances share them. */
async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    redis,
    nameSpace: 'broker-rl-',
    // Keyed by the presented key (so one tenant cannot starve another), else by address.
    keyGenerator: (req) => {
      const key = req.headers['x-api-key'];
      return typeof key === 'string' && key ? `k:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}` : `ip:${req.ip}`;
    },
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
  });
}
