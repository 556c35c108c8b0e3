import t from 'tap';
import { openOrm, migrate } from '../../src/db/orm.js';
import { createTestDatabase, testConfig } from '../helpers/app.js';

t.test('migrations apply on a fresh database and match the entities exactly', async (t) => {
  const db = await createTestDatabase(t);
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
