import t from 'tap';
import { openOrm, migrate, migrateDatabase } from '../../../src/db/orm.js';
import { buildApp } from '../../../plugins/app.js';
import { createTestDatabase, testConfig } from '../../helpers/app.js';

t.test('migrations apply on a fresh database and match the entities exactly', async (t) => {
  const db = await createTestDatabase(t, { empty: true });
  const config = testConfig(db);
  const orm = await openOrm(config.database);
  t.teardown(() => orm.close(true));
  const applied = await migrate(orm);
  t.ok(applied.length >= 1, `applied ${applied.join(', ')}`);
  t.same(await migrate(orm), [], 'a second run applies nothing');
  const drift = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
  t.equal(drift.trim(), '', 'entities and migrations agree (generate a migration with npm run db:migration)');
  const count = await orm.em.fork().getConnection().execute('select count(*) as n from api_keys');
  t.equal(Number((count as { n: number }[])[0]!.n), 0);
});

t.test('buildApp refuses an unmigrated database, naming `broker migrate`', async (t) => {
  const db = await createTestDatabase(t, { empty: true });
  const config = testConfig(db, { LOG_LEVEL: 'silent' });
  await t.rejects(buildApp(config), /schema is behind.*run `broker migrate`/, 'a fresh database is not served');
  const applied = await migrateDatabase(config.database);
  t.ok(applied.length >= 1, 'buildApp created no tables of its own: every migration is still pending');
  const app = await buildApp(config);
  t.teardown(() => app.close());
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'after `broker migrate` it starts');
});
