/**
 * `broker catalog import`: an OpenAPI document to a toolkit folder (toolkit.json, tools/), then
 * the loader's own checks on the result. Re-importing keeps the author's edits: what was
 * generated last is kept in import-state.json, edits made directly in the files are turned into
 * JSON Merge Patches in overrides.json, and every write applies those patches to the newly
 * generated files. docs/guides/catalog.md, "Importing an OpenAPI document".
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { CategoryDef, ToolFile, ToolkitFile } from '../catalog-schema.js';
import { checkCatalogDirs, type CatalogProblem } from '../catalog-loader.js';
import { CATALOG_FORMAT_VERSION } from '../format-version.js';
import { hostOf } from '../toolkit-overrides.js';
import { readOpenApi, type ApiDocument, type ApiOperation } from './openapi-reader.js';
import { mapOperation } from './operation-mapping.js';
import { mapSecuritySchemes } from './security-mapping.js';
import { applyMergePatch, createMergePatch, sameJson } from './merge-patch.js';
import { kebab, trimText, upperSnake } from './text.js';

export const STATE_FILE = 'import-state.json';
export const OVERRIDES_FILE = 'overrides.json';

export interface ImportOptions {
  /** The OpenAPI document (JSON or YAML). */
  file: string;
  /** Catalog directory; the toolkit is written to <outDir>/<toolkit>. */
  outDir: string;
  toolkit?: string;
  /** Replaces the document's server URL (needed when it is relative or templated). */
  baseUrl?: string;
  includeTags?: string[];
  excludeTags?: string[];
  /** operationIds, tool slugs or "METHOD /path". */
  operations?: string[];
  methods?: string[];
  dryRun?: boolean;
}

export interface ImportReport {
  toolkit: string;
  dir: string;
  title: string;
  version: string;
  dialect: ApiDocument['dialect'];
  operations: number;
  /** Left out by --include-tags, --exclude-tags, --operations or --methods. */
  filtered: number;
  written: string[];
  skipped: { operation: string; reason: string }[];
  notes: { slug: string; note: string }[];
  authMethods: string[];
  authSkipped: Record<string, string>;
  added: string[];
  changed: string[];
  removed: string[];
  /** Tools (and "toolkit") whose hand edits overrides.json carries into the written files. */
  overridden: string[];
  /** Tools an author removed (null in overrides.json), not written. */
  excluded: string[];
  validationProblems: string[];
  /** The loader's verdict on the written folder (`catalog check`). */
  check: { ok: boolean; problems: CatalogProblem[] };
}

interface ImportState {
  formatVersion: string;
  source: { file: string; title: string; version: string };
  toolkit: ToolkitFile;
  tools: Record<string, { operation: string; generated: ToolFile }>;
}

interface Overrides {
  toolkit?: unknown;
  tools?: Record<string, unknown>;
}

export class ImportError extends Error {}

const opLabel = (op: ApiOperation) => `${op.method} ${op.path}${op.operationId ? ` (${op.operationId})` : ''}`;

function readJsonFile<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (err) {
    throw new ImportError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

export function toolkitSlugFor(title: string): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^[^a-z]+|_+$/g, '').slice(0, 40).replace(/_+$/, '');
  return slug || 'imported';
}

function selected(op: ApiOperation, slug: string, opts: ImportOptions): boolean {
  if (opts.methods?.length && !opts.methods.some((m) => m.toUpperCase() === op.method)) return false;
  if (opts.includeTags?.length && !op.tags.some((t) => opts.includeTags!.includes(t))) return false;
  if (opts.excludeTags?.length && op.tags.some((t) => opts.excludeTags!.includes(t))) return false;
  if (opts.operations?.length) {
    const names = [op.operationId, slug, `${op.method} ${op.path}`];
    if (!opts.operations.some((o) => names.includes(o) || names.includes(o.trim().replace(/^(\w+)\s+/, (m, v: string) => `${v.toUpperCase()} `)))) return false;
  }
  return true;
}

