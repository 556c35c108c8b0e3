/**
 * Runs several test files one after another in one process (scripts/test.mjs groups the files of
 * a phase this way). Loading tap, the broker and its dependencies is most of what a small test file
 * costs, and a process pays it once; each file still gets its own broker (its teardowns run when
 * its tests end, before the next file starts).
 *
 * A test file registers its tests on tap's root (`import t from 'tap'`). While one file loads, the
 * root's `test` is wrapped so each top-level test is named after its file (a failure says where it
 * is) and awaited before the next file, and `teardown` is collected to run when that file is done.
 * Files with root-level hooks (`t.before`, `t.beforeEach`, …) would leak them into the next file:
 * scripts/test.mjs gives those a process of their own. After each file a line `ok <path>` (or
 * `not ok <path>`) goes to the file named by TEST_PROGRESS_FILE, for the runner's progress lines:
 * tap holds a process's output until the process ends. A file's PostgreSQL databases are dropped
 * in the background while the next file runs (database-drops.ts); the group waits for them at the end.
 */
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { droppedAll, dropInBackground } from './database-drops.js';

type Teardown = () => unknown;
type TestMethod = (...args: unknown[]) => Promise<unknown>;

export async function runFiles(root: string, files: string[]): Promise<void> {
  const rootTest = t.test as unknown as TestMethod;
  const rootTeardown = t.teardown;
  dropInBackground();
  for (const file of files) {
    const tests: Promise<unknown>[] = [];
    const teardowns: Teardown[] = [];
    const named: TestMethod = (...args) => {
      if (typeof args[0] === 'string') args[0] = `${file} > ${args[0]}`;
      else args.unshift(file);
      const running = rootTest.apply(t, args);
      tests.push(running);
      return running;
    };
    // Kept until the file's tests end: a lazily built broker registers its teardown from inside
    // a test (and a teardown on tap's root would end the root as soon as it is idle).
    Object.assign(t, { test: named, teardown: (fn: Teardown) => void teardowns.push(fn) });
    let loaded = true;
    try {
      await import(pathToFileURL(`${root}/${file}`).href);
    } catch (error) {
      loaded = false;
      t.fail(`${file} did not load`, { error });
    }
    const results = await Promise.allSettled(tests);
    let ok = loaded && results.every((r) => r.status === 'fulfilled' && (r.value as { ok?: boolean } | null)?.ok !== false);
    Object.assign(t, { test: rootTest, teardown: rootTeardown });
    for (const fn of teardowns.reverse()) {
      try {
        await fn();
      } catch (error) {
        ok = false;
        t.fail(`${file}: a teardown threw`, { error });
      }
    }
    const progress = process.env.TEST_PROGRESS_FILE;
    if (progress) appendFileSync(progress, `${ok ? 'ok' : 'not ok'} ${file}\n`);
  }
  for (const error of await droppedAll()) t.fail('a test database could not be dropped', { error });
}
