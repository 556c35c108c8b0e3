/** Builds the domain services (src/services.ts) and hangs them on the app as `app.services`. */
import fp from 'fastify-plugin';
import type { Config } from '../src/config.js';
import { createServices, type Services } from '../src/services.js';
import { createEpochStore } from '../src/cache/epoch.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}

export default fp(
  async (app, opts: { config: Config }) => {
    app.decorate('config', opts.config);
    const epoch = createEpochStore(opts.config.database);
    app.addHook('onClose', () => epoch.close());
    const services = createServices({ config: opts.config, orm: app.orm, log: app.log, epoch });
    app.decorate('services', services);
    app.addHook('onClose', async () => {
      await services.recorder.close();
      services.http.close();
    });
  },
  { name: 'services', dependencies: ['db'] },
);
