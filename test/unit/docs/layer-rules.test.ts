/**
 * The layer rules of .dependency-cruiser.cjs (`npm run check:layers`) bite: a scratch tree with the
 * repository's folder names, each planted import cruised with the repository's rule set, is
 * reported under the rule it breaks, and imports that point down are not.
 */
import t from 'tap';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const { forbidden } = require('../../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes `files` (path -> source) into a scratch tree and returns the violations found in it. */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    const roots = [...new Set(Object.keys(files).map((f) => f.split('/')[0]!))];
    const result = await cruise(roots, { baseDir: dir, validate: true, ruleSet: { forbidden } });
    const output = result.output as { summary: { violations: Violation[] } };
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const planted: [string, Record<string, string>, string][] = [
  [
    'src imports a plugin',
    { 'src/a.js': "import '../plugins/b.js';\n", 'plugins/b.js': '' },
    'src-not-to-upper-layers: src/a.js -> plugins/b.js',
  ],
  [
    'src/db imports the domain',
    { 'src/db/a.js': "import '../tools/b.js';\n", 'src/tools/b.js': '' },
    'db-not-to-domain: src/db/a.js -> src/tools/b.js',
  ],
  [
    'a plugin imports an entry point',
    { 'plugins/a.js': "import '../bin/b.js';\n", 'bin/b.js': '' },
    'plugins-not-to-upper-layers: plugins/a.js -> bin/b.js',
  ],
  ['a test imports a bench', { 'test/a.js': "import '../bench/b.js';\n", 'bench/b.js': '' }, 'test-not-to-bench: test/a.js -> bench/b.js'],
  [
    'the web console imports server code',
    { 'web/src/a.js': "import '../../src/b.js';\n", 'src/b.js': '' },
    'web-not-to-server: web/src/a.js -> src/b.js',
  ],
];

for (const [name, files, expected] of planted) {
  t.test(name, async (t) => {
    t.ok((await violationsIn(files)).includes(expected), `reported as ${expected}`);
  });
}

t.test('imports that point down pass', async (t) => {
  const found = await violationsIn({
    'bin/a.js': "import '../plugins/b.js';\n",
    'plugins/b.js': "import '../src/c.js';\n",
    'src/c.js': "import './db/d.js';\n",
    'src/db/d.js': "import '../config.ts';\n",
    'src/config.ts': '',
  });
  t.same(found, []);
});
