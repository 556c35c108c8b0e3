/**
 * Drift test of the web console's generated API types: web/src/api-types.gen.ts must be exactly
 * what `npm run generate:types` writes from the current spec.json, so a changed route schema fails
 * here until the types (and the screens that read them) are regenerated and committed.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { API_TYPES_FILE, firstDifference, GENERATE_COMMAND, renderApiTypes, specDocument } from '../../../scripts/api-types.js';

t.test('the committed web API types are generated from the current spec.json', async (t) => {
  const spec = await specDocument();
  const expected = await renderApiTypes(spec);
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  if (committed === expected) t.pass('web/src/api-types.gen.ts is up to date');
  else t.fail(`web/src/api-types.gen.ts is stale: run \`${GENERATE_COMMAND}\` and commit it (${firstDifference(committed, expected)})`);

  // The comparison sees a schema change: one more field on a described schema changes the output.
  const changed = structuredClone(spec);
  const user = changed.components?.schemas?.ConsoleUser as { properties: Record<string, unknown> } | undefined;
  t.ok(user, 'the ConsoleUser schema is described');
  if (!user) return;
  user.properties.driftProbe = { type: 'string' };
  const regenerated = await renderApiTypes(changed);
  t.not(regenerated, expected, 'a changed schema gives different types');
  t.match(regenerated, /driftProbe\?: string/);
});
