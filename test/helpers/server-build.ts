/**
 * The compiled server `npm start` and the image run (scripts/build-server.mjs -> dist/), for tests
 * that start it as a user would.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Compiles this checkout's server into `dest` (default dist/); throws with the output on failure. */
export function buildServer(dest = join(ROOT, 'dist')): string {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), dest], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error(`scripts/build-server.mjs failed:\n${build.stdout}\n${build.stderr}`);
  return dest;
}

export { npmStartArgs } from '../../sandbox/support/npm-start.js';
