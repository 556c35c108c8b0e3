/**
 * Opens the ORM, applies pending migrations (under an advisory lock on PostgreSQL, so instances
 * starting together do not race), and closes it when the app closes.
 */
import fp from 'fastify-plugin';
import type { MikroORM } from '@mikro-orm/core';
import type { Config } from '../src/config.js';
import { migrate, openOrm } from '../src/db/orm.js';
import { withMigrationLock } from '../src/db/migration-lock.js';

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
    const applied = await withMigrationLock(orm, () => migrate(orm));
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  },
  { name: 'db' },
);
