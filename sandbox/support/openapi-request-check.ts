/**
 * Does a provider's own OpenAPI document accept this request? The check the catalog's generated
 * tools are held to (test/unit/catalog/import-provider-reference.test.ts, the by-hand import
 * measurement in docs/internals/performance.md): the operation is found by method and path, every
 * required parameter is present, every sent query parameter and header is declared, each value
 * (coerced from its text, as a server reads it) and the body fit their schemas. It reads the
 * dereferenced document directly, never the importer's mapping, so the two cannot agree by
 * sharing a mistake. Deterministic; no server.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RenderedRequest } from '../../src/catalog/request-template.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];

/** OpenAPI 3.0 / 2.0 schema keywords as JSON Schema: nullable and boolean exclusive bounds. */
function toJsonSchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(toJsonSchema);
  if (!isObject(s)) return s;
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'example' || k === 'discriminator' || k === 'xml' || k === 'nullable') continue;
    out[k] =
      k === 'properties' && isObject(v) ? Object.fromEntries(Object.entries(v).map(([n, p]) => [n, toJsonSchema(p)])) : toJsonSchema(v);
  }
  if ((s.nullable === true || s['x-nullable'] === true) && typeof s.type === 'string') {
    out.type = [s.type, 'null'];
    if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
  }
  for (const [ex, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (s[ex] === true) {
      out[ex] = s[bound];
      delete out[bound];
    } else if (s[ex] === false) delete out[ex];
  }
  if (s.type === 'file') delete out.type;
  return out;
}

export interface OperationMatch {
  method: string;
  path: string;
}

export class OpenApiRequestChecker {
  private readonly doc: Json;
  private readonly swagger: boolean;
  private readonly ajv: Ajv;
  private readonly coercing: Ajv;
  private readonly cache = new Map<unknown, ValidateFunction>();
  private readonly coercedCache = new Map<unknown, ValidateFunction>();
  private readonly routes: { method: string; path: string; re: RegExp; names: string[]; literal: number }[] = [];

