/**
 * OpenAPI schemas (2.0, 3.0, 3.1; already dereferenced) to the catalog's property-schema dialect
 * (catalog-schema.ts, propertySchema): the keywords SDKs understand, nothing else. `allOf` is
 * merged, `oneOf` becomes `anyOf` (the dialect has no `oneOf` below the root), 3.0 `nullable` and
 * 2.0 `x-nullable` become a `"null"` type, and nesting is cut at MAX_SCHEMA_DEPTH (which also ends
 * recursive schemas: the parser turns a recursive `$ref` into a cycle). Rules: docs/guides/catalog.md,
 * "Importing an OpenAPI document".
 */
import { plainText, trimText } from './text.js';

export type JsonSchema = Record<string, unknown>;

/** Deeper levels become a plain `object`/`array` (a model fills deeper structures poorly anyway). */
export const MAX_SCHEMA_DEPTH = 6;
const NESTED_DESCRIPTION_MAX = 300;

/** Formats the broker's validator (ajv-formats) knows, plus OpenAPI's numeric ones; others are dropped. */
const KNOWN_FORMATS = new Set([
  'date', 'time', 'date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url', 'email', 'hostname',
  'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'relative-json-pointer', 'byte', 'int32', 'int64', 'float',
  'double', 'password', 'binary',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const COPIED = ['title', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties'] as const;

/** A schema the dialect cannot express for a request (a 2.0 `file`): the operation is skipped. */
export class UnsupportedSchema extends Error {}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges `allOf` parts into one schema: properties and required united, the first value of any other keyword wins. */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let out: JsonSchema = { ...rest };
  for (const part of allOf as unknown[]) {
    if (!isObject(part)) continue;
    out = mergeTwo(out, mergeAllOf(part));
  }
  return out;
}

function mergeTwo(a: JsonSchema, b: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...b, ...a };
  if (isObject(a.properties) || isObject(b.properties)) {
    const props: JsonSchema = { ...(b.properties as JsonSchema | undefined) };
    for (const [k, v] of Object.entries((a.properties as JsonSchema | undefined) ?? {})) {
      props[k] = isObject(props[k]) && isObject(v) ? mergeTwo(mergeAllOf(v), mergeAllOf(props[k] as JsonSchema)) : v;
    }
    out.properties = props;
    if (out.type === undefined) out.type = 'object';
  }
  const required = [...((a.required as unknown[]) ?? []), ...((b.required as unknown[]) ?? [])];
  if (required.length > 0) out.required = [...new Set(required)];
  return out;
}

function validPattern(p: unknown): p is string {
  if (typeof p !== 'string') return false;
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The schema's types as a list (3.1 arrays, 3.0 `nullable`, 2.0 `x-nullable`). */
function typesOf(s: JsonSchema): string[] | undefined {
  const raw = s.type;
  let types: string[] | undefined;
  if (typeof raw === 'string') types = [raw];
  else if (Array.isArray(raw)) types = raw.filter((t): t is string => typeof t === 'string');
  if (types?.includes('file')) throw new UnsupportedSchema('a file upload (type "file")');
  types = types?.filter((t) => TYPES.has(t));
  if (types && (s.nullable === true || s['x-nullable'] === true) && !types.includes('null')) types.push('null');
  return types && types.length > 0 ? [...new Set(types)] : undefined;
}

export interface MapSchemaOptions {
  /** Request schemas drop `readOnly` properties (the provider sets them; sending them is refused or ignored). */
  request: boolean;
}

/** One OpenAPI schema as a property schema of the catalog dialect. */
export function mapSchema(raw: unknown, depth = 0, opts: MapSchemaOptions = { request: true }): JsonSchema {
  if (!isObject(raw)) return {};
  if (typeof raw.$ref === 'string') return {}; // an external reference (never followed): any value
  const s = mergeAllOf(raw);
  const out: JsonSchema = {};
  const types = typesOf(s);
  if (types) out.type = types.length === 1 ? types[0] : types;
  const description = plainText(s.description);
  if (description) out.description = trimText(description, NESTED_DESCRIPTION_MAX);
  for (const key of COPIED) if (s[key] !== undefined && typeof s[key] === (key === 'title' ? 'string' : key === 'uniqueItems' ? 'boolean' : 'number')) out[key] = s[key];
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    out.enum = types?.includes('null') && !s.enum.includes(null) ? [...s.enum, null] : s.enum;
  }
  if (s.const !== undefined) out.const = s.const;
  if (s.default !== undefined) out.default = s.default;
  // An example of another type than the schema's (Asana: 12345 for a string gid) would mislead a model.
  const fits = (v: unknown) => !types || types.includes(v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) && types.includes('integer') ? 'integer' : typeof v);
  const examples = (Array.isArray(s.examples) ? s.examples : s.example !== undefined ? [s.example] : []).filter(fits);
  if (examples.length > 0) out.examples = examples;
  if (typeof s.format === 'string' && KNOWN_FORMATS.has(s.format)) out.format = s.format;
  if (validPattern(s.pattern)) out.pattern = s.pattern;
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) out.multipleOf = s.multipleOf;
  // 3.0 spells exclusive bounds as booleans beside minimum/maximum; the dialect uses numbers.
  for (const [ex, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof s[ex] === 'number') out[ex] = s[ex];
    else if (s[ex] === true && typeof s[bound] === 'number') {
      out[ex] = s[bound];
      delete out[bound];
    }
  }
  const alternatives = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as unknown[] | undefined;
  if (alternatives && alternatives.length > 0) {
    if (depth >= MAX_SCHEMA_DEPTH) return out;
    out.anyOf = alternatives.map((alt) => mapSchema(alt, depth + 1, opts));
  }
  const isArray = types?.includes('array') || (s.items !== undefined && !types);
  if (isArray && isObject(s.items)) {
    if (depth < MAX_SCHEMA_DEPTH) out.items = mapSchema(s.items, depth + 1, opts);
  }
  if (isObject(s.properties)) {
    if (depth >= MAX_SCHEMA_DEPTH) {
      if (!out.type) out.type = 'object';
      return out;
    }
    const props: JsonSchema = {};
    for (const [name, sub] of Object.entries(s.properties)) {
      if (opts.request && isObject(sub) && mergeAllOf(sub).readOnly === true) continue;
      props[name] = mapSchema(sub, depth + 1, opts);
    }
    out.properties = props;
    const required = Array.isArray(s.required) ? [...new Set(s.required.filter((r): r is string => typeof r === 'string' && r in props))] : [];
    if (required.length > 0) out.required = required;
  } else if (Array.isArray(s.required) && !alternatives) {
    const required = [...new Set(s.required.filter((r): r is string => typeof r === 'string'))];
    if (required.length > 0) out.required = required;
  }
  if (typeof s.additionalProperties === 'boolean') out.additionalProperties = s.additionalProperties;
  else if (isObject(s.additionalProperties) && depth < MAX_SCHEMA_DEPTH) out.additionalProperties = mapSchema(s.additionalProperties, depth + 1, opts);
  return out;
}

/** True when a (mapped) schema, or anything in it, is binary content (`format: binary`). */
export function hasBinary(schema: unknown, seen = new Set<object>()): boolean {
  if (!isObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.format === 'binary') return true;
  return Object.values(schema).some((v) => (Array.isArray(v) ? v.some((x) => hasBinary(x, seen)) : hasBinary(v, seen)));
}
