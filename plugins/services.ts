/**
 * Hangs the composition root's services (src/services.ts) on the app for the entry points (CLI,
 * bootstrap, tests). Planes never read `app.services`: app.ts hands each one a narrowed set.
 */
import fp from 'fastify-plugin';
import type { Config } from '../src/config.js';
import type { Clock } from '../src/clock.js';
import { createServices, type Services } from '../src/services.js';

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
    app.addHook('onClose', () => services.close());
    // Refuse to start when stored secrets need a master key VAULT_KEYS lacks.
    await services.vault.assertKeysAvailable();
  },
  { name: 'services', dependencies: ['db'] },
);
