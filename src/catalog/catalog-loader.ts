/**
 * Reads catalog directories (toolkit.json, tools/, triggers/), validates every file against the
 * meta-schemas, cross-checks what a schema cannot express (slug prefixes, placeholders vs inputs,
 * uniqueness across directories; trigger-checks.ts for triggers),
 * applies operator overrides and compiles input validators once. Synchronous on purpose: it runs
 * once at boot (and in `broker catalog check`), and a start-up that cannot read its catalog must
 * not begin serving. Every problem is collected, so one run shows the operator all of them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';
import { Catalog, type LoadedTool, type LoadedToolkit, type LoadedTrigger } from './catalog.js';
import type { ToolFile, ToolkitFile } from './catalog-schema.js';
import { catalogSchemaDocuments } from './catalog-schema-documents.js';
import type { TriggerFile } from './trigger-schema.js';
import { checkTrigger, requestProblems } from './trigger-checks.js';
import { createInputAjv, createMetaAjv, formatAjvErrors, type SchemaProblem, type ValidateFunction } from './json-schema-validator.js';
import { injectFields, pathPlaceholders } from './request-template.js';
import { connectionTemplateProblems, toolPathConnectionProblems } from './connection-config.js';
import { applyToolkitOverride, hostOf, type ToolkitOverrides } from './toolkit-overrides.js';
import { declaredFormatVersion, dropRemovedFields, newerFormatProblem } from './format-version.js';

/** One problem: the file (or TOOLKIT_OVERRIDES), a JSON pointer to the field ('' = whole file), and what is wrong. */
export interface CatalogProblem {
  file: string;
  field: string;
  message: string;
}

