/**
 * Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML) with @readme/openapi-parser,
 * the maintained fork of swagger-parser: it validates against the official schemas and inlines
 * every local `$ref` (a recursive one becomes a cycle, cut by schema-mapping.ts's depth bound). External
 * references are not followed: an import must not fetch from the network or read other files.
 * The result is one shape for all three versions, so the mapping has no per-version branches.
 */
import { dereference, validate } from '@readme/openapi-parser';
import { plainText } from './text.js';
import type { JsonSchema } from './schema-mapping.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  deprecated: boolean;
  /** The value's schema (2.0: built from the parameter's own keywords). */
  schema: JsonSchema;
  /** Array/object serialisation: 'comma' (a,b) or 'repeat' (k=a&k=b); 'deep' for deepObject. */
  arrays: 'comma' | 'repeat' | 'deep' | 'other';
}

export interface ApiBody {
  required: boolean;
  /** Media type -> schema (2.0: the consumes types). */
  content: Record<string, JsonSchema>;
}

export interface ApiOperation {
  method: string;
  path: string;
  operationId?: string;
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  parameters: ApiParameter[];
  body: ApiBody | null;
  /** Security requirements: operation's, else the document's; undefined = none declared anywhere. */
  security?: Record<string, string[]>[];
}

export type ApiSecurityScheme =
  | { type: 'apiKey'; name: string; in: 'header' | 'query' | 'cookie'; description: string }
  | { type: 'http'; scheme: string; description: string }
  | { type: 'oauth2'; description: string; authorizationCode?: { authorizationUrl: string; tokenUrl: string; refreshUrl?: string; scopes: Record<string, string> }; otherFlows: string[] }
  | { type: 'other'; kind: string; description: string };

export interface ApiDocument {
  dialect: '2.0' | '3.0' | '3.1';
  title: string;
  version: string;
  description: string;
  /** Absolute server URLs, variables filled with their defaults. */
  servers: string[];
  securitySchemes: Record<string, ApiSecurityScheme>;
  tagDescriptions: Record<string, string>;
  operations: ApiOperation[];
  /** Validation messages of the parser (the import goes on: real documents often have small faults). */
  validationProblems: string[];
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads and dereferences the file; throws with the parser's message when it cannot be read at all. */
export async function readOpenApi(file: string): Promise<ApiDocument> {
  const checked = await validate(file, { resolve: { external: false } });
  const validationProblems = checked.valid ? [] : checked.errors.map((e) => e.message.split('\n')[0]!).slice(0, 20);
  const doc = (await dereference(file, { resolve: { external: false }, dereference: { circular: true } })) as unknown as JsonSchema;
  if (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string') throw new Error('it has neither an "openapi" nor a "swagger" version field');
  return normalize(doc, validationProblems);
}

export function normalize(doc: JsonSchema, validationProblems: string[] = []): ApiDocument {
  const swagger = typeof doc.swagger === 'string';
  const dialect = swagger ? '2.0' : str(doc.openapi).startsWith('3.1') ? '3.1' : '3.0';
  const info = isObject(doc.info) ? doc.info : {};
  const consumes = Array.isArray(doc.consumes) ? (doc.consumes as string[]) : ['application/json'];
  const operations: ApiOperation[] = [];
  for (const [path, itemRaw] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(itemRaw)) continue;
    const shared = Array.isArray(itemRaw.parameters) ? (itemRaw.parameters as unknown[]) : [];
    for (const method of HTTP_METHODS) {
      const op = itemRaw[method];
      if (!isObject(op)) continue;
      // Operation parameters override path-level ones with the same name and location.
      const own = Array.isArray(op.parameters) ? (op.parameters as unknown[]).filter(isObject) : [];
      const params = [...shared.filter(isObject).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const opConsumes = Array.isArray(op.consumes) ? (op.consumes as string[]) : consumes;
      const security = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        ...(typeof op.operationId === 'string' && op.operationId.trim() ? { operationId: op.operationId.trim() } : {}),
        summary: plainText(op.summary),
        description: plainText(op.description),
        tags: Array.isArray(op.tags) ? [...new Set(op.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim()))] : [],
        deprecated: op.deprecated === true,
        parameters: swagger ? params.filter((p) => p.in !== 'body' && p.in !== 'formData').map(swaggerParameter) : params.map(openApiParameter),
        body: swagger ? swaggerBody(params, opConsumes) : openApiBody(op.requestBody),
        ...(security ? { security: security as Record<string, string[]>[] } : {}),
      });
    }
  }
  const tagDescriptions: Record<string, string> = {};
  for (const t of Array.isArray(doc.tags) ? doc.tags : []) if (isObject(t) && typeof t.name === 'string') tagDescriptions[t.name] = plainText(t.description);
  return {
    dialect,
    title: plainText(info.title) || 'Imported API',
    version: str(info.version) || '1.0.0',
    description: plainText(info.description),
    servers: swagger ? swaggerServers(doc) : openApiServers(doc),
    securitySchemes: swagger ? swaggerSchemes(doc) : openApiSchemes(doc),
    tagDescriptions,
    operations,
    validationProblems,
  };
}

