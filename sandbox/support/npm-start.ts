/**
 * `npm start`'s node arguments, read from package.json, so that the tests and the benchmarks
 * start the compiled server exactly as a user (and the image) does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/** e.g. ['--max-semi-space-size=16', 'dist/bin/server.js']. */
export function npmStartArgs(): string[] {
  const start = (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node`);
  return args;
}

/** Only the flags to node: `npm start`'s arguments before the script. */
export function npmStartNodeFlags(): string[] {
  return npmStartArgs().filter((a) => a.startsWith('-'));
}
