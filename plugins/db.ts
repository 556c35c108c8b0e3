/**
 * Opens the ORM, gives every request its own entity-manager fork, and closes it when the app closes. It never migrates (`broker migrate` and
 * `npm start` do); it refuses to start on a schema older than the code, naming the fix.
 */
import fp from 'fastify-plugin';
import { RequestContext, type MikroORM } from '@mikro-orm/core';
import type { Config } from '../src/config.js';
import { openOrm, pendingMigrations } from '../src/db/orm.js';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
  }
}

export default fp(
  async (app, opts: { config: Config }) => {
    const orm = await openOrm(opts.config.database);
    app.decorate('orm', orm);
    app.addHook('onClose', async () => {
      await orm.close(true);
    });
    // The unit of work: one entity-manager fork per request (src/db/unit-of-work.ts).
    app.addHook('onRequest', (_request, _reply, done) => {
      RequestContext.create(orm.em, done);
    });
    const pending = await pendingMigrations(orm);
    if (pending.length > 0) {
      throw new Error(
        `The database schema is behind this version by ${pending.length} migration(s) (${pending.join(', ')}); run \`broker migrate\` (npm start migrates on its own)`,
      );
    }
  },
  { name: 'db' },
);
