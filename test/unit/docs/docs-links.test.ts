/**
 * The documentation stands on its own: every relative link in README.md, docs/*.md and the
 * folders' README.md files resolves to a file in the repository, and nothing points at places
 * outside it (another checkout's shared folders, absolute paths of a workstation).
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f));
  const folders = readdirSync(ROOT)
    .filter((d) => !d.startsWith('.') && d !== 'node_modules' && statSync(join(ROOT, d)).isDirectory())
    .map((d) => join(ROOT, d, 'README.md'))
    .filter((f) => existsSync(f));
  return [join(ROOT, 'README.md'), ...docs, ...folders];
}

t.test('relative markdown links resolve inside the repository', async (t) => {
  const files = documents();
  t.ok(files.length >= 5, `${files.length} documents checked`);
  for (const file of files) {
    const name = relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target!)) continue;
      const path = join(dirname(file), decodeURIComponent(target!.replace(/#.*$/, '')));
      t.ok(existsSync(path), `${name}: link ${target} resolves`);
      t.notOk(relative(ROOT, path).startsWith('..'), `${name}: link ${target} stays inside the repository`);
    }
    t.notMatch(text, /\/work\/|\.\.\/shared\b|`shared\//, `${name}: no reference to a place outside the repository`);
  }
});
