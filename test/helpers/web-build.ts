/**
 * The web console's build (web/dist) for tests that serve it. `npm test` builds it before the
 * suite; a single test file run on a fresh clone builds it here, through the same script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST_DIR = join(ROOT, 'web/dist');

/** Builds web/dist unless it is there already; throws with the build's output if that fails. */
export function ensureWebBuilt(): string {
  if (existsSync(join(WEB_DIST_DIR, 'index.html'))) return WEB_DIST_DIR;
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-web.mjs')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  if (build.status !== 0) throw new Error(`npm run build:web failed:\n${build.stdout}\n${build.stderr}`);
  return WEB_DIST_DIR;
}
