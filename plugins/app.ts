/**
 * buildApp(config): the one way to assemble the broker, used by the server, the CLI, the demo and
 * every test. It registers plugins and nothing else: infrastructure first (the composition root,
 * src/services.ts, builds every service), then the planes, each handed a narrowed set of services.
 * It never migrates: `broker migrate` and `npm start` do (src/db/orm.ts migrateDatabase).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../src/config.js';
import type { Clock } from '../src/clock.js';
import { loggerOptions, requestLoggerFactory, RequestLogController } from '../src/logging.js';
import { BrokerError } from '../src/errors.js';
import dbPlugin from './db.js';
import servicesPlugin from './services.js';
import errorsPlugin from './errors.js';
import quotaErrors from './quota-errors.js';
import inputGuard from './input-guard.js';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrorHandler } from './transport-errors.js';
import authPlugin from './auth.js';
import specPlugin from './spec.js';
import healthPlugin from './health.js';
import metricsPlugin from './metrics.js';
import nativeApiPlugin from './native/index.js';
import compatPlugin from './compat/index.js';
import connectPages from './connect/index.js';
import consoleWeb from './console-web.js';
import rateLimitPlugin from './rate-limit.js';
import serverLimits, { serverTimeouts } from './server-limits.js';
import mcpPlugin from './mcp/index.js';
import { sharedSchemaCompilers } from './schema-compilers.js';
import securityHeaders from './security-headers.js';
import consolePlugin from './console/index.js';
import eventsWorker from './events-worker.js';
import scheduledTasks from './scheduled-tasks.js';
import triggerPoller from './trigger-poller.js';

export interface BuildOptions {
  /** Where log lines go (tests capture them to scan for secrets); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Time source for token, state and link lifetimes; default the system clock (tests move it). */
  clock?: Clock;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream, config.logFormat),
    childLoggerFactory: requestLoggerFactory,
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: config.http.bodyLimitBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Refused in our own hook below, so the 503 carries the error body.
    return503OnClosing: false,
    ...serverTimeouts(config),
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    schemaController: { compilersFactory: sharedSchemaCompilers() },
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
  // Global hooks in callback style: an async hook costs every request a promise and a turn.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(new BrokerError('SERVICE_UNAVAILABLE', 'The server is shutting down; retry on another instance'));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // A response already past onSend when shutdown began (a file still streaming) went out with
  // keep-alive, and its socket, idle only after the server's one sweep of idle sockets, would
  // hold the close until the keep-alive timeout: close it once the response is done. destroySoon,
  // as Node does after a `Connection: close` answer: what was written still reaches the client,
  // and the close does not wait for the client to close its side. With end(), a client that never
  // read its answer (the image test's fetch of a script, body left unread) held the shutdown for
  // its whole 10 s grace, and the process exited 1.
  app.addHook('onResponse', (request, _reply, done) => {
    if (closing) request.raw.socket?.destroySoon();
    done();
  });
  await app.register(dbPlugin, { config });
  await app.register(servicesPlugin, { config, clock: options.clock });
  await app.register(errorsPlugin);
  await app.register(securityHeaders, { https: config.publicBaseUrl.startsWith('https:') });
  await app.register(quotaErrors);
  await app.register(inputGuard);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(serverLimits, { config });
  await app.register(rateLimitPlugin, { config, apiKeys: app.services.tenancy.apiKeys });
  const s = app.services;
  await app.register(metricsPlugin, { metrics: s.metrics, token: config.metricsToken });
  await app.register(authPlugin, { services: { apiKeys: s.tenancy.apiKeys, agentSessions: s.tenancy.agentSessions, cache: s.cache } });
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
      connectLinks: s.connectLinks,
      webhooks: s.webhooks,
      triggerInstances: s.triggerInstances,
      providerWebhooks: s.providerWebhooks,
      idempotency: s.idempotency,
      // Agent sessions (issue 30) and the audit of API-key changes.
      tenancy: s.tenancy,
      toolSelection: s.toolSelection,
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
      compatWebhooks: s.compatWebhooks,
      triggerInstances: s.triggerInstances,
      // API-key changes are audited (plugins/api-key-audit.ts).
      tenancy: s.tenancy,
    },
  });
  await app.register(connectPages, { services: { connectLinks: s.connectLinks } });
  await app.register(consoleWeb, {});
  // Narrowed by the plugin's own type (ConsoleServices), which lists what the console uses.
  await app.register(consolePlugin, { config, services: s });
  await app.register(mcpPlugin, { services: { catalog: s.catalog, execution: s.execution, toolSelection: s.toolSelection } });
  await app.register(eventsWorker, { worker: s.webhookWorker });
  await app.register(scheduledTasks, { enabled: config.scheduledTasks.enabled, scheduler: s.scheduler });
  await app.register(triggerPoller, { poller: s.triggerPoller, reconcile: s.triggerPolling.reconcile });
}
