/**
 * The API types of the web console and of the TypeScript SDK, generated from the broker's own
 * OpenAPI document: `specDocument()` builds a broker in-process (a throwaway SQLite database,
 * nothing listening) and reads GET /api/v1/spec.json; `renderApiTypes()` turns it into TypeScript
 * with openapi-typescript and formats it with the project's Prettier settings. Used by `npm run
 * generate:types` (generate-api-types.ts) and by the drift tests (test/unit/web/web-api-types.test.ts,
 * test/unit/sdk/sdk-api-types.test.ts), so both produce the same bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';
import { loadConfig } from '../src/config.js';
import { migrateDatabase } from '../src/db/orm.js';
import { buildApp } from '../plugins/app.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const API_TYPES_FILE = join(ROOT, 'web/src/api-types.gen.ts');
export const SDK_API_TYPES_FILE = join(ROOT, 'sdk/typescript/src/api-types.gen.ts');
export const GENERATE_COMMAND = 'npm run generate:types';

const WEB_HEADER = `/**
 * GENERATED FILE, do not edit: \`${GENERATE_COMMAND}\` (scripts/generate-api-types.ts) writes it from
 * the broker's GET /api/v1/spec.json with openapi-typescript. The route schemas are the source: after
 * changing one, run the command and commit this file (test/unit/web/web-api-types.test.ts fails until then).
 * web/src/types.ts names the console's types from it; web/src never imports server code.
 */
`;

const SDK_HEADER = `/**
 * GENERATED FILE, do not edit: \`${GENERATE_COMMAND}\` (scripts/generate-api-types.ts) writes it from
 * the broker's GET /api/v1/spec.json with openapi-typescript. The route schemas are the source: after
 * changing one, run the command and commit this file (test/unit/sdk/sdk-api-types.test.ts fails until then).
 * The SDK's hand-written layer (client.ts and its resources) names its types from it.
 */
`;

const HEADERS: Record<string, string> = { [API_TYPES_FILE]: WEB_HEADER, [SDK_API_TYPES_FILE]: SDK_HEADER };

/** The OpenAPI document the broker serves, from a broker built for the purpose and closed again. */
/** Where a committed generated file first differs from what generation writes (for the drift tests' messages). */
export function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  const line = left.findIndex((l, i) => l !== right[i]);
  const at = line === -1 ? left.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(left[at] ?? '<end>')}, expected ${JSON.stringify(right[at] ?? '<end>')}`;
}

export async function specDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broker-spec-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'broker.sqlite')}`,
      // A throwaway key ring and secret: the database is deleted with the directory.
      VAULT_KEYS: `t1:${Buffer.alloc(32, 7).toString('base64')}`,
      SESSION_SECRET: 'spec-generation-session-secret-0000000',
      PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'error',
    });
    await migrateDatabase(config.database);
    const app = await buildApp(config);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/spec.json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/v1/spec.json answered ${res.statusCode}`);
      return res.json() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The generated module's text for `spec`, formatted as Prettier would format the committed file:
 * the web console's by default, or the SDK's (`SDK_API_TYPES_FILE`; only the header differs).
 */
export async function renderApiTypes(spec: OpenAPI3, file: string = API_TYPES_FILE): Promise<string> {
  const header = HEADERS[file];
  if (header === undefined) throw new Error(`no generated API types are written to ${file}`);
  const ast = await openapiTS(structuredClone(spec));
  const text = header + astToString(ast);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}