export class CatalogError extends Error {
  readonly problems: CatalogProblem[];
  constructor(problems: CatalogProblem[]) {
    const lines = problems.map((p) => `  ${p.file} ${p.field || '(root)'}: ${p.message}`);
    super(`Catalog is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
    this.name = 'CatalogError';
    this.problems = problems;
  }
}

export interface LoadCatalogOptions {
  dirs: readonly string[];
  overrides?: ToolkitOverrides;
  /** Deprecation warnings (a removed field still accepted: format-version.ts); the catalog loads. */
  onWarning?: (warning: CatalogProblem) => void;
}

export interface CatalogCheckResult {
  ok: boolean;
  problems: CatalogProblem[];
  /** Deprecations that do not stop the load (format-version.ts). */
  warnings: CatalogProblem[];
  toolkits: number;
  tools: number;
  triggers: number;
}

/** The toolkits shipped with the broker (`<repo>/catalog`). Operators add dirs via CATALOG_PATHS. */
export const BUILTIN_CATALOG_DIR = join(PROJECT_ROOT, 'catalog');

let metaValidators: { toolkit: ValidateFunction; tool: ValidateFunction; trigger: ValidateFunction } | undefined;
function meta() {
  if (!metaValidators) {
    const ajv = createMetaAjv();
    const docs = catalogSchemaDocuments();
    metaValidators = {
      toolkit: ajv.compile(docs['toolkit.schema.json']),
      tool: ajv.compile(docs['tool.schema.json']),
      trigger: ajv.compile(docs['trigger.schema.json']),
    };
  }
  return metaValidators;
}

const ANNOTATIONS = new Set(['description', 'title', 'examples']);
/**
 * Key of what a schema validates, ignoring annotations. Tools with the same argument shape share
 * one compiled validator, which keeps start-up fast on large catalogs (compiling is the cost).
 */
function validationKey(schema: unknown): string {
  const strip = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(strip);
    if (typeof s !== 'object' || s === null) return s;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      if (ANNOTATIONS.has(k)) continue;
      if (k === 'properties' && typeof v === 'object' && v !== null) {
        out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, strip(sub)]));
      } else if (k === 'enum' || k === 'const' || k === 'default') out[k] = v;
      else out[k] = strip(v);
    }
    return out;
  };
  return JSON.stringify(strip(schema));
}

function readJson(file: string, problems: CatalogProblem[]): unknown {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
    return JSON.parse(text);
  } catch (err) {
    let message = (err as Error).message;
    // V8 reports a character offset; editors want line and column.
    const pos = /position (\d+)/.exec(message);
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      const line = before.split('\n').length;
      message += ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
    }
    problems.push({ file, field: '', message: `is not valid JSON: ${message}` });
    return undefined;
  }
}

const listSorted = (dir: string) => readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));

function checkToolkit(tk: ToolkitFile, folder: string, compile: (schema: object) => ValidateFunction): { problems: SchemaProblem[]; validators: Map<string, ValidateFunction> } {
  const problems: SchemaProblem[] = [];
  const validators = new Map<string, ValidateFunction>();
  if (tk.slug !== folder) problems.push({ path: '/slug', message: `must equal the toolkit folder name "${folder}"` });
  if (tk.noAuth && tk.authMethods.length > 0) problems.push({ path: '/authMethods', message: 'must be empty when noAuth is true' });
  if (!tk.noAuth && tk.authMethods.length === 0) problems.push({ path: '/authMethods', message: 'needs at least one auth method unless noAuth is true' });
  if (!tk.allowedHosts.includes(hostOf(tk.baseUrl))) problems.push({ path: '/allowedHosts', message: `must include the baseUrl host "${hostOf(tk.baseUrl)}"` });
  problems.push(...connectionTemplateProblems(tk));
  const categories = new Set<string>();
  tk.categories.forEach((c, i) => {
    if (categories.has(c.slug)) problems.push({ path: `/categories/${i}/slug`, message: `duplicate category "${c.slug}"` });
    categories.add(c.slug);
  });
  const ids = new Set<string>();
  tk.authMethods.forEach((m, i) => {
    const at = `/authMethods/${i}`;
    if (ids.has(m.id)) problems.push({ path: `${at}/id`, message: `duplicate auth method id "${m.id}"` });
    ids.add(m.id);
    let fields: string[];
    if (m.kind === 'oauth2') {
      fields = ['access_token'];
      const rev = m.oauth2.revocation;
      if (rev?.encoding === 'path' && !rev.url.includes('{token}')) {
        problems.push({ path: `${at}/oauth2/revocation/url`, message: 'must contain {token} when encoding is "path"' });
      }
    } else {
      fields = Object.keys(m.credentials.properties);
      (m.credentials.required ?? []).forEach((r, k) => {
        if (!fields.includes(r)) problems.push({ path: `${at}/credentials/required/${k}`, message: `names no credential property "${r}"` });
      });
      for (const [name, prop] of Object.entries(m.credentials.properties)) {
        if (prop.type !== 'string') problems.push({ path: `${at}/credentials/properties/${name}/type`, message: 'must be "string" (credentials are strings)' });
      }
      if (m.verification) {
        problems.push(...requestProblems(m.verification.request, new Set(Object.keys(m.verification.arguments ?? {})), `${at}/verification`));
      }
      try {
        validators.set(m.id, compile(m.credentials));
      } catch (err) {
        problems.push({ path: `${at}/credentials`, message: `is not a valid JSON Schema: ${(err as Error).message}` });
      }
    }
    m.inject.forEach((rule, j) => {
      for (const f of injectFields(rule.value)) {
        if (!fields.includes(f)) problems.push({ path: `${at}/inject/${j}/value`, message: `{${f}} is not one of ${fields.map((x) => `{${x}}`).join(', ')}` });
      }
    });
  });
  return { problems, validators };
}

function checkTool(tool: ToolFile, fileName: string, toolkitSlug: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const prefix = `${toolkitSlug.toUpperCase()}_`;
  if (!tool.slug.startsWith(prefix) || tool.slug.length === prefix.length) {
    problems.push({ path: '/slug', message: `must start with the toolkit prefix ${prefix} followed by a suffix` });
  }
  if (fileName !== `${tool.slug}.json`) problems.push({ path: '/slug', message: `must match the file name (expected ${tool.slug}.json, found ${fileName})` });
  const props = tool.input.properties;
  const has = (name: string) => Object.hasOwn(props, name);
  const required = tool.input.required ?? [];
  required.forEach((r, i) => {
    if (!has(r)) problems.push({ path: `/input/required/${i}`, message: `names no input property "${r}"` });
  });
  for (const rule of ['anyOf', 'oneOf'] as const) {
    tool.input[rule]?.forEach((set, i) =>
      set.required.forEach((r, j) => {
        if (!has(r)) problems.push({ path: `/input/${rule}/${i}/required/${j}`, message: `names no input property "${r}"` });
      }),
    );
  }
  const req = tool.request;
  const stray = req.path.replace(/\{[^{}]+\}/g, '');
  if (/[{}]/.test(stray)) problems.push({ path: '/request/path', message: 'has an unbalanced "{" or "}"' });
  const placeholders = pathPlaceholders(req.path);
  for (const p of placeholders) {
    if (!has(p)) problems.push({ path: '/request/path', message: `placeholder {${p}} is not an input property` });
    else if (!required.includes(p)) problems.push({ path: '/request/path', message: `placeholder {${p}} must be listed in input.required` });
  }
  (req.rawPathParams ?? []).forEach((p, i) => {
    if (!placeholders.includes(p)) problems.push({ path: `/request/rawPathParams/${i}`, message: `"${p}" is not a placeholder of the path` });
  });
  (req.query ?? []).forEach((q, i) => {
    if (!has(q)) problems.push({ path: `/request/query/${i}`, message: `"${q}" is not an input property` });
  });
  for (const [header, input] of Object.entries(req.headers ?? {})) {
    if (!has(input)) problems.push({ path: `/request/headers/${header}`, message: `"${input}" is not an input property` });
  }
  const body = req.body ?? null;
  if (body !== null && (req.method === 'GET' || req.method === 'HEAD')) problems.push({ path: '/request/body', message: `must be null for ${req.method}` });
  const used = new Set([...placeholders, ...(req.query ?? []), ...Object.values(req.headers ?? {})]);
  if (body !== null && body !== 'all') {
    body.fields.forEach((f, i) => {
      if (!has(f)) problems.push({ path: `/request/body/fields/${i}`, message: `"${f}" is not an input property` });
      used.add(f);
    });
  }
  for (const [name, prop] of Object.entries(props)) {
    if (!prop.description) problems.push({ path: `/input/properties/${name}/description`, message: 'is required: agents fill arguments from it' });
    if (body !== 'all' && !used.has(name)) problems.push({ path: `/input/properties/${name}`, message: 'is not sent anywhere (not in path, query, headers or body)' });
  }
  if (tool.input.additionalProperties === true && body !== 'all') {
    problems.push({ path: '/input/additionalProperties', message: 'must be false unless request.body is "all" (extra arguments would be dropped)' });
  }
  return problems;
}

interface ScanResult {
  toolkits: LoadedToolkit[];
  tools: LoadedTool[];
  triggers: LoadedTrigger[];
  problems: CatalogProblem[];
  warnings: CatalogProblem[];
  toolkitFiles: number;
  toolFiles: number;
  triggerFiles: number;
}

const jsonFiles = (dir: string) => (existsSync(dir) ? listSorted(dir).filter((e) => e.isFile() && e.name.endsWith('.json')) : []);

function scan(dirs: readonly string[], overrides: ToolkitOverrides): ScanResult {
  const problems: CatalogProblem[] = [];
  const v = meta();
  const inputAjv = createInputAjv();
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: object): ValidateFunction => {
    const key = validationKey(schema);
    const cached = compiled.get(key);
    if (cached) return cached;
    const fn = inputAjv.compile(schema);
    compiled.set(key, fn);
    return fn;
  };
  const toolkitFileOf = new Map<string, string>();
  const toolFileOf = new Map<string, string>();
  const triggerFileOf = new Map<string, string>();
  const out: ScanResult = { toolkits: [], tools: [], triggers: [], problems, warnings: [], toolkitFiles: 0, toolFiles: 0, triggerFiles: 0 };
  const report = (file: string, list: SchemaProblem[]) => {
    for (const p of list) problems.push({ file, field: p.path, message: p.message });
  };
  const warn = (file: string, list: SchemaProblem[]) => {
    for (const p of list) out.warnings.push({ file, field: p.path, message: p.message });
  };

  for (const dir of dirs) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      problems.push({ file: dir, field: '', message: 'catalog directory does not exist' });
      continue;
    }
    for (const entry of listSorted(dir)) {
      const folder = join(dir, entry.name);
      const tkFile = join(folder, 'toolkit.json');
      if (!entry.isDirectory() || !existsSync(tkFile)) continue;
      out.toolkitFiles++;
      let toolkit: ToolkitFile | undefined;
      let validators = new Map<string, ValidateFunction>();
      const raw = readJson(tkFile, problems);
      const format = declaredFormatVersion(raw);
      if (raw !== undefined) {
        report(tkFile, newerFormatProblem(format));
        warn(tkFile, dropRemovedFields('toolkit', raw, format));
        if (!v.toolkit(raw)) report(tkFile, formatAjvErrors(v.toolkit.errors));
        else {
          const tk = raw as ToolkitFile;
          const checked = checkToolkit(tk, entry.name, compile);
          report(tkFile, checked.problems);
          const seen = toolkitFileOf.get(tk.slug);
          if (seen) problems.push({ file: tkFile, field: '/slug', message: `duplicate toolkit slug "${tk.slug}" (also in ${seen})` });
          else toolkitFileOf.set(tk.slug, tkFile);
          if (checked.problems.length === 0 && !seen) {
            toolkit = tk;
            validators = checked.validators;
          }
        }
      }
      const toolsDir = join(folder, 'tools');
      const loaded: LoadedTool[] = [];
      for (const f of jsonFiles(toolsDir)) {
        const file = join(toolsDir, f.name);
        out.toolFiles++;
        const rawTool = readJson(file, problems);
        if (rawTool === undefined) continue;
        warn(file, dropRemovedFields('tool', rawTool, format));
        if (!v.tool(rawTool)) {
          report(file, formatAjvErrors(v.tool.errors));
          continue;
        }
        const tool = rawTool as ToolFile;
        const toolProblems = checkTool(tool, basename(file), toolkit?.slug ?? entry.name);
        if (toolkit) toolProblems.push(...toolPathConnectionProblems(tool, toolkit));
        const seen = toolFileOf.get(tool.slug);
        if (seen) toolProblems.push({ path: '/slug', message: `duplicate tool slug "${tool.slug}" (also in ${seen})` });
        else toolFileOf.set(tool.slug, file);
        let validate: ValidateFunction | undefined;
        try {
          validate = compile(tool.input);
        } catch (err) {
          toolProblems.push({ path: '/input', message: `is not a valid JSON Schema: ${(err as Error).message}` });
        }
        report(file, toolProblems);
        if (toolProblems.length === 0 && toolkit && validate) loaded.push({ tool, toolkit, file, validate });
      }
      const triggersDir = join(folder, 'triggers');
      const triggerFiles = jsonFiles(triggersDir);
      const loadedTriggers: LoadedTrigger[] = [];
      for (const f of triggerFiles) {
        const file = join(triggersDir, f.name);
        out.triggerFiles++;
        const rawTrigger = readJson(file, problems);
        if (rawTrigger === undefined) continue;
        if (!v.trigger(rawTrigger)) {
          report(file, formatAjvErrors(v.trigger.errors));
          continue;
        }
        const trigger = rawTrigger as TriggerFile;
        const triggerProblems = checkTrigger(trigger, basename(file), toolkit?.slug ?? entry.name);
        const seen = triggerFileOf.get(trigger.slug);
        if (seen) triggerProblems.push({ path: '/slug', message: `duplicate trigger slug "${trigger.slug}" (also in ${seen})` });
        else triggerFileOf.set(trigger.slug, file);
        let validateConfig: ValidateFunction | undefined;
        try {
          validateConfig = compile(trigger.config);
        } catch (err) {
          triggerProblems.push({ path: '/config', message: `is not a valid JSON Schema: ${(err as Error).message}` });
        }
        report(file, triggerProblems);
        if (triggerProblems.length === 0 && toolkit && validateConfig) loadedTriggers.push({ trigger, toolkit, file, validateConfig });
      }
      // The count is the files; a value written in toolkit.json (the old format) may only repeat it.
      if (toolkit?.triggersCount !== undefined && toolkit.triggersCount !== triggerFiles.length) {
        problems.push({
          file: tkFile,
          field: '/triggersCount',
          message: `is ${toolkit.triggersCount} but triggers/ holds ${triggerFiles.length} file(s); remove the field, the count is taken from the files`,
        });
      }
      if (toolkit) {
        out.toolkits.push({ toolkit, file: tkFile, tools: loaded.map((t) => t.tool), triggers: loadedTriggers.map((t) => t.trigger), credentialValidators: validators });
        out.tools.push(...loaded);
        out.triggers.push(...loadedTriggers);
      }
    }
  }

  // Overrides last: they address loaded toolkits, and the tools must point at the overridden copy.
  for (const [slug, override] of Object.entries(overrides)) {
    const idx = out.toolkits.findIndex((t) => t.toolkit.slug === slug);
    if (idx < 0) {
      const known = out.toolkits.map((t) => t.toolkit.slug).join(', ') || 'none';
      problems.push({ file: 'TOOLKIT_OVERRIDES', field: `/${slug}`, message: `names no loaded toolkit "${slug}" (loaded: ${known})` });
      continue;
    }
    const applied = applyToolkitOverride(out.toolkits[idx].toolkit, override);
    report('TOOLKIT_OVERRIDES', applied.problems);
    // Overridden URLs may keep (or add) placeholders: the same template rules apply.
    report('TOOLKIT_OVERRIDES', connectionTemplateProblems(applied.toolkit).map((p) => ({ ...p, path: `/${slug}${p.path}` })));
    const host = hostOf(applied.toolkit.baseUrl);
    if (!applied.toolkit.allowedHosts.includes(host)) {
      problems.push({ file: 'TOOLKIT_OVERRIDES', field: `/${slug}/allowedHosts`, message: `must include the baseUrl host "${host}"` });
    }
    out.toolkits[idx] = { ...out.toolkits[idx], toolkit: applied.toolkit };
    for (const t of out.tools) if (t.toolkit.slug === slug) t.toolkit = applied.toolkit;
    for (const t of out.triggers) if (t.toolkit.slug === slug) t.toolkit = applied.toolkit;
  }
  return out;
}

/** Loads and validates the catalog; throws `CatalogError` listing every problem found. */
export function loadCatalog(opts: LoadCatalogOptions): Catalog {
  const r = scan(opts.dirs, opts.overrides ?? {});
  if (r.problems.length > 0) throw new CatalogError(r.problems);
  for (const w of r.warnings) opts.onWarning?.(w);
  return new Catalog(r.toolkits, r.tools, r.triggers);
}

/** The same checks as `loadCatalog`, without throwing (for `broker catalog check`). */
export function checkCatalogDirs(dirs: readonly string[]): CatalogCheckResult {
  const r = scan(dirs, {});
  return { ok: r.problems.length === 0, problems: r.problems, warnings: r.warnings, toolkits: r.toolkitFiles, tools: r.toolFiles, triggers: r.triggerFiles };
}
