/**
 * The repository names no path of one particular machine: no tracked file mentions a workstation's
 * absolute folders (a checkout under /work or /farm, a home folder). Places beside the checkout are
 * named relative to the repository root (`../shared/...`). package-lock.json is left out: npm writes
 * it, not us.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Written so that this file does not match itself. A path segment only: the lookbehind leaves out
// a URL's path and relative paths (the negative examples below).
const WORKSTATION_PATH = new RegExp(String.raw`(?<![\w.~-])/(?:work|farm|Users)/|(?<![\w.~-])/home/[A-Za-z_][\w.-]*`);
const EXCLUDED = new Set(['package-lock.json']);

function workstationPaths(name: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const found = WORKSTATION_PATH.exec(line);
    return found ? [`${name}:${i + 1}: ${found[0]}`] : [];
  });
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !EXCLUDED.has(f));
}

t.test('the pattern catches workstation paths and nothing else', async (t) => {
  // Joined at run time, so that this tracked file does not name them itself.
  const abs = (...parts: string[]) => `/${parts.join('/')}`;
  const named = [
    `see ${abs('work', 'shared', 'DESIGN.md')}`,
    `\`${abs('farm', 'x', 'repo')}\``,
    `cd ${abs('home', 'alice', 'src')}`,
    `open ${abs('Users', 'bob')}`,
  ];
  for (const line of named) {
    t.equal(workstationPaths('f', line).length, 1, line);
  }
  const urlPath = `https://example.com${abs('work', 'items')}`;
  for (const line of ['../shared/reference/providers', urlPath, `..${abs('work', 'x')}`, '/api/v1/tools', 'WORKDIR /app', '~/home/x']) {
    t.same(workstationPaths('f', line), [], line);
  }
});

t.test('no tracked file names an absolute path of a workstation', async (t) => {
  const files = trackedFiles();
  t.ok(files.length > 100, `${files.length} tracked files scanned`);
  const found: string[] = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(ROOT, file));
    } catch {
      continue; // deleted in the working tree, not yet committed
    }
    if (bytes.includes(0)) continue; // binary
    found.push(...workstationPaths(file, bytes.toString('utf8')));
  }
  t.same(found, [], 'name such places relative to the repository root (../shared/...) instead');
});
