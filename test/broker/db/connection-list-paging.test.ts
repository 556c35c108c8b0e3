/** Deep pages (offset >= 1,000 skip by id first, then load the rows) match the plain offset query. */
import t from 'tap';
import { appDb, buildTestApp } from '../../helpers/app.js';
import { createConnectionRepository } from '../../../src/db/repositories/connection-repository.js';
import { Connection, type ConnectionStatus } from '../../../src/db/entities/index.js';

t.test('a deep page holds the same rows, in the same order, as the whole list read at once', async (t) => {
  const db = appDb(await buildTestApp(t));
  const repo = createConnectionRepository(db);
  const statuses: ConnectionStatus[] = ['ACTIVE', 'ACTIVE', 'EXPIRED'];
  const base = Date.UTC(2026, 0, 1);
  await db.em().insertMany(
    Connection,
    Array.from({ length: 1_600 }, (_, i) => ({
      id: `con_page_${String(i).padStart(5, '0')}`,
      projectId: 'prj_paging',
      authConfigId: 'ac_paging',
      toolkitSlug: 'hubspot',
      authMethodId: 'hubspot_oauth2',
      authMethodKind: 'oauth2',
      entityId: `user-${i % 7}`,
      status: statuses[i % 3]!,
      disabled: false,
      // Pairs share a timestamp: the id breaks the tie in both paths.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
      updatedAt: new Date(base + (i % 50) * 1000),
    })),
  );
  const cases = [
    { name: 'created desc', f: {} },
    { name: 'updated asc', f: { orderBy: 'updatedAt' as const, direction: 'asc' as const } },
    { name: 'ACTIVE only', f: { states: [{ statuses: ['ACTIVE' as const] }] } },
  ];
  for (const { name, f } of cases) {
    const all = await repo.list('prj_paging', { ...f, limit: 1_600, offset: 0 });
    const from = 1_000;
    const deep = await repo.list('prj_paging', { ...f, limit: 25, offset: from });
    t.same(
      deep.rows.map((r) => r.id),
      all.rows.slice(from, from + 25).map((r) => r.id),
      `${name}: same page`,
    );
    t.equal(deep.total, all.total, `${name}: same total`);
  }
  const last = await repo.list('prj_paging', { limit: 25, offset: 1_590 });
  t.equal(last.rows.length, 10, 'a short last page');
  t.equal((await repo.list('prj_paging', { limit: 25, offset: 5_000 })).rows.length, 0, 'past the end: empty');
});
