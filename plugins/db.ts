/**
 * Opens the ORM and closes it when the app closes. It never migrates (`broker migrate` and
 * `npm start` do); it refuses to start on a schema older than the code, naming the fix. No
 * per-request context: each repository call takes its own fork (src/db/fork-per-call.ts).
 */
import fp from 'fastify-plugin';
import type { MikroORM } from '@mikro-orm/core';
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
    const pending = await pendingMigrations(orm);
    if (pending.length > 0) {
      throw new Error(
        `The database schema is behind this version by ${pending.length} migration(s) (${pending.join(', ')}); run \`broker migrate\` (npm start migrates on its own)`,
      );
    }
  },
  { name: 'db' },
);
