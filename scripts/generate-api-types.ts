/**
 * `npm run generate:types`: writes web/src/api-types.gen.ts from the broker's spec.json
 * (scripts/api-types.ts). Run it after changing a described route's schema and commit the file;
 * test/unit/web/web-api-types.test.ts fails while the committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { API_TYPES_FILE, renderApiTypes, specDocument } from './api-types.js';

const text = await renderApiTypes(await specDocument());
let before = '';
try {
  before = readFileSync(API_TYPES_FILE, 'utf8');
} catch {
  // First generation: nothing to compare with.
}
const name = relative(process.cwd(), API_TYPES_FILE);
if (before === text) console.log(`${name} is up to date`);
else {
  writeFileSync(API_TYPES_FILE, text);
  console.log(`${name} written (${text.split('\n').length} lines)`);
}
