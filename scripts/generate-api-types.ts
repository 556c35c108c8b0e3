/**
 * `npm run generate:types`: writes web/src/api-types.gen.ts and sdk/typescript/src/api-types.gen.ts
 * from the broker's spec.json (scripts/api-types.ts). Run it after changing a described route's
 * schema and commit the files; test/unit/web/web-api-types.test.ts and
 * test/unit/sdk/sdk-api-types.test.ts fail while a committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { API_TYPES_FILE, renderApiTypes, SDK_API_TYPES_FILE, specDocument } from './api-types.js';

const spec = await specDocument();
for (const file of [API_TYPES_FILE, SDK_API_TYPES_FILE]) {
  const text = await renderApiTypes(spec, file);
  let before = '';
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    // First generation: nothing to compare with.
  }
  const name = relative(process.cwd(), file);
  if (before === text) console.log(`${name} is up to date`);
  else {
    writeFileSync(file, text);
    console.log(`${name} written (${text.split('\n').length} lines)`);
  }
}
