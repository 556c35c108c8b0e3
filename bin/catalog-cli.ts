/**
 * `broker catalog import` and `broker tool render`: toolkit authoring commands that need no
 * database. The rules live in src/catalog/import/ and src/catalog/request-preview.ts; this file
 * parses flags and prints.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.js';
import { BUILTIN_CATALOG_DIR, loadCatalog } from '../src/catalog/catalog-loader.js';
import { importOpenApi, ImportError, OVERRIDES_FILE, type ImportReport } from '../src/catalog/import/import-toolkit.js';
import { formatHttpRequest, previewRequest } from '../src/catalog/request-preview.js';

type Flags = Record<string, string | boolean | undefined>;
const out = (line: string) => process.stdout.write(line + '\n');
const list = (v: string | boolean | undefined) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
const MAX_LISTED = 200;

function printReport(r: ImportReport, dryRun: boolean): void {
  out(
    `${dryRun ? 'Dry run: would import' : 'Imported'} "${r.title}" ${r.version} (OpenAPI ${r.dialect}) as toolkit "${r.toolkit}" in ${r.dir}`,
  );
  out(`  operations: ${r.operations} in the document, ${r.filtered} left out by the filters, ${r.skipped.length} skipped`);
  out(
    `  tools ${dryRun ? 'to write' : 'written'}: ${r.written.length} (added ${r.added.length}, changed ${r.changed.length}, removed ${r.removed.length})`,
  );
  for (const [label, slugs] of [
    ['added', r.added],
    ['changed', r.changed],
    ['removed', r.removed],
  ] as const) {
    if (slugs.length > 0 && slugs.length < r.written.length) out(`    ${label}: ${slugs.join(', ')}`);
  }
  if (r.overridden.length > 0) out(`  hand edits kept (${OVERRIDES_FILE}): ${r.overridden.join(', ')}`);
  if (r.excluded.length > 0) out(`  removed by the author, not written: ${r.excluded.join(', ')}`);
  out(`  auth methods: ${r.authMethods.join(', ') || 'none (noAuth)'}`);
  for (const [scheme, why] of Object.entries(r.authSkipped)) out(`    security scheme ${scheme} not mapped: ${why}`);
  if (r.skipped.length > 0) {
    out(`  skipped operations (${r.skipped.length}):`);
    for (const s of r.skipped.slice(0, MAX_LISTED)) out(`    ${s.operation}: ${s.reason}`);
    if (r.skipped.length > MAX_LISTED) out(`    … and ${r.skipped.length - MAX_LISTED} more`);
  }
  if (r.notes.length > 0) {
    out(`  notes (${r.notes.length}):`);
    for (const n of r.notes.slice(0, MAX_LISTED)) out(`    ${n.slug}: ${n.note}`);
    if (r.notes.length > MAX_LISTED) out(`    … and ${r.notes.length - MAX_LISTED} more`);
  }
  if (r.validationProblems.length > 0)
    out(`  the document does not validate (imported anyway): ${r.validationProblems.slice(0, 3).join(' | ')}`);
  out(`  catalog check: ${r.check.ok ? 'OK' : `FAILED (${r.check.problems.length} problem(s))`}`);
  for (const p of r.check.problems.slice(0, MAX_LISTED)) process.stderr.write(`${p.file}${p.field ? ` ${p.field}` : ''}: ${p.message}\n`);
}

/** `broker catalog import <file> --out <dir> ...`; exit 1 when the document cannot be read or the result fails the check. */
export async function catalogImport(file: string, flags: Flags): Promise<number> {
  const dryRun = flags['dry-run'] === true;
  try {
    const report = await importOpenApi({
      file: resolve(file),
      outDir: resolve(String(flags.out)),
      ...(typeof flags.toolkit === 'string' ? { toolkit: flags.toolkit } : {}),
      ...(typeof flags['base-url'] === 'string' ? { baseUrl: flags['base-url'] } : {}),
      includeTags: list(flags['include-tags']),
      excludeTags: list(flags['exclude-tags']),
      operations: list(flags.operations),
      methods: list(flags.methods),
      dryRun,
    });
    printReport(report, dryRun);
    return report.check.ok ? 0 : 1;
  } catch (err) {
    if (err instanceof ImportError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

/** `broker tool render <SLUG> --args '{…}'`: the request a call would send, credentials masked. */
export function toolRender(slug: string, flags: Flags): number {
  let args: unknown = {};
  if (typeof flags.args === 'string') {
    try {
      args = JSON.parse(flags.args);
    } catch (err) {
      process.stderr.write(`--args is not valid JSON: ${(err as Error).message}\n`);
      return 2;
    }
  }
  let config: unknown = null;
  if (typeof flags['connection-config'] === 'string') {
    try {
      config = JSON.parse(flags['connection-config']);
    } catch (err) {
      process.stderr.write(`--connection-config is not valid JSON: ${(err as Error).message}\n`);
      return 2;
    }
  }
  const extra = list(flags.catalog)?.map((d) => resolve(d)) ?? [];
  const catalog = loadCatalog({ dirs: [BUILTIN_CATALOG_DIR, ...loadConfig().catalogPaths, ...extra] });
  const result = previewRequest(catalog, slug, args, {
    ...(typeof flags.auth === 'string' ? { authMethodId: flags.auth } : {}),
    connectionConfig: config as Record<string, string> | null,
  });
  if (!result.ok) {
    process.stderr.write(`${result.message}\n`);
    return 1;
  }
  out(formatHttpRequest(result.request));
  process.stderr.write(`(auth method: ${result.authMethod ?? 'none'}; credentials masked as ****)\n`);
  return 0;
}
