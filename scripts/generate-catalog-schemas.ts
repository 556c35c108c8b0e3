/**
 * Writes catalog/schema/{toolkit,tool}.schema.json from the TypeBox schemas in
 * src/catalog/catalog-schema.ts, so editors can validate catalog files as they are typed.
 * Run after changing the format: `npx tsx scripts/generate-catalog-schemas.ts`.
 * test/unit/catalog/catalog-schema-files.test.ts fails when the checked-in files drift.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogSchemaDocuments } from '../src/catalog/catalog-schema-documents.js';

export const SCHEMA_DIR = fileURLToPath(new URL('../catalog/schema', import.meta.url));

/** The exact file contents (2-space JSON, trailing newline), keyed by file name. */
export function renderCatalogSchemaFiles(): Record<string, string> {
  return Object.fromEntries(Object.entries(catalogSchemaDocuments()).map(([name, doc]) => [name, `${JSON.stringify(doc, null, 2)}\n`]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [name, text] of Object.entries(renderCatalogSchemaFiles())) {
    writeFileSync(join(SCHEMA_DIR, name), text);
    console.log(`wrote ${join(SCHEMA_DIR, name)}`);
  }
}