  /** `doc`: the dereferenced document; `baseUrl`: the API root the tools' paths are appended to. */
  constructor(
    doc: Json,
    private readonly baseUrl: string,
  ) {
    this.doc = doc;
    this.swagger = typeof doc.swagger === 'string';
    const is31 = typeof doc.openapi === 'string' && doc.openapi.startsWith('3.1');
    const make = (coerce: boolean) => {
      const opts = {
        strict: false,
        allErrors: true,
        logger: false as const,
        validateSchema: false,
        ...(coerce ? { coerceTypes: 'array' as const } : {}),
      };
      return addFormats((is31 ? new Ajv2020(opts) : new Ajv(opts)) as Ajv);
    };
    this.ajv = make(false);
    this.coercing = make(true);
    for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
      if (!isObject(item)) continue;
      const names: string[] = [];
      const re = new RegExp(
        `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^{}]+)\}/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`,
      );
      for (const m of METHODS)
        if (isObject(item[m]))
          this.routes.push({ method: m.toUpperCase(), path, re, names, literal: path.replace(/\{[^{}]+\}/g, '').length });
    }
    this.routes.sort((a, b) => b.literal - a.literal);
  }

  private compile(schema: unknown, coerce: boolean): ValidateFunction {
    const cache = coerce ? this.coercedCache : this.cache;
    let fn = cache.get(schema);
    if (!fn) {
      // Recursive refs the parser left as `$ref: #/components/...` resolve against the document's own components.
      const root = {
        ...(toJsonSchema(schema) as Json),
        components: toJsonSchema(this.doc.components ?? {}),
        definitions: toJsonSchema(this.doc.definitions ?? {}),
      };
      fn = (coerce ? this.coercing : this.ajv).compile(root);
      cache.set(schema, fn);
    }
    return fn;
  }

  private errorsOf(fn: ValidateFunction, what: string): string[] {
    return (fn.errors ?? []).slice(0, 3).map((e) => `${what}${e.instancePath} ${e.message ?? 'is invalid'}`);
  }

  /** The problems the document finds with the request ([] = accepted), and the operation it matched. */
  check(req: RenderedRequest): { problems: string[]; operation?: OperationMatch } {
    const url = new URL(req.url);
    const base = new URL(this.baseUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.host !== base.host || !url.pathname.startsWith(basePath)) return { problems: [`${req.url} is not under ${this.baseUrl}`] };
    const rel = url.pathname.slice(basePath.length) || '/';
    const route = this.routes.find((r) => r.method === req.method && r.re.test(rel));
    if (!route) return { problems: [`the document has no ${req.method} operation for ${rel}`] };
    const problems: string[] = [];
    const item = (this.doc.paths as Json)[route.path] as Json;
    const op = item[route.method.toLowerCase()] as Json;
    const own = (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject);
    const params = [
      ...(Array.isArray(item.parameters) ? item.parameters : [])
        .filter(isObject)
        .filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
      ...own,
    ];
    const pathValues = route.re.exec(rel)!.slice(1).map(decodeURIComponent);
    const query = new Map<string, string[]>();
    for (const [k, v] of url.searchParams) query.set(k, [...(query.get(k) ?? []), v]);
    const headers = new Map(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const schemaOf = (p: Json): unknown => {
      if (this.swagger) {
        const { name: _n, in: _i, required: _r, description: _d, collectionFormat: _c, ...rest } = p;
        return rest;
      }
      if (isObject(p.schema)) return p.schema;
      const media = isObject(p.content) ? Object.values(p.content)[0] : undefined;
      return isObject(media) && isObject(media.schema) ? media.schema : {};
    };
    const checkValue = (p: Json, raw: string[] | string, what: string) => {
      const schema = schemaOf(p);
      const type = isObject(schema) ? schema.type : undefined;
      let value: unknown = raw;
      if (type === 'array')
        value = (Array.isArray(raw) ? raw : [raw]).flatMap((v) =>
          (p.style === 'form' && p.explode === false) || (this.swagger ? (p.collectionFormat ?? 'csv') === 'csv' : false)
            ? v.split(',')
            : [v],
        );
      else value = Array.isArray(raw) ? (raw.length === 1 ? raw[0] : raw) : raw;
      const holder = { v: value };
      const fn = this.compile({ type: 'object', properties: { v: schema } }, true);
      if (!fn(holder)) problems.push(...this.errorsOf(fn, what));
    };
    for (const p of params) {
      const name = String(p.name);
      if (p.in === 'path') checkValue(p, pathValues[route.names.indexOf(name)] ?? '', `path ${name}`);
      else if (p.in === 'query') {
        const v = query.get(name);
        if (v === undefined) {
          if (p.required === true) problems.push(`required query parameter ${name} is missing`);
        } else checkValue(p, v, `query ${name}`);
      } else if (p.in === 'header') {
        const v = headers.get(name.toLowerCase());
        if (v === undefined) {
          if (p.required === true) problems.push(`required header ${name} is missing`);
        } else checkValue(p, v, `header ${name}`);
      }
    }
    for (const name of query.keys())
      if (!params.some((p) => p.in === 'query' && p.name === name)) problems.push(`query parameter ${name} is not declared`);
    problems.push(...this.checkBody(req, op, params, headers.get('content-type')));
    return { problems, operation: { method: route.method, path: route.path } };
  }

  private checkBody(req: RenderedRequest, op: Json, params: Json[], contentType: string | undefined): string[] {
    let schema: unknown;
    let required = false;
    let types: string[] = [];
    if (this.swagger) {
      const body = params.find((p) => p.in === 'body');
      const form = params.filter((p) => p.in === 'formData');
      if (body) {
        schema = body.schema;
        required = body.required === true;
        types = ['application/json'];
      } else if (form.length > 0) {
        schema = {
          type: 'object',
          properties: Object.fromEntries(form.map((p) => [p.name, { ...p, required: undefined, name: undefined, in: undefined }])),
          required: form.filter((p) => p.required).map((p) => p.name),
        };
        required = form.some((p) => p.required === true);
        types = ['application/x-www-form-urlencoded', 'multipart/form-data'];
      }
    } else if (isObject(op.requestBody)) {
      required = op.requestBody.required === true;
      const content = isObject(op.requestBody.content) ? op.requestBody.content : {};
      types = Object.keys(content);
      const media = contentType
        ? (content[contentType] ?? content[Object.keys(content).find((t) => contentType.startsWith(t) || t === '*/*') ?? ''])
        : undefined;
      schema = isObject(media) ? media.schema : undefined;
    }
    if (req.body === undefined) return required ? ['the required request body is missing'] : [];
    if (types.length === 0) return ['the operation takes no request body'];
    if (contentType && !types.some((t) => t === '*/*' || contentType.startsWith(t) || (this.swagger && t.includes('json'))))
      return [`body content-type ${contentType} is not one of ${types.join(', ')}`];
    if (!isObject(schema)) return [];
    const form = req.bodyEncoding === 'form';
    const fn = this.compile(schema, form);
    const body = form
      ? Object.fromEntries(
          Object.entries(req.body as Json).map(([k, v]) => [
            k,
            typeof v === 'object' && v !== null && !Array.isArray(v) ? JSON.stringify(v) : v,
          ]),
        )
      : structuredClone(req.body);
    return fn(body) ? [] : this.errorsOf(fn, 'body');
  }
}

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05Z',
  email: 'someone@example.com',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  'uri-reference': 'https://example.com/a',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '3f2c8a4e-1b2d-4c3e-9f8a-0b1c2d3e4f50',
  byte: 'c2FtcGxl',
  duration: 'P1D',
};

/** A value a schema (the catalog dialect) accepts: its example, default, enum or a typed sample. */
export function sampleValue(schema: Json | undefined, full: boolean, depth = 0): unknown {
  if (!schema) return 'sample';
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0 && schema.examples[0] !== null)
    return structuredClone(schema.examples[0]);
  if (schema.default !== undefined && schema.default !== null) return structuredClone(schema.default);
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  if (Array.isArray(schema.anyOf) && schema.anyOf.length > 0 && schema.type === undefined)
    return sampleValue(schema.anyOf[0] as Json, full, depth + 1);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? (isObject(schema.properties) ? 'object' : isObject(schema.items) ? 'array' : 'string');
  switch (type) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      return typeof schema.maximum === 'number' ? Math.min(min, schema.maximum) : min;
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return depth > 8 ? [] : Array.from({ length: n }, () => sampleValue(schema.items as Json | undefined, full, depth + 1));
    }
    case 'object': {
      const out: Json = {};
      const props = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      if (depth > 8) return out;
      for (const [name, sub] of Object.entries(props))
        if (full || required.includes(name)) out[name] = sampleValue(sub as Json, full, depth + 1);
      return out;
    }
    default: {
      const text = typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format] ? FORMAT_SAMPLES[schema.format]! : 'sample';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
  }
}

/** Arguments for a tool: its required inputs only, or every input. */
export function sampleArguments(input: { properties: Record<string, unknown>; required?: string[] }, full: boolean): Json {
  const out: Json = {};
  for (const [name, schema] of Object.entries(input.properties)) {
    if (full || (input.required ?? []).includes(name)) out[name] = sampleValue(schema as Json, full);
  }
  return out;
}
