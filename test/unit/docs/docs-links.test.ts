/**
 * The documentation stands on its own: every relative link in README.md, CONTRIBUTING.md, the
 * Markdown files under docs/ (at any depth) and the folders' README.md files resolves to a file in
 * the repository, and nothing points at places outside it (another checkout's shared folders, absolute paths of a workstation).
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Every Markdown file under `dir`, at any depth. */
function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

function documents(): string[] {
  const docs = markdownUnder(join(ROOT, 'docs'));
  const folders = readdirSync(ROOT)
    .filter((d) => !d.startsWith('.') && d !== 'node_modules' && statSync(join(ROOT, d)).isDirectory())
    .map((d) => join(ROOT, d, 'README.md'))
    .filter((f) => existsSync(f));
  return [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md'), ...docs, ...folders];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading!)));
}

t.test('relative markdown links resolve inside the repository', async (t) => {
  const files = documents();
  t.ok(files.length >= 20, `${files.length} documents checked`);
  t.ok(
    files.some((f) => relative(ROOT, f) === join('docs', 'internals', 'architecture.md')),
    'documents in docs/ subfolders are checked',
  );
  for (const file of files) {
    const name = relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target!.startsWith('#')) {
        t.ok(anchorsOf(file).has(target!.slice(1)), `${name}: link ${target} names one of its headings`);
        continue;
      }
      if (/^(https?:|mailto:)/.test(target!)) continue;
      const path = join(dirname(file), decodeURIComponent(target!.replace(/#.*$/, '')));
      t.ok(existsSync(path), `${name}: link ${target} resolves`);
      t.notOk(relative(ROOT, path).startsWith('..'), `${name}: link ${target} stays inside the repository`);
      const anchor = /#(.+)$/.exec(target!)?.[1];
      if (anchor && path.endsWith('.md') && existsSync(path))
        t.ok(anchorsOf(path).has(anchor), `${name}: link ${target} names a heading of ${relative(ROOT, path)}`);
    }
    t.notMatch(text, /\/work\/|\.\.\/shared\b|`shared\//, `${name}: no reference to a place outside the repository`);
  }
});
