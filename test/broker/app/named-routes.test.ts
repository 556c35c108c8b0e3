/**
 * Every API path the console or the documentation names exists (issue 32: the Auth configs page
 * named `POST /api/v1/auth-configs`, a 404). Scans web/src (the generated types aside), README.md,
 * CONTRIBUTING.md, the folders' README.md files and docs/ for `/api/v1/...` and looks each up in
 * the app's router, a `{param}`, `:param` or a concrete value (a slug in an example) matching a
 * route's parameter.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../helpers/app.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Named as the base of other paths, not as a route of its own. */
const PREFIXES = new Set(['/api/v1/console']);

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ext);
    return ext.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

function sources(): string[] {
  const folders = readdirSync(ROOT)
    .filter((d) => !d.startsWith('.') && d !== 'node_modules' && statSync(join(ROOT, d)).isDirectory())
    .map((d) => join(ROOT, d, 'README.md'))
    .filter((f) => existsSync(f));
  return [
    ...filesUnder(join(ROOT, 'web', 'src'), /\.tsx?$/),
    ...filesUnder(join(ROOT, 'docs'), /\.md$/),
    join(ROOT, 'README.md'),
    join(ROOT, 'CONTRIBUTING.md'),
    ...folders,
  ];
}

/** Each `/api/v1/...` path a file names, with `{x}` as `:x`, without a query or trailing punctuation. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/\/api\/v1\/[A-Za-z0-9_{}:.\-/]*/g)].map((m) =>
    m[0]
      .replace(/[.\-/]+$/, '')
      .replace(/\{([^}]+)\}/g, ':$1')
      .replace(/\/$/, ''),
  );
}

/** Whether some method's route matches `path`, any segment possibly standing for a parameter. */
function exists(app: FastifyInstance, path: string): boolean {
  const segments = path.split('/');
  const candidates = [path];
  // A concrete segment may fill a parameter (`/connectors/weatherly/connect`): try each subset.
  const concrete = segments.map((s, i) => (i > 2 && s && !s.startsWith(':') ? i : -1)).filter((i) => i >= 0);
  for (let mask = 1; mask < 1 << concrete.length; mask++) {
    const copy = [...segments];
    concrete.forEach((i, bit) => {
      if (mask & (1 << bit)) copy[i] = ':p';
    });
    candidates.push(copy.join('/'));
  }
  return candidates.some((url) => METHODS.some((method) => app.findRoute({ method, url }) !== null));
}

t.test('every /api/v1 path named in the console and the docs is a route of the app', async (t) => {
  const { app } = await buildTestApp(t);
  const named = new Map<string, string[]>();
  for (const file of sources()) {
    for (const path of namedPaths(readFileSync(file, 'utf8'))) {
      if (PREFIXES.has(path)) continue;
      named.set(path, [...(named.get(path) ?? []), relative(ROOT, file)]);
    }
  }
  t.ok(named.size > 20, `found ${named.size} named paths`);
  for (const [path, files] of named) t.ok(exists(app, path), `${path} (named in ${[...new Set(files)].join(', ')})`);
  t.notOk(exists(app, '/api/v1/auth-configs'), 'the check can fail: a hyphenated path is not a route');
});
