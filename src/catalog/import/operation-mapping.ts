/**
 * One OpenAPI operation to one tool file (or the reason it cannot be one). Parameters become
 * inputs named as the provider names them, because the request template sends each input under
 * its own name; the body's top-level fields become inputs beside them. Every rule is listed in
 * docs/guides/catalog.md, "Importing an OpenAPI document".
 */
import type { RequestTemplate, ToolFile } from '../catalog-schema.js';
import type { ApiBody, ApiDocument, ApiOperation, ApiParameter } from './openapi-reader.js';
import { hasBinary, mapSchema, mergeAllOf, UnsupportedSchema, type JsonSchema } from './schema-mapping.js';
import { operationScopes } from './security-mapping.js';
import { plainText, trimText } from './text.js';

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 600;
const PARAM_DESCRIPTION_MAX = 400;
const TEMPLATE_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
/** Headers the broker sets itself (credentials, body type); a parameter for them is left out. */
const BROKER_HEADERS = new Set(['authorization', 'content-type', 'content-length', 'accept', 'host', 'cookie']);

export type MappedOperation = { tool: ToolFile; notes: string[] } | { skipped: string };

type Body = { encoding: 'json' | 'form'; schema: JsonSchema } | { skipped: string } | null;

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body media type the template can send: JSON first, then form-urlencoded. */
function pickBody(body: ApiBody | null): Body {
  if (!body) return null;
  const types = Object.keys(body.content);
  const json = types.find((t) => t === 'application/json' || /^application\/[^;]*\+json/.test(t) || t.startsWith('application/json;')) ?? types.find((t) => t === '*/*');
  if (json) return { encoding: 'json', schema: body.content[json]! };
  const form = types.find((t) => t.startsWith('application/x-www-form-urlencoded'));
  if (form) return { encoding: 'form', schema: body.content[form]! };
  if (types.length === 0) return null;
  const multipart = types.find((t) => t.startsWith('multipart/'));
  if (multipart) return { skipped: `request body is ${multipart} (file parts): the template sends JSON or form-urlencoded bodies only` };
  return { skipped: `request body media type ${types.join(', ')} is not JSON or form-urlencoded` };
}

/** Top-level fields of an object body; a root oneOf/anyOf of objects is united (a field is required when every alternative requires it). */
function bodyFields(raw: JsonSchema): { properties: JsonSchema; required: string[]; freeForm: boolean } | string {
  const s = mergeAllOf(raw);
  const alternatives = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : []).filter(isObject).map(mergeAllOf);
  const parts = alternatives.length > 0 && !isObject(s.properties) ? alternatives : [s];
  const properties: JsonSchema = {};
  let required: string[] | undefined;
  let freeForm = false;
  for (const part of parts) {
    const type = part.type;
    if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object'))) {
      return `request body is ${Array.isArray(type) ? type.join('|') : String(type)}, not an object: the template sends an object of fields`;
    }
    if (!isObject(part.properties)) {
      freeForm = true;
      continue;
    }
    for (const [name, sub] of Object.entries(part.properties)) if (!(name in properties)) properties[name] = sub;
    const req = Array.isArray(part.required) ? part.required.filter((r): r is string => typeof r === 'string') : [];
    required = required === undefined ? req : required.filter((r) => req.includes(r));
  }
  return { properties, required: required ?? [], freeForm: freeForm && Object.keys(properties).length === 0 };
}

function propertyFor(schema: JsonSchema, description: string, fallback: string, deprecated = false): JsonSchema {
  const mapped = mapSchema(schema, 0);
  const text = trimText(description || (typeof mapped.description === 'string' ? mapped.description : '') || fallback, PARAM_DESCRIPTION_MAX);
  const { description: _, ...rest } = mapped;
  return { description: deprecated ? `Deprecated. ${text}` : text, ...rest };
}

const humanize = (name: string) => name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function toolName(op: ApiOperation): string {
  const text = op.summary || (op.operationId ? humanize(op.operationId).replace(/^./, (c) => c.toUpperCase()) : `${op.method} ${op.path}`);
  return trimText(text.replace(/\.$/, ''), NAME_MAX);
}

