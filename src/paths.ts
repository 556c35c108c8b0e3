/**
 * The project's root folder (the one holding package.json, catalog/ and web/), found by walking up
 * from this file: the same answer whether the code runs from source (tsx, src/paths.ts) or
 * compiled (`npm run build`, dist/src/paths.js).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function rootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${start}: the broker's files are incomplete`);
  }
}

export const PROJECT_ROOT = rootAbove(dirname(fileURLToPath(import.meta.url)));
