import t from 'tap';
import { openOrm, migrate } from '../../../src/db/orm.js';
import { createDb } from '../../../src/db/fork-per-call.js';
import { ToolExecution, type IToolExecution } from '../../../src/db/entities/index.js';
import { createTestDatabase, testConfig } from '../../helpers/app.js';

/** 263 rows: every SQLite chunk size is used (200 + 50 + 10 + 1 + 1 + 1). */
function rows(count: number, projectId: string): IToolExecution[] {
  const start = Date.UTC(2026, 10, 26, 12);
  return Array.from({ length: count }, (_, i) => ({
    id: `ex_${projectId}_${String(i).padStart(6, '0')}`,
    projectId,
    connectionId: i % 3 === 0 ? '' : `ca_${i}`,
    entityId: i % 6 === 0 ? null : `user-${i}`,
    kind: i % 2 === 0 ? 'tool' : 'proxy',
    // Text the array literal (PostgreSQL) or the statement must carry as it is.
    toolSlug: i % 5 === 0 ? null : `T_${i} "quoted", {braced} back\\slash 'single' é ✓`,
    toolkitSlug: i % 7 === 0 ? 'NULL' : 'hubspot',
    status: i % 4 === 0 ? 0 : 200 + (i % 300),
    successful: i % 4 !== 0,
    durationMs: i * 3,
    outcome: i % 4 === 0 ? 'error' : 'succeeded',
    errorCode: i % 4 === 0 ? 'PROVIDER_UNREACHABLE' : null,
    errorMessage: i % 4 === 0 ? `Provider unreachable "quoted" {braced} ✓` : null,
    requestId: i % 2 === 0 ? `req-${i}` : null,
    createdAt: new Date(start + i * 1001),
  }));
}

t.test('bulkInsert stores every row and value as the ORM reads it back, in one statement or transaction', async (t) => {
  const database = await createTestDatabase(t);
  const config = testConfig(database);
  const orm = await openOrm(config.database);
  t.teardown(() => orm.close(true));
  await migrate(orm);
  const db = createDb(orm, config.database);
  t.teardown(() => db.close());
  const insert = db.bulkInsert(ToolExecution);

  const written = rows(263, 'prj_bulk');
  await insert(written);
  await insert([]);
  const read = await db.em().find(ToolExecution, { projectId: 'prj_bulk' }, { orderBy: { id: 'asc' } });
  t.equal(read.length, written.length, 'every row is stored');
  t.same(
    read.map((r) => ({ ...r })),
    written,
    'each value reads back as written: strings with quotes, braces and backslashes, nulls, booleans, dates',
  );

  // A batch is all or nothing: a duplicate id in its last row leaves none of it behind.
  const again = rows(211, 'prj_bulk_2');
  again[210] = { ...again[210]!, id: written[0]!.id };
  await t.rejects(insert(again), 'a duplicate primary key fails the batch');
  t.equal(await db.em().count(ToolExecution, { projectId: 'prj_bulk_2' }), 0, 'no row of the failed batch is stored');

  // The connection stays usable and the statements prepared on it still serve.
  await insert(rows(12, 'prj_bulk_3'));
  t.equal(await db.em().count(ToolExecution, { projectId: 'prj_bulk_3' }), 12);
});