function baseUrlOf(doc: ApiDocument, given?: string): string {
  const url = (given ?? doc.servers[0] ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/.test(url)) {
    throw new ImportError(
      given
        ? `--base-url "${given}" is not an absolute http(s) URL`
        : `the document's server URL "${url || '(none)'}" is not an absolute http(s) URL; give the API root with --base-url`,
    );
  }
  if (/[{}]/.test(url)) throw new ImportError(`the server URL "${url}" has a variable without a default; give the API root with --base-url`);
  return url;
}

/** Generates the toolkit and its tools from the document (nothing written). */
export function generate(doc: ApiDocument, opts: ImportOptions) {
  const slug = opts.toolkit ?? toolkitSlugFor(doc.title);
  if (!/^[a-z][a-z0-9_]*$/.test(slug)) throw new ImportError(`--toolkit "${slug}" must be lower-case letters, digits and underscores, starting with a letter`);
  const prefix = slug.toUpperCase();
  const version = doc.version.startsWith('v') ? doc.version : `v${doc.version}`;
  const baseUrl = baseUrlOf(doc, opts.baseUrl);
  const auth = mapSecuritySchemes(doc, []);
  const tools: { tool: ToolFile; operation: string }[] = [];
  const skipped: ImportReport['skipped'] = [];
  const notes: ImportReport['notes'] = [];
  const slugs = new Set<string>();
  let filtered = 0;
  for (const op of doc.operations) {
    const base = `${prefix}_${upperSnake(op.operationId ?? `${op.method} ${op.path.replace(/[{}]/g, '')}`) || op.method}`;
    let toolSlug = base;
    for (let i = 2; slugs.has(toolSlug); i++) toolSlug = `${base}_${i}`;
    if (!selected(op, toolSlug, opts)) {
      filtered++;
      continue;
    }
    const mapped = mapOperation(doc, op, toolSlug, version);
    if ('skipped' in mapped) {
      skipped.push({ operation: opLabel(op), reason: mapped.skipped });
      continue;
    }
    slugs.add(toolSlug);
    tools.push({ tool: mapped.tool, operation: `${op.method} ${op.path}` });
    for (const note of mapped.notes) notes.push({ slug: toolSlug, note });
  }
  const categories: CategoryDef[] = [];
  for (const tag of new Set(tools.flatMap((t) => t.tool.tags))) {
    const c = kebab(tag) || 'general';
    if (!categories.some((x) => x.slug === c)) categories.push({ slug: c, name: tag });
  }
  const toolkit: ToolkitFile = {
    formatVersion: CATALOG_FORMAT_VERSION,
    slug,
    name: doc.title,
    description: doc.description ? trimText(doc.description, 600) : null,
    version,
    categories,
    baseUrl,
    allowedHosts: [hostOf(baseUrl)],
    noAuth: auth.methods.length === 0,
    authMethods: auth.methods,
  };
  return { toolkit, tools, skipped, notes, filtered, auth };
}

/** Edits made directly in the files since the last import, folded into the overrides. */
function captureEdits(dir: string, state: ImportState, overrides: Overrides): Overrides {
  const next: Overrides = { toolkit: overrides.toolkit, tools: { ...overrides.tools } };
  const current = readJsonFile<ToolkitFile>(join(dir, 'toolkit.json'));
  if (current && !sameJson(current, applyMergePatch(state.toolkit, overrides.toolkit ?? {}))) next.toolkit = createMergePatch(state.toolkit, current);
  for (const [slug, { generated }] of Object.entries(state.tools)) {
    const file = join(dir, 'tools', `${slug}.json`);
    const patch = next.tools![slug];
    if (!existsSync(file)) {
      if (patch !== null) next.tools![slug] = null;
      continue;
    }
    if (patch === null) continue;
    const onDisk = readJsonFile<ToolFile>(file);
    if (!sameJson(onDisk, applyMergePatch(generated, patch ?? {}))) next.tools![slug] = createMergePatch(generated, onDisk) ?? undefined;
  }
  for (const [k, v] of Object.entries(next.tools!)) if (v === undefined) delete next.tools![k];
  return next;
}

