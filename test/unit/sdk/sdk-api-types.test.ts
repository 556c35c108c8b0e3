/**
 * Drift test of the SDK's generated API types: sdk/typescript/src/api-types.gen.ts must be exactly
 * what `npm run generate:types` writes from the current spec.json, so a changed route schema fails
 * here until the SDK's types are regenerated and committed (and the SDK's own tsc sees the change).
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { firstDifference, GENERATE_COMMAND, renderApiTypes, SDK_API_TYPES_FILE, specDocument } from '../../../scripts/api-types.js';

t.test('the committed SDK API types are generated from the current spec.json', async (t) => {
  const spec = await specDocument();
  const expected = await renderApiTypes(spec, SDK_API_TYPES_FILE);
  const committed = readFileSync(SDK_API_TYPES_FILE, 'utf8');
  if (committed === expected) t.pass('sdk/typescript/src/api-types.gen.ts is up to date');
  else
    t.fail(
      `sdk/typescript/src/api-types.gen.ts is stale: run \`${GENERATE_COMMAND}\` and commit it (${firstDifference(committed, expected)})`,
    );

  // The comparison sees a schema change: one more field on a schema the SDK uses changes the output.
  const changed = structuredClone(spec);
  const connection = changed.components?.schemas?.Connection as { properties: Record<string, unknown> } | undefined;
  t.ok(connection, 'the Connection schema is described');
  if (!connection) return;
  connection.properties.driftProbe = { type: 'string' };
  const regenerated = await renderApiTypes(changed, SDK_API_TYPES_FILE);
  t.not(regenerated, expected, 'a changed schema gives different types');
  t.match(regenerated, /driftProbe\?: string/);
});
