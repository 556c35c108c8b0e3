/**
 * Entry point (`npm start`): load and validate the configuration, apply pending migrations, build
 * the app, create a first project on an empty database, listen, and shut down gracefully.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { buildApp } from '../plugins/app.js';
import { migrateDatabase } from '../src/db/orm.js';
import { isDatabaseUnavailable } from '../src/db/database-errors.js';
import { bootstrapBanner, bootstrapIfEmpty } from '../src/bootstrap.js';
import { describeStartupError } from '../src/startup-errors.js';

/** How long in-flight requests may take to finish after SIGTERM before we exit anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config): Promise<{ app: FastifyInstance; close: () => Promise<void>; url: string }> {
  const applied = await migrateDatabase(config.database);
  const app = await buildApp(config);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  for (const warning of config.warnings) app.log.warn(warning);
  if (config.bootstrap) {
    // Production prints no key: it points the operator at the console's sign-up instead.
    const created = await bootstrapIfEmpty(app.services.tenancy, config.env);
    if (created) process.stdout.write(bootstrapBanner(created, config.publicBaseUrl));
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Port in use or not allowed: release the database pool before the process exits.
    await app.close().catch(() => undefined);
    throw err;
  }

  keepRunningThroughDatabaseOutages(app);

  let closing: Promise<void> | undefined;
  const close = () => {
    // Fastify stops accepting, lets in-flight requests finish, then runs onClose (ORM close).
    closing ??= app.close();
    return closing;
  };
  let stopping = false;
  const shutdown = (reason: Record<string, unknown>) => {
    if (stopping) return;
    stopping = true;
    app.log.info(reason, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => shutdown({ signal }));
  stopWithParent(shutdown);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { app, close, url: `http://${config.host}:${port}` };
}

/** How often a server started by npm checks that npm is still there. */
const PARENT_CHECK_MS = 1000;
/** Read at load: npm may be gone before the server has finished starting. */
const PARENT_AT_START = process.ppid;

/**
 * Under `npm start` the server is npm's child (through a shell), and a signal sent to npm alone
 * (a process manager, `kill <npm's pid>`) does not always reach it: the server would keep the port
 * with nobody to stop it. Started by npm, it stops when npm is gone (it is handed to another
 * parent). Not otherwise: a server started with nohup or by an init system outlives its shell.
 */
function stopWithParent(shutdown: (reason: Record<string, unknown>) => void): void {
  if (!process.env.npm_lifecycle_event) return;
  const parent = PARENT_AT_START;
  const timer = setInterval(() => {
    if (process.ppid !== parent) shutdown({ reason: `parent process ${parent} (npm) exited` });
  }, PARENT_CHECK_MS);
  timer.unref();
}

/**
 * A lost database connection surfacing outside a request (a driver's 'error' event, a background
 * write nobody awaits) must not end the process: requests answer 503 meanwhile and the pools
 * reconnect when the database returns. Anything else unexpected still ends it, as Node would.
 */
function keepRunningThroughDatabaseOutages(app: FastifyInstance): void {
  const handle = (kind: string) => (err: unknown) => {
    if (isDatabaseUnavailable(err)) return void app.log.error({ err }, `database unavailable (${kind}); still serving`);
    app.log.fatal({ err }, kind);
    process.exit(1);
  };
  process.on('uncaughtException', handle('uncaught exception'));
  process.on('unhandledRejection', handle('unhandled rejection'));
}

/**
 * Every start-up failure ends the process the same way: one line on stderr naming the setting or
 * file and the fix (src/startup-errors.ts), exit code 1, no stack trace.
 */
export function exitOnStartupFailure(err: unknown, config?: Config): never {
  process.stderr.write(`${describeStartupError(err, config)}\n`);
  process.exit(1);
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  let config: Config | undefined;
  try {
    config = loadConfig();
    await startServer(config);
  } catch (err) {
    exitOnStartupFailure(err, config);
  }
}