export function toolDescription(op: ApiOperation): string {
  const text = op.description || op.summary || `${op.method} ${op.path}`;
  // The summary often says what the description leaves implicit; keep it when it adds words.
  const full = op.summary && op.description && !op.description.toLowerCase().startsWith(op.summary.toLowerCase().replace(/\.$/, '')) ? `${op.summary.replace(/\.?$/, '.')} ${op.description}` : text;
  return trimText(plainText(full), DESCRIPTION_MAX);
}

export function mapOperation(doc: ApiDocument, op: ApiOperation, slug: string, version: string): MappedOperation {
  if (!TEMPLATE_METHODS.has(op.method)) return { skipped: `method ${op.method} is not one the template sends (GET, POST, PUT, PATCH, DELETE, HEAD)` };
  if (!/^\/[^?#\s]*$/.test(op.path)) return { skipped: `path "${op.path}" is not a plain path` };
  const notes: string[] = [];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const arrayFormats = new Set<'comma' | 'repeat'>();
  const take = (name: string, prop: JsonSchema, isRequired: boolean) => {
    properties[name] = prop;
    if (isRequired && !required.includes(name)) required.push(name);
  };
  try {
    for (const p of op.parameters) {
      const fallback = `The ${humanize(p.name)} ${p.in} parameter.`;
      if (p.in === 'path') {
        take(p.name, propertyFor(p.schema, p.description, fallback), true);
        continue;
      }
      if (p.in === 'cookie') {
        if (p.required) return { skipped: `required cookie parameter "${p.name}" cannot be sent by the template` };
        notes.push(`optional cookie parameter "${p.name}" left out`);
        continue;
      }
      if (p.in === 'header') {
        if (BROKER_HEADERS.has(p.name.toLowerCase()) || !/^[A-Za-z0-9-]+$/.test(p.name)) {
          if (p.required && !BROKER_HEADERS.has(p.name.toLowerCase())) return { skipped: `required header "${p.name}" is not a plain header name` };
          notes.push(`header parameter "${p.name}" left out (the broker sets it)`);
          continue;
        }
        // Header inputs may be renamed (the template maps header -> input), so a clash costs nothing.
        const name = p.name in properties || op.parameters.some((o) => o !== p && o.name === p.name) ? `${p.name}_header` : p.name;
        headers[p.name] = name;
        take(name, propertyFor(p.schema, p.description, fallback, p.deprecated), p.required);
        continue;
      }
      const mapped = queryParameter(p, fallback);
      if (typeof mapped === 'string') {
        if (p.required) return { skipped: mapped };
        notes.push(`optional ${mapped}; left out`);
        continue;
      }
      for (const [name, prop, req] of mapped) {
        // The provider names one value twice (path and query): one input feeds both places.
        if (name in properties) notes.push(`"${name}" is a path and a query parameter; one input feeds both`);
        else take(name, prop, req);
        query.push(name);
        if (req && !required.includes(name)) required.push(name);
      }
      if (isArrayish(p.schema) && (p.arrays === 'comma' || p.arrays === 'repeat')) arrayFormats.add(p.arrays);
    }
    // Path parameters the document forgot to declare still need an input (the loader requires it).
    for (const m of op.path.matchAll(/\{([^{}]+)\}/g)) {
      if (!(m[1]! in properties)) take(m[1]!, { type: 'string', description: `The ${humanize(m[1]!)} path parameter.` }, true);
    }
    const picked = pickBody(op.body);
    let body: RequestTemplate['body'] = null;
    let bodyEncoding: 'json' | 'form' | undefined;
    let additionalProperties = false;
    if (picked && 'skipped' in picked) {
      if (op.body?.required) return { skipped: picked.skipped };
      notes.push(`optional ${picked.skipped}; body left out`);
    } else if (picked) {
      if (op.method === 'GET' || op.method === 'HEAD') notes.push(`${op.method} with a request body: body left out`);
      else {
        if (hasBinary(picked.schema)) return { skipped: 'request body has binary (format: binary) fields' };
        const fields = bodyFields(picked.schema);
        if (typeof fields === 'string') return { skipped: fields };
        if (picked.encoding === 'form') bodyEncoding = 'form';
        if (fields.freeForm) {
          body = 'all';
          additionalProperties = true;
        } else {
          const names: string[] = [];
          for (const [name, sub] of Object.entries(fields.properties)) {
            if (isObject(sub) && mergeAllOf(sub).readOnly === true) continue;
            names.push(name);
            if (name in properties) {
              // One value under one name in two places (Bitly echoes group_guid in path and body): one input feeds both.
              notes.push(`"${name}" is a parameter and a body field; one input feeds both`);
              if (fields.required.includes(name) && !required.includes(name)) required.push(name);
              continue;
            }
            const subDesc = isObject(sub) ? plainText(mergeAllOf(sub).description) : '';
            take(name, propertyFor(isObject(sub) ? sub : {}, subDesc, `The ${humanize(name)} field of the request body.`), fields.required.includes(name));
          }
          body = { fields: names };
        }
      }
    }
    // A tool can hold one array style; the first the document uses wins (noted when they differ).
    const arrayFormat = [...arrayFormats][0];
    if (arrayFormats.size > 1) notes.push('query arrays use two styles; "repeat" kept for all');
    const request: RequestTemplate = {
      method: op.method as RequestTemplate['method'],
      path: op.path,
      ...(query.length > 0 ? { query } : {}),
      ...(arrayFormat === 'repeat' || arrayFormats.size > 1 ? { arrayFormat: 'repeat' as const } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      body,
      ...(bodyEncoding ? { bodyEncoding } : {}),
    };
    const scopes = operationScopes(doc, op);
    const tool: ToolFile = {
      slug,
      name: toolName(op),
      description: toolDescription(op),
      tags: op.tags,
      version,
      ...(op.deprecated ? { deprecated: true } : {}),
      ...(scopes ? { scopes } : {}),
      input: {
        type: 'object',
        properties: properties as ToolFile['input']['properties'],
        ...(required.length > 0 ? { required } : {}),
        additionalProperties,
      },
      request,
    };
    return { tool, notes };
  } catch (err) {
    if (err instanceof UnsupportedSchema) return { skipped: `a parameter or body field is ${err.message}` };
    throw err;
  }
}

const isArrayish = (s: JsonSchema) => {
  const t = mergeAllOf(s).type;
  return t === 'array' || (Array.isArray(t) && t.includes('array'));
};
const isObjectish = (s: JsonSchema) => {
  const m = mergeAllOf(s);
  return m.type === 'object' || (Array.isArray(m.type) && m.type.includes('object')) || (m.type === undefined && isObject(m.properties));
};

/** A query parameter as inputs: itself, or (an exploded `form` object) each of its properties; or why it cannot be sent. */
function queryParameter(p: ApiParameter, fallback: string): [string, JsonSchema, boolean][] | string {
  if (isObjectish(p.schema)) {
    const s = mergeAllOf(p.schema);
    if (p.arrays !== 'repeat' || !isObject(s.properties)) return `query parameter "${p.name}" is an object serialised as ${p.arrays === 'deep' ? 'deepObject' : 'a structure'} the template cannot build`;
    const req = Array.isArray(s.required) ? s.required : [];
    return Object.entries(s.properties).map(([name, sub]) => [name, propertyFor(isObject(sub) ? sub : {}, '', `The ${humanize(name)} query parameter.`), p.required && req.includes(name)]);
  }
  if (isArrayish(p.schema) && p.arrays !== 'comma' && p.arrays !== 'repeat') return `query parameter "${p.name}" is an array in a style the template cannot build`;
  return [[p.name, scalarAlternatives(propertyFor(p.schema, p.description, fallback, p.deprecated)), p.required]];
}

/**
 * A query value that may be a scalar or an object (Meraki's `startDate`: a date-time, or bounds as
 * `startDate[gt]=`) keeps its scalar alternatives: the template sends an object as JSON text,
 * which such a parameter does not accept.
 */
function scalarAlternatives(prop: JsonSchema): JsonSchema {
  if (!Array.isArray(prop.anyOf)) return prop;
  const kept = (prop.anyOf as JsonSchema[]).filter((alt) => alt.type !== 'object' && !isObject(alt.properties));
  if (kept.length === 0 || kept.length === prop.anyOf.length) return prop;
  const { anyOf: _, ...rest } = prop;
  if (kept.length > 1) return { ...rest, anyOf: kept };
  const { description: __, ...only } = kept[0]!;
  return { ...rest, ...only };
}
