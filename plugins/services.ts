/**
 * Hangs the composition root's services (src/services.ts) on the app for the entry points (CLI,
 * bootstrap, tests). Planes never read `app.services`: app.ts hands each one a narrowed set.
 */
import fp from 'fastify-plugin';
import type { Config } from '../src/config.js';
import type { Clock } from '../src/clock.js';
import { createServices, type Services } from '../src/services.js';

/** How often INITIATED connections past their OAuth state lifetime are marked FAILED. */
const SWEEP_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}

export default fp(
  async (app, opts: { config: Config; clock?: Clock }) => {
    app.decorate('config', opts.config);
    const services = createServices({ config: opts.config, orm: app.orm, log: app.log, clock: opts.clock });
    app.decorate('services', services);
    let sweep: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> = Promise.resolve();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await sweeping;
      await services.close();
    });
    // Refuse to start when stored secrets need a master key VAULT_KEYS lacks.
    await services.vault.assertKeysAvailable();
    // Abandoned OAuth attempts end (FAILED) even when nobody reads them; reads expire what they read.
    sweep = setInterval(() => {
      sweeping = services.connections
        .failAbandoned()
        .catch((err: unknown) => app.log.warn({ err }, 'sweep of abandoned OAuth attempts failed'));
    }, SWEEP_INTERVAL_MS).unref();
  },
  { name: 'services', dependencies: ['db'] },
);
