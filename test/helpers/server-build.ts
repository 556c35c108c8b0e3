/**
 * The compiled server `npm start` and the image run (scripts/build-server.mjs -> dist/), for tests
 * that start it as a user would.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmStartArgs } from '../../sandbox/support/npm-start.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Set by `npm test` once its `npm run build` step has compiled dist/: the files that start the
 * server then share that build instead of each compiling (and swapping) dist/ while another file,
 * maybe in a phase running beside it, starts a server from it.
 */
const BUILT_VARIABLE = 'TEST_SERVER_BUILT';

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

let ownBuild: string | undefined;

/**
 * `npm start`'s node arguments (e.g. ['--max-semi-space-size=16', 'dist/bin/server.js'], run from
 * the project root) on this checkout's compiled server: dist/ when `npm test` built it, else a
 * build of this process's own under .tap/ (test files running beside each other would otherwise
 * swap dist/ under a server another one is starting). The compiled server finds the project root
 * by the package.json above it (src/paths.ts), so it runs the same from either place.
 */
export function compiledServerArgs(): string[] {
  const args = npmStartArgs();
  if (process.env[BUILT_VARIABLE] === '1') return args;
  if (!ownBuild) {
    const dest = join(ROOT, '.tap', `server-${process.pid}`);
    ownBuild = buildServer(dest);
    process.once('exit', () => rmSync(dest, { recursive: true, force: true }));
  }
  const dir = relative(ROOT, ownBuild);
  return args.map((a) => (a.startsWith('dist/') ? `${dir}/${a.slice('dist/'.length)}` : a));
}

export { npmStartArgs };