function openApiParameter(p: JsonSchema): ApiParameter {
  const where = (['path', 'query', 'header', 'cookie'] as const).find((w) => w === p.in) ?? 'query';
  let schema = isObject(p.schema) ? p.schema : {};
  if (!isObject(p.schema) && isObject(p.content)) {
    const first = Object.values(p.content)[0];
    if (isObject(first) && isObject(first.schema)) schema = first.schema;
  }
  const style = str(p.style) || (where === 'query' || where === 'cookie' ? 'form' : 'simple');
  const explode = typeof p.explode === 'boolean' ? p.explode : style === 'form';
  const arrays = style === 'deepObject' ? 'deep' : style === 'form' ? (explode ? 'repeat' : 'comma') : style === 'simple' ? 'comma' : 'other';
  return { name: str(p.name), in: where, required: p.required === true || where === 'path', description: plainText(p.description), deprecated: p.deprecated === true, schema, arrays };
}

const SWAGGER_SCHEMA_KEYS = ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'multipleOf', 'x-nullable'];

function swaggerParameter(p: JsonSchema): ApiParameter {
  const where = (['path', 'query', 'header'] as const).find((w) => w === p.in) ?? 'query';
  const schema: JsonSchema = {};
  for (const k of SWAGGER_SCHEMA_KEYS) if (p[k] !== undefined) schema[k] = p[k];
  const format = str(p.collectionFormat) || 'csv';
  const arrays = format === 'multi' ? 'repeat' : format === 'csv' ? 'comma' : 'other';
  return { name: str(p.name), in: where, required: p.required === true || where === 'path', description: plainText(p.description), deprecated: false, schema, arrays };
}

function openApiBody(raw: unknown): ApiBody | null {
  if (!isObject(raw) || !isObject(raw.content)) return null;
  const content: Record<string, JsonSchema> = {};
  for (const [type, media] of Object.entries(raw.content)) content[type.toLowerCase()] = isObject(media) && isObject(media.schema) ? media.schema : {};
  return { required: raw.required === true, content };
}

/** 2.0 spells a JSON body as one `in: body` parameter and form fields as `in: formData` parameters. */
function swaggerBody(params: JsonSchema[], consumes: string[]): ApiBody | null {
  const body = params.find((p) => p.in === 'body');
  if (body) {
    const content: Record<string, JsonSchema> = {};
    for (const type of consumes.length > 0 ? consumes : ['application/json']) content[type.toLowerCase()] = isObject(body.schema) ? body.schema : {};
    return { required: body.required === true, content };
  }
  const form = params.filter((p) => p.in === 'formData');
  if (form.length === 0) return null;
  const properties: JsonSchema = {};
  for (const p of form) {
    const s: JsonSchema = {};
    for (const k of SWAGGER_SCHEMA_KEYS) if (p[k] !== undefined) s[k] = p[k];
    if (p.description) s.description = p.description;
    properties[str(p.name)] = s;
  }
  const required = form.filter((p) => p.required === true).map((p) => str(p.name));
  const schema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  const hasFile = form.some((p) => p.type === 'file');
  const types = hasFile ? ['multipart/form-data'] : consumes.filter((c) => /form/.test(c));
  const content: Record<string, JsonSchema> = {};
  for (const type of types.length > 0 ? types : ['application/x-www-form-urlencoded']) content[type.toLowerCase()] = schema;
  return { required: required.length > 0, content };
}

