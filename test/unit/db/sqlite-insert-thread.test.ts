import t from 'tap';
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startInsertThread, type InsertThreadSetup } from '../../../src/db/sqlite-insert-thread.js';
import type { TestContext } from '../../helpers/app.js';

/** A database file with one table, and a setup for a thread inserting into it. */
function scratchFile(t: TestContext, create = true): InsertThreadSetup & { createTable(): void; rows(): { id: string; n: number }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'insert-thread-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'records.sqlite');
  const createTable = () => {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('create table "records" ("id" text primary key, "n" integer not null)');
    db.close();
  };
  if (create) createTable();
  return {
    file,
    busyTimeoutMs: 2_000,
    table: 'records',
    columns: ['id', 'n'],
    createTable,
    rows() {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return db.prepare<[], { id: string; n: number }>('select id, n from records order by id').all();
      } finally {
        db.close();
      }
    },
  };
}

t.test('a batch is committed on the thread by the time insert resolves; a failed batch stores none of its rows', async (t) => {
  const setup = scratchFile(t);
  const thread = startInsertThread(setup);
  t.teardown(() => thread.close());

  await thread.insert(['a', 1, 'b', 2, 'c', 3], 3);
  t.same(
    setup.rows(),
    [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
    ],
    'read back from another connection',
  );

  // 261 rows: every chunk size (200, 50, 10, 1), the last row a duplicate of an earlier batch's.
  const values = Array.from({ length: 260 }, (_, i) => [`r${String(i).padStart(3, '0')}`, i]).flat();
  await t.rejects(
    thread.insert([...values, 'a', 9], 261),
    { message: /UNIQUE constraint failed/, code: 'SQLITE_CONSTRAINT_PRIMARYKEY' },
    'the database says why, with its code (which database-errors.ts reads)',
  );
  t.equal(setup.rows().length, 3, 'no row of the failed batch is stored');

  await thread.insert(values, 260);
  t.equal(setup.rows().length, 263, 'the thread serves on after a failed batch');
});

t.test('a thread that cannot open the file fails its batch with the reason, and the next batch starts another', async (t) => {
  const setup = scratchFile(t, false);
  const thread = startInsertThread(setup);
  t.teardown(() => thread.close());
  await t.rejects(thread.insert(['a', 1], 1), /cannot open .*records\.sqlite for the execution records: unable to open database file/);

  setup.createTable();
  await thread.insert(['a', 1], 1);
  t.same(setup.rows(), [{ id: 'a', n: 1 }]);
});

t.test('close stops the thread; an idle thread does not keep the process alive', async (t) => {
  const setup = scratchFile(t);
  const thread = startInsertThread(setup);
  await thread.insert(['a', 1], 1);
  await thread.close();
  await thread.close();

  // A process that inserts a batch and never closes the thread still exits on its own.
  const script = join(setup.file, '..', 'idle.mjs');
  const module = pathToFileURL(join(import.meta.dirname, '../../../src/db/sqlite-insert-thread.ts')).href;
  writeFileSync(
    script,
    `import { startInsertThread } from ${JSON.stringify(module)};\n` +
      `await startInsertThread(${JSON.stringify({ ...setup, rows: undefined, createTable: undefined })}).insert(['b', 2], 1);\n` +
      `console.log('inserted');\n`,
  );
  const output = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  t.match(output, /inserted/);
  t.same(
    setup.rows(),
    [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ],
    'its batch is stored',
  );
});
