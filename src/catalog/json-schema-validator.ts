/**
 * The one place that configures Ajv for the catalog: meta-schema checks of catalog files, the
 * operator override document, and tool input / credential validation all share these settings so
 * an error reads the same wherever it comes from.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a `default` export; under NodeNext the default import is the
// module object, so unwrap it once here (ajv itself offers the named `Ajv` export).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export type { ValidateFunction };

/** One validation problem: `path` is a JSON pointer into the validated document ('' = the root). */
export interface SchemaProblem {
  path: string;
  message: string;
}

/**
 * Ajv for tool inputs and credentials (the settings the catalog promises): every error reported,
 * unknown keywords tolerated (descriptions, examples), defaults filled in, no type coercion so an
 * agent sending "10" for an integer is told so instead of silently converted.
 * Start-up cost is compiling (about 0.4 ms per distinct schema with Ajv's defaults). Two options
 * more than halve it: `validateSchema: false`, because every input/credential schema has already
 * passed the catalog meta-schema, which is stricter than JSON Schema's own; and no code
 * optimisation pass, which only trims generated code that runs in microseconds anyway.
 */
export function createInputAjv(): Ajv {
  return addFormats(
    new Ajv({
      allErrors: true,
      strict: false,
      useDefaults: true,
      coerceTypes: false,
      // Errors carry their schema, so "one of these arguments" can name the alternatives.
      verbose: true,
      validateSchema: false,
      code: { optimize: false },
    } satisfies Options),
  );
}

/** Ajv for the catalog's own meta-schemas: no defaults (files are checked as written). */
export function createMetaAjv(): Ajv {
  return addFormats(new Ajv({ allErrors: true, strict: false, discriminator: true } satisfies Options));
}

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The alternatives of an `anyOf`/`oneOf` made only of `{required: [...]}` sets, else undefined. */
function requiredSets(schema: unknown): string[][] | undefined {
  if (!Array.isArray(schema) || schema.length === 0) return undefined;
  const sets: string[][] = [];
  for (const branch of schema as unknown[]) {
    if (typeof branch !== 'object' || branch === null) return undefined;
    const keys = Object.keys(branch);
    const req = (branch as { required?: unknown }).required;
    if (keys.length !== 1 || !Array.isArray(req)) return undefined;
    sets.push(req as string[]);
  }
  return sets;
}

/**
 * "One of these arguments" rules (anyOf/oneOf of required sets) as one message each. Ajv reports
 * a missing property per branch and then the combinator, which reads as if every alternative were
 * required; a single "needs one of: a, b" is what the caller has to act on.
 */
function requiredSetProblems(errors: ErrorObject[]): { problems: SchemaProblem[]; handled: Set<ErrorObject> } {
  const problems: SchemaProblem[] = [];
  const handled = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== 'anyOf' && e.keyword !== 'oneOf') continue;
    const sets = requiredSets(e.schema);
    if (!sets) continue;
    handled.add(e);
    for (const other of errors) if (other.schemaPath.startsWith(`${e.schemaPath}/`)) handled.add(other);
    const names = sets.map((set) => set.join(' and ')).join(', ');
    const passing = (e.params as { passingSchemas?: number[] | null }).passingSchemas;
    let message = e.keyword === 'oneOf' ? `needs exactly one of: ${names}` : `needs one of: ${names}`;
    if (Array.isArray(passing)) message += ` (got ${passing.map((i) => sets[i].join(' and ')).join(' and ')})`;
    problems.push({ path: e.instancePath, message });
  }
  return { problems, handled };
}

/**
 * Turns Ajv errors into `{path, message}` with the path pointing at the offending value itself:
 * a missing or unexpected property is reported at that property, not at its parent object.
 * Branch-summary errors ("must match a schema in anyOf") are dropped when a more specific error
 * exists, because they only repeat what the branch errors say.
 */
export function formatAjvErrors(errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  if (!errors || errors.length === 0) return [];
  const rules = requiredSetProblems(errors);
  const out: SchemaProblem[] = [...rules.problems];
  const seen = new Set<string>(out.map((p) => `${p.path}\u0000${p.message}`));
  const rest = errors.filter((e) => !rules.handled.has(e));
  const specific = rest.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  const list = specific.length > 0 || rest.length === 0 ? specific : rest;
  for (const e of list) {
    let path = e.instancePath;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      path = `${path}/${pointerEscape(missing)}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      path = `${path}/${pointerEscape(extra)}`;
      message = 'is not an allowed property';
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message });
  }
  return out;
}

/** `/filterGroups/0/filters` -> `filterGroups[0].filters`: how an agent names an argument. */
export function pointerToDotted(pointer: string): string {
  if (pointer === '') return '';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}
