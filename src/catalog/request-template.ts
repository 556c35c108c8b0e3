/**
 * Turns a tool's declarative `request` template plus validated arguments into a concrete HTTP
 * request, and applies an auth method's `inject` rules. Pure functions, no I/O: the executor
 * (src/tools) sends the result. Arguments are expected to have passed `catalog.validateInput`
 * (defaults applied); the checks here only guard what validation cannot (path traversal).
 */
import { badRequest } from '../errors.js';
import type { InjectRule, RequestTemplate, ToolFile, ToolkitFile } from './catalog-schema.js';
import { connectionConfigValue, renderConnectionTemplate, type ConnectionConfig } from './connection-config.js';
import type { ToolkitOverrides } from './toolkit-overrides.js';

export interface RenderedRequest {
  method: RequestTemplate['method'];
  /** Absolute URL: baseUrl + rendered path + query string. */
  url: string;
  headers: Record<string, string>;
  /** JSON value to send as the body (absent: no body). */
  body?: unknown;
  /** The template's `bodyEncoding` when it is "form" (absent: JSON). */
  bodyEncoding?: 'form';
}

const PLACEHOLDER = /\{([^{}]+)\}/g;

const CONNECTION_PREFIX = 'connectionConfig.';

/** Input placeholder names in a path template, in order of appearance ({connectionConfig.x} are not inputs). */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !name.startsWith(CONNECTION_PREFIX));
}

/**
 * Base URL of a toolkit, without trailing slash. The loader already applies TOOLKIT_OVERRIDES to
 * the toolkits it returns; pass `overrides` only when holding a toolkit file read elsewhere.
 */
export function toolkitBaseUrl(toolkit: ToolkitFile, overrides?: ToolkitOverrides): string {
  const base = overrides?.[toolkit.slug]?.baseUrl ?? toolkit.baseUrl;
  return base.replace(/\/+$/, '');
}

function scalarToString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * A header value may hold no line break or other control character (Node refuses to send it and
 * a CR/LF would split the header): checked per argument, so the 400 names the argument.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** encodeURIComponent throws URIError on a lone surrogate: a 400 naming the argument instead. */
function encodeArgument(name: string, text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw badRequest(`Argument "${name}" is not valid Unicode`, { errors: [{ field: name, message: 'must be valid Unicode' }] });
  }
}

/** Dot segments would be normalised away by the URL parser and escape the templated path. */
function assertNotDotSegment(name: string, segment: string): void {
  if (segment === '.' || segment === '..' || /^(%2e|\.){1,2}$/i.test(segment)) {
    throw badRequest(`Path argument "${name}" must not be "." or ".." (or contain such a segment)`);
  }
}

function renderPath(template: string, rawParams: readonly string[], args: Record<string, unknown>, config: ConnectionConfig | null): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (name.startsWith(CONNECTION_PREFIX)) return connectionConfigValue(name.slice(CONNECTION_PREFIX.length), config);
    const value = args[name];
    if (value === undefined || value === null || value === '') throw badRequest(`Missing path argument "${name}"`);
    const text = scalarToString(value);
    if (!rawParams.includes(name)) {
      assertNotDotSegment(name, text);
      return encodeArgument(name, text);
    }
    // Raw params (Bitly `domain/hash`) keep their "/" but every segment is still escaped.
    const segments = text.split('/');
    for (const s of segments) {
      if (s === '') throw badRequest(`Path argument "${name}" must not have empty segments (leading, trailing or double "/")`);
      assertNotDotSegment(name, s);
    }
    return segments.map((s) => encodeArgument(name, s)).join('/');
  });
}

function renderQuery(template: RequestTemplate, args: Record<string, unknown>): string {
  const parts: string[] = [];
  const format = template.arrayFormat ?? 'comma';
  for (const name of template.query ?? []) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    const key = encodeURIComponent(name);
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== undefined && v !== null).map((v) => encodeArgument(name, scalarToString(v)));
      if (items.length === 0) continue;
      if (format === 'repeat') for (const item of items) parts.push(`${key}=${item}`);
      else parts.push(`${key}=${items.join(',')}`);
    } else {
      parts.push(`${key}=${encodeArgument(name, scalarToString(value))}`);
    }
  }
  return parts.join('&');
}

/** Inputs placed in the path, query or headers: what a body of "all" leaves out. */
export function nonBodyInputs(template: RequestTemplate): Set<string> {
  return new Set([...pathPlaceholders(template.path), ...(template.query ?? []), ...Object.values(template.headers ?? {})]);
}

