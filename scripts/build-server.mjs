// `npm run build` (also run before `npm start`, and in the Docker image): compiles the server's
// TypeScript (bin/, plugins/, src/ with its migrations) to plain ESM JavaScript in dist/, file for
// file, with esbuild. No bundling: imports and the folder layout stay as in the sources, and files
// found at run time (catalog/, web/dist/) are located from the project root (src/paths.ts).
// Why compile at all: running through tsx keeps its transformer and caches in memory; the compiled
// server starts faster and idles smaller (docs/internals/performance.md#start-up-and-build). Type checking
// stays with `npm run typecheck`; tests and the demo run the sources through tsx.
import { build } from 'esbuild';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
// `node scripts/build-server.mjs [outdir]`: dist/ unless told (the image layout test builds its own).
const dist = resolve(root, process.argv[2] ?? 'dist');
// Written beside dist and swapped in at the end, so a running `npm start` never reads half a build.
const staging = join(dirname(dist), `.dist-${process.pid}`);

const sources = (dir) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));

const started = Date.now();
const entryPoints = ['bin', 'plugins', 'src'].flatMap(sources);
await build({
  entryPoints,
  outdir: staging,
  outbase: root,
  absWorkingDir: root,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Stack traces point at the sources with `node --enable-source-maps`.
  sourcemap: 'linked',
  logLevel: 'warning',
});
rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
console.log(`server built: ${relative(root, dist) || '.'}/ (${entryPoints.length} files) in ${Date.now() - started} ms`);
