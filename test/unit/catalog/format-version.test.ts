/**
 * Catalog format versions (src/catalog/format-version.ts): a field removed from the format loads
 * with a deprecation warning for one minor version, is refused in files that declare the version
 * that removed it, and a file written for a newer format is refused.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { BUILTIN_CATALOG_DIR, checkCatalogDirs, loadCatalog, type CatalogProblem } from '../../../src/catalog/catalog-loader.js';
import { CATALOG_FORMAT_VERSION, dropRemovedFields } from '../../../src/catalog/format-version.js';

/** A copy of the Bitly toolkit with an old-format toolkit.json (tokensExpire) and one tool with successStatus. */
function oldFormatCatalog(formatVersion?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'format-version-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(BUILTIN_CATALOG_DIR, 'bitly'), join(dir, 'bitly'), { recursive: true });
  const tkFile = join(dir, 'bitly', 'toolkit.json');
  const tk = JSON.parse(readFileSync(tkFile, 'utf8'));
  tk.authMethods[0].oauth2.tokensExpire = false;
  if (formatVersion) tk.formatVersion = formatVersion;
  writeFileSync(tkFile, JSON.stringify(tk));
  const toolFile = join(dir, 'bitly', 'tools', 'BITLY_GET_USER.json');
  const tool = JSON.parse(readFileSync(toolFile, 'utf8'));
  tool.request.successStatus = 200;
  writeFileSync(toolFile, JSON.stringify(tool));
  return dir;
}

t.test('removed fields in a 1.0 file load with a deprecation warning each', async (t) => {
  t.equal(CATALOG_FORMAT_VERSION, '1.1');
  const dir = oldFormatCatalog();
  const result = checkCatalogDirs([dir]);
  t.ok(result.ok, 'the old file still loads');
  t.same(result.problems, []);
  t.match(result.warnings, [
    { file: /toolkit\.json$/, field: '/authMethods/0/oauth2/tokensExpire', message: /deprecated: removed in catalog format 1\.1.*refused from format 1\.2/ },
    { file: /BITLY_GET_USER\.json$/, field: '/request/successStatus', message: /deprecated/ },
  ]);
  const warnings: CatalogProblem[] = [];
  const catalog = loadCatalog({ dirs: [dir], onWarning: (w) => warnings.push(w) });
  t.equal(warnings.length, 2, 'loadCatalog hands the warnings to its caller (the server logs them)');
  t.notOk('successStatus' in catalog.getTool('BITLY_GET_USER')!.request, 'the field is dropped, not kept');
});

t.test('a file that declares the format that removed the field is refused', async (t) => {
  const result = checkCatalogDirs([oldFormatCatalog('1.1')]);
  t.notOk(result.ok);
  t.same(result.warnings, []);
  t.match(result.problems, [
    { field: '/authMethods/0/oauth2/tokensExpire', message: /not an allowed property/ },
    { field: '/request/successStatus', message: /not an allowed property/ },
  ]);
});

t.test('after one minor version the removed fields are refused in every file', async (t) => {
  const raw = { request: { method: 'GET', path: '/x', successStatus: 200 } };
  t.same(dropRemovedFields('tool', raw, '1.0', '1.2'), [], 'a 1.2 broker no longer drops it');
  t.ok('successStatus' in raw.request, 'so the schema refuses it');
  t.equal(dropRemovedFields('tool', raw, '1.0', '1.1').length, 1);
});

t.test('a file written for a newer format is refused with a message', async (t) => {
  const result = checkCatalogDirs([oldFormatCatalog('9.0')]);
  t.notOk(result.ok);
  t.match(result.problems, [{ field: '/formatVersion', message: /newer than the catalog format 1\.1/ }]);
});