function renderBody(template: RequestTemplate, args: Record<string, unknown>): unknown {
  const spec = template.body ?? null;
  if (spec === null) return undefined;
  const body: Record<string, unknown> = {};
  if (spec === 'all') {
    const skip = nonBodyInputs(template);
    for (const [k, v] of Object.entries(args)) if (v !== undefined && !skip.has(k)) body[k] = v;
    return body;
  }
  for (const field of spec.fields) if (args[field] !== undefined) body[field] = args[field];
  return spec.wrapIn ? { [spec.wrapIn]: body } : body;
}

/**
 * Renders one tool call (or a trigger's poll or fetch request: the same template format).
 * `toolkit` is the loaded (overridden) toolkit it belongs to; `connectionConfig` (the
 * connection's fields) fills `{connectionConfig.<name>}` in baseUrl and path.
 */
export function renderRequest(
  toolkit: ToolkitFile,
  tool: Pick<ToolFile, 'request'>,
  args: Record<string, unknown>,
  connectionConfig: ConnectionConfig | null = null,
): RenderedRequest {
  const t = tool.request;
  const base = renderConnectionTemplate(toolkitBaseUrl(toolkit), connectionConfig);
  const path = renderPath(t.path, t.rawPathParams ?? [], args, connectionConfig);
  const query = renderQuery(t, args);
  const headers: Record<string, string> = {};
  for (const [header, input] of Object.entries(t.headers ?? {})) {
    const v = args[input];
    if (v === undefined || v === null) continue;
    const text = scalarToString(v);
    if (!HEADER_VALUE.test(text)) {
      throw badRequest(`Argument "${input}" goes into the ${header} header and must not contain line breaks or control characters`, {
        errors: [{ field: input, message: 'must not contain line breaks or control characters (it is sent as a header)' }],
      });
    }
    headers[header] = text;
  }
  const body = renderBody(t, args);
  const form = t.bodyEncoding === 'form';
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  const url = `${base}${path}${query ? `?${query}` : ''}`;
  if (body === undefined) return { method: t.method, url, headers };
  return form ? { method: t.method, url, headers, body, bodyEncoding: 'form' } : { method: t.method, url, headers, body };
}

/** The decoded name of a query part; a malformed escape (a raw path parameter's) is kept as written. */
function decodedName(part: string): string {
  const name = part.split('=')[0];
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The inject value language: `{name}` inserts a credential value (oauth2 methods: `{access_token}`);
 * `{base64:a:b}` inserts base64 of the values of a and b joined by ":" (HTTP Basic). Nothing else;
 * braces cannot be escaped because no provider header needs literal ones.
 */
export function renderInjectValue(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template.replace(PLACEHOLDER, (_, expr: string) => {
    const pick = (name: string) => {
      const v = values[name];
      if (v === undefined) throw new Error(`credential field "${name}" is not set`);
      return v;
    };
    if (expr.startsWith('base64:')) {
      return Buffer.from(expr.slice('base64:'.length).split(':').map(pick).join(':'), 'utf8').toString('base64');
    }
    return pick(expr);
  });
}

/** Field names an inject template refers to (used by the loader to check them). */
export function injectFields(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].flatMap((m) => (m[1].startsWith('base64:') ? m[1].slice(7).split(':') : [m[1]]));
}

/**
 * Returns a copy of `req` carrying the credentials, per the auth method's inject rules. A
 * same-named header or query parameter coming from the arguments is removed first, so an agent
 * can never shadow (or read back) the credential. The query string is edited textually because
 * URLSearchParams would re-encode the other parameters (commas, spaces) differently.
 */
export function applyInjection(req: RenderedRequest, inject: readonly InjectRule[], values: Readonly<Record<string, string | undefined>>): RenderedRequest {
  // Copied by a loop, not spread: a spread of these varied header objects cost microseconds per call.
  const headers: Record<string, string> = {};
  for (const name in req.headers) headers[name] = req.headers[name]!;
  let url = req.url;
  for (const rule of inject) {
    const value = renderInjectValue(rule.value, values);
    if (rule.in === 'header') {
      for (const h of Object.keys(headers)) if (h.toLowerCase() === rule.name.toLowerCase()) delete headers[h];
      headers[rule.name] = value;
      continue;
    }
    const q = url.indexOf('?');
    const base = q < 0 ? url : url.slice(0, q);
    const kept = q < 0 ? [] : url.slice(q + 1).split('&').filter((p) => p !== '' && decodedName(p) !== rule.name);
    kept.push(`${encodeURIComponent(rule.name)}=${encodeURIComponent(value)}`);
    url = `${base}?${kept.join('&')}`;
  }
  if (req.body === undefined) return { method: req.method, url, headers };
  return req.bodyEncoding ? { method: req.method, url, headers, body: req.body, bodyEncoding: req.bodyEncoding } : { method: req.method, url, headers, body: req.body };
}