function openApiServers(doc: JsonSchema): string[] {
  const servers = Array.isArray(doc.servers) ? doc.servers.filter(isObject) : [];
  return servers.map((s) => {
    const vars = isObject(s.variables) ? s.variables : {};
    return str(s.url).replace(/\{([^{}]+)\}/g, (m, name: string) => {
      const v = vars[name];
      return isObject(v) && v.default !== undefined ? String(v.default) : m;
    });
  });
}

function swaggerServers(doc: JsonSchema): string[] {
  if (typeof doc.host !== 'string') return [str(doc.basePath) || '/'];
  const schemes = Array.isArray(doc.schemes) && doc.schemes.length > 0 ? (doc.schemes as string[]) : ['https'];
  const scheme = schemes.includes('https') ? 'https' : schemes[0];
  return [`${scheme}://${doc.host}${str(doc.basePath)}`];
}

function openApiSchemes(doc: JsonSchema): Record<string, ApiSecurityScheme> {
  const components = isObject(doc.components) ? doc.components : {};
  const out: Record<string, ApiSecurityScheme> = {};
  for (const [name, s] of Object.entries(isObject(components.securitySchemes) ? components.securitySchemes : {})) {
    if (!isObject(s)) continue;
    const description = plainText(s.description);
    if (s.type === 'apiKey' && (s.in === 'header' || s.in === 'query' || s.in === 'cookie')) out[name] = { type: 'apiKey', name: str(s.name), in: s.in, description };
    else if (s.type === 'http') out[name] = { type: 'http', scheme: str(s.scheme).toLowerCase(), description };
    else if (s.type === 'oauth2' && isObject(s.flows)) {
      const code = s.flows.authorizationCode;
      out[name] = {
        type: 'oauth2',
        description,
        ...(isObject(code)
          ? { authorizationCode: { authorizationUrl: str(code.authorizationUrl), tokenUrl: str(code.tokenUrl), ...(code.refreshUrl ? { refreshUrl: str(code.refreshUrl) } : {}), scopes: isObject(code.scopes) ? (code.scopes as Record<string, string>) : {} } }
          : {}),
        otherFlows: Object.keys(s.flows).filter((f) => f !== 'authorizationCode'),
      };
    } else out[name] = { type: 'other', kind: str(s.type), description };
  }
  return out;
}

function swaggerSchemes(doc: JsonSchema): Record<string, ApiSecurityScheme> {
  const out: Record<string, ApiSecurityScheme> = {};
  for (const [name, s] of Object.entries(isObject(doc.securityDefinitions) ? doc.securityDefinitions : {})) {
    if (!isObject(s)) continue;
    const description = plainText(s.description);
    if (s.type === 'basic') out[name] = { type: 'http', scheme: 'basic', description };
    else if (s.type === 'apiKey' && (s.in === 'header' || s.in === 'query')) out[name] = { type: 'apiKey', name: str(s.name), in: s.in, description };
    else if (s.type === 'oauth2') {
      const code = s.flow === 'accessCode';
      out[name] = {
        type: 'oauth2',
        description,
        ...(code ? { authorizationCode: { authorizationUrl: str(s.authorizationUrl), tokenUrl: str(s.tokenUrl), scopes: isObject(s.scopes) ? (s.scopes as Record<string, string>) : {} } } : {}),
        otherFlows: code ? [] : [str(s.flow)],
      };
    } else out[name] = { type: 'other', kind: str(s.type), description };
  }
  return out;
}
