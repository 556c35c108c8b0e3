/**
 * buildApp(config): the one way to assemble the broker, used by the server, the CLI, the demo and
 * every test. It registers plugins and nothing else: infrastructure first (the composition root,
 * src/services.ts, builds every service), then the planes, each handed a narrowed set of services.
 * It never migrates: `broker migrate` and `npm start` do (src/db/orm.ts migrateDatabase).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { createHash, randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Redis } from 'ioredis';
import type { Config } from '../src/config.js';
import type { Clock } from '../src/clock.js';
import { loggerOptions } from '../src/logging.js';
import dbPlugin from './db.js';
import servicesPlugin from './services.js';
import errorsPlugin from './errors.js';
import authPlugin from './auth.js';
import specPlugin from './spec.js';
import healthPlugin from './health.js';
import nativeApiPlugin from './native/index.js';
import compatPlugin from './compat/index.js';
import connectPages from './connect/index.js';

export interface BuildOptions {
  /** Where log lines go (tests capture them to scan for secrets); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Time source for token, state and link lifetimes; default the system clock (tests move it). */
  clock?: Clock;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream, config.logFormat),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 5 * 1024 * 1024,
    return503OnClosing: true,
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  try {
    await registerPlugins(app, config, options);
    await app.ready();
  } catch (err) {
    // A failed start (bad catalog, missing vault key…) must not leave the database pool open.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

async function registerPlugins(app: FastifyInstance, config: Config, options: BuildOptions): Promise<void> {
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
  await app.register(servicesPlugin, { config, clock: options.clock });
  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  if (config.rateLimitPerMinute > 0) await registerRateLimit(app, config);
  const s = app.services;
  await app.register(authPlugin, { services: { apiKeys: s.apiKeys, cache: s.cache } });
  await app.register(specPlugin, { config });
  await app.register(healthPlugin, { services: { ping: s.ping } });
  await app.register(nativeApiPlugin, {
    prefix: '/api/v1',
    services: {
      catalogService: s.catalogService,
      authConfigs: s.authConfigs,
      connections: s.connections,
      tokens: s.tokens,
      execution: s.execution,
      proxy: s.proxy,
    },
  });
  await app.register(compatPlugin, {
    prefix: '/compat/api/v3.1',
    services: {
      catalog: s.catalog,
      authConfigs: s.authConfigs,
      connections: s.connections,
      tokens: s.tokens,
      execution: s.execution,
      proxy: s.proxy,
      connectLinks: s.connectLinks,
    },
  });
  await app.register(connectPages, { services: { connectLinks: s.connectLinks } });
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