export async function importOpenApi(opts: ImportOptions): Promise<ImportReport> {
  let doc: ApiDocument;
  try {
    doc = await readOpenApi(opts.file);
  } catch (err) {
    throw new ImportError(`${opts.file} could not be read as OpenAPI: ${(err as Error).message.split('\n')[0]}`);
  }
  const gen = generate(doc, opts);
  const dir = join(opts.outDir, gen.toolkit.slug);
  const state = readJsonFile<ImportState>(join(dir, STATE_FILE));
  let overrides = readJsonFile<Overrides>(join(dir, OVERRIDES_FILE)) ?? {};
  if (state) overrides = captureEdits(dir, state, overrides);

  const prev = state?.tools ?? {};
  const now = Object.fromEntries(gen.tools.map((t) => [t.tool.slug, t]));
  const report: ImportReport = {
    toolkit: gen.toolkit.slug,
    dir,
    title: doc.title,
    version: doc.version,
    dialect: doc.dialect,
    operations: doc.operations.length,
    filtered: gen.filtered,
    written: [],
    skipped: gen.skipped,
    notes: gen.notes,
    authMethods: gen.toolkit.authMethods.map((m) => `${m.id} (${m.kind})`),
    authSkipped: gen.auth.skipped,
    added: Object.keys(now).filter((s) => !(s in prev)),
    changed: Object.keys(now).filter((s) => s in prev && !sameJson(prev[s]!.generated, now[s]!.tool)),
    removed: Object.keys(prev).filter((s) => !(s in now)),
    overridden: [],
    excluded: [],
    validationProblems: doc.validationProblems,
    check: { ok: true, problems: [] },
  };

  // A dry run writes to a scratch catalog so the loader's verdict is the real one.
  const target = opts.dryRun ? join(mkdtempSync(join(tmpdir(), 'catalog-import-')), gen.toolkit.slug) : dir;
  try {
    mkdirSync(join(target, 'tools'), { recursive: true });
    writeJson(join(target, 'toolkit.json'), applyMergePatch(gen.toolkit, overrides.toolkit ?? {}));
    if (overrides.toolkit !== undefined) report.overridden.push('toolkit');
    for (const slug of report.removed) if (!opts.dryRun && existsSync(join(target, 'tools', `${slug}.json`))) unlinkSync(join(target, 'tools', `${slug}.json`));
    for (const { tool } of gen.tools) {
      const patch = overrides.tools?.[tool.slug];
      if (patch === null) {
        report.excluded.push(tool.slug);
        continue;
      }
      if (patch !== undefined) report.overridden.push(tool.slug);
      writeJson(join(target, 'tools', `${tool.slug}.json`), patch === undefined ? tool : applyMergePatch(tool, patch));
      report.written.push(tool.slug);
    }
    if (!opts.dryRun) {
      const nextState: ImportState = {
        formatVersion: CATALOG_FORMAT_VERSION,
        source: { file: basename(opts.file), title: doc.title, version: doc.version },
        toolkit: gen.toolkit,
        tools: Object.fromEntries(gen.tools.map((t) => [t.tool.slug, { operation: t.operation, generated: t.tool }])),
      };
      writeJson(join(target, STATE_FILE), nextState);
      if ((overrides.toolkit !== undefined || Object.keys(overrides.tools ?? {}).length > 0) || existsSync(join(target, OVERRIDES_FILE))) {
        writeJson(join(target, OVERRIDES_FILE), overrides);
      }
    }
    const checked = checkCatalogDirs([join(target, '..')]);
    report.check = { ok: checked.ok, problems: checked.problems };
  } finally {
    if (opts.dryRun) rmSync(join(target, '..'), { recursive: true, force: true });
  }
  return report;
}
