import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { renderCatalogSchemaFiles, SCHEMA_DIR } from '../../../scripts/generate-catalog-schemas.js';

t.test('checked-in meta-schemas equal what the TypeBox schemas generate', async (t) => {
  const files = renderCatalogSchemaFiles();
  t.same(Object.keys(files).sort(), ['tool.schema.json', 'toolkit.schema.json', 'trigger.schema.json']);
  for (const [name, expected] of Object.entries(files)) {
    const actual = readFileSync(join(SCHEMA_DIR, name), 'utf8');
    t.equal(actual, expected, `catalog/schema/${name} is up to date (run: npx tsx scripts/generate-catalog-schemas.ts)`);
  }
});

t.test('generated schemas are plain JSON Schema documents', async (t) => {
  const tool = JSON.parse(renderCatalogSchemaFiles()['tool.schema.json']) as Record<string, unknown>;
  t.equal(tool.$schema, 'http://json-schema.org/draft-07/schema#');
  t.equal(tool.type, 'object');
  t.same((tool.required as string[]).sort(), ['description', 'input', 'name', 'request', 'slug', 'tags', 'version']);
});
