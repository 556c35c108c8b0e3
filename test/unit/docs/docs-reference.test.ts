/**
 * The generated references match their sources: docs/reference/configuration.md is what
 * src/config.ts's EnvSchema generates and docs/reference/cli.md what the CLI's command table
 * generates (scripts/generate-reference.ts). Change a setting or a command, then run
 * `npm run docs:reference`.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EnvSchema } from '../../../src/config.js';
import { SPECS } from '../../../bin/cli-commands.js';
import { REFERENCE_DIR, renderReferenceFiles } from '../../../scripts/generate-reference.js';

t.test('the committed references equal what their sources generate', async (t) => {
  for (const [name, expected] of Object.entries(renderReferenceFiles())) {
    const actual = readFileSync(join(REFERENCE_DIR, name), 'utf8');
    t.equal(actual, expected, `docs/reference/${name} is up to date (run: npm run docs:reference)`);
  }
});

t.test('every setting and every command is in its reference', async (t) => {
  const { 'configuration.md': configuration, 'cli.md': cli } = renderReferenceFiles();
  for (const name of Object.keys(EnvSchema.properties)) t.match(configuration, `| \`${name}\` |`, `${name} has a row`);
  for (const name of Object.keys(SPECS)) t.match(cli, `## \`${name}\``, `${name} has a section`);
});
