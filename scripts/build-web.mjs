// `npm run build:web` (also run by `npm ci`, `npm start` and `npm test`): bundles the web console
// (web/src, Preact + TSX) with esbuild into web/dist, which the broker serves at /console
// (plugins/console-web.ts). Output names carry a content hash, so the assets can be cached for
// good while index.html is never cached; the same sources always give the same bytes. Everything
// is bundled: the page loads nothing but its own two files and our API.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const web = join(root, 'web');
const dist = join(web, 'dist');
// Written beside web/dist and swapped in at the end, so a half-written build is never served.
const staging = join(web, `.dist-${process.pid}`);

const started = Date.now();
const result = await build({
  entryPoints: { app: join(web, 'src/main.tsx'), styles: join(web, 'src/styles.css') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: join(staging, 'assets'),
  entryNames: '[name]-[hash]',
  // No source maps or comments pointing elsewhere: the bundle stands alone.
  sourcemap: false,
  legalComments: 'none',
  charset: 'utf8',
  metafile: true,
  write: false,
  logLevel: 'warning',
  absWorkingDir: root,
});

rmSync(staging, { recursive: true, force: true });
const assets = {};
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
  const name = relative(staging, file.path).split('\\').join('/');
  if (name.endsWith('.js')) assets.script = name;
  else if (name.endsWith('.css')) assets.styles = name;
}
if (!assets.script || !assets.styles) throw new Error('build-web: esbuild produced no script or no stylesheet');

// Relative URLs: index.html is served at /console/, so `assets/…` resolves under it.
const html = readFileSync(join(web, 'index.html'), 'utf8').replace('%SCRIPT%', assets.script).replace('%STYLES%', assets.styles);
writeFileSync(join(staging, 'index.html'), html);

rmSync(dist, { recursive: true, force: true });
renameSync(staging, dist);
const size = result.outputFiles.reduce((n, f) => n + f.contents.length, 0);
console.log(
  `web console built: web/dist (${assets.script}, ${assets.styles}, ${Math.round(size / 1024)} KiB) in ${Date.now() - started} ms`,
);
