/**
 * Turning a provider response into something the broker can put inside its own JSON answer:
 * `decodeProviderBody` (JSON parsed, text as a string, binary as base64) and
 * `passableResponseHeaders` (the provider headers a caller may see).
 */
import type { ProviderResponse } from './http-contract.js';

export interface BinaryBody {
  mediaType: string;
  base64: string;
}

export interface DecodedBody {
  /** Parsed JSON, a string, `null` for an empty body, or (binary) the same object as `binary`. */
  data: unknown;
  /** Present when the body is binary: `data` then holds `{ mediaType, base64 }` too. */
  binary?: BinaryBody;
}

/** Media types carried as text besides `text/*`, `*+json` and `*+xml`. */
const TEXT_TYPES = new Set([
  'application/xml',
  'application/csv',
  'application/javascript',
  'application/ecmascript',
  'application/x-www-form-urlencoded',
  'application/yaml',
  'application/x-yaml',
  'application/x-ndjson',
  'application/graphql',
  'application/sql',
]);

interface MediaType {
  type: string;
  charset: string | undefined;
}

const NO_MEDIA_TYPE: MediaType = Object.freeze({ type: '', charset: undefined });
/** Providers answer with a handful of content-types: each is parsed once (bounded, cleared when full). */
const mediaTypes = new Map<string, MediaType>();
const MEDIA_TYPES_MAX = 256;

function mediaTypeOf(contentType: string | null): MediaType {
  if (!contentType) return NO_MEDIA_TYPE;
  let known = mediaTypes.get(contentType);
  if (!known) {
    if (mediaTypes.size >= MEDIA_TYPES_MAX) mediaTypes.clear();
    known = Object.freeze(parseMediaType(contentType));
    mediaTypes.set(contentType, known);
  }
  return known;
}

function parseMediaType(contentType: string): MediaType {
  const [type = '', ...params] = contentType.split(';');
  let charset: string | undefined;
  for (const p of params) {
    const [k, v] = p.split('=');
    if (k?.trim().toLowerCase() === 'charset' && v) charset = v.trim().replace(/^"|"$/g, '').toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

const isJsonType = (t: string) => t === 'application/json' || t === 'text/json' || t.endsWith('+json');
const isTextType = (t: string) => t.startsWith('text/') || t.endsWith('+xml') || TEXT_TYPES.has(t);

function decodeText(body: Buffer, charset: string | undefined): string {
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // unknown label: fall through to UTF-8
    }
  }
  // Buffer's decoder is faster than a TextDecoder per call (same U+FFFD replacement); drop the BOM as TextDecoder does.
  const text = body.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Deepest JSON nesting a parsed provider body may have. V8's JSON.parse is iterative, but what
 * handles the value next (the reply serializer, the planes) recurses: past this depth the body
 * is passed on as text instead of a stack overflow (a provider answering 100k nested arrays).
 */
export const MAX_RESPONSE_NESTING = 512;

/** True when `text` nests arrays/objects deeper than `max` (brackets inside strings ignored); iterative. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function parseJsonOrText(text: string): unknown {
  // Nesting deeper than the limit needs more than 2 * limit characters: small bodies skip the scan.
  if (text.length > 2 * MAX_RESPONSE_NESTING && nestsDeeperThan(text, MAX_RESPONSE_NESTING)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function binary(body: Buffer, mediaType: string): DecodedBody {
  const b: BinaryBody = { mediaType, base64: body.toString('base64') };
  return { data: b, binary: b };
}

/** Strict UTF-8 decode without NUL bytes, or undefined: used to sniff bodies without a content-type. */
function asCleanUtf8(body: Buffer): string | undefined {
  if (body.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return undefined;
  }
}

/**
 * JSON (`application/json`, `*+json`) parsed, falling back to the text when invalid; `text/*`,
 * CSV, XML, SVG and similar as a string; anything else (images, PDF, octet-stream) as
 * `{ mediaType, base64 }`. An empty body is `null`. A body without a content-type is sniffed:
 * clean UTF-8 is treated as JSON-or-text, anything else as `application/octet-stream`. JSON that
 * nests deeper than `MAX_RESPONSE_NESTING` comes back as its text.
 */
export function decodeProviderBody(res: Pick<ProviderResponse, 'body' | 'contentType'>): DecodedBody {
  const body = res.body;
  if (!body || body.length === 0) return { data: null };
  const { type, charset } = mediaTypeOf(res.contentType);
  if (isJsonType(type)) {
    const text = decodeText(body, charset);
    return { data: parseJsonOrText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  }
  if (isTextType(type)) return { data: decodeText(body, charset) };
  if (type === '') {
    const text = asCleanUtf8(body);
    return text === undefined ? binary(body, 'application/octet-stream') : { data: parseJsonOrText(text) };
  }
  return binary(body, type);
}

/** Hop-by-hop and credential-bearing headers that never go back to a caller. */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'set-cookie2',
  'cookie',
  'www-authenticate',
  'authorization',
  'proxy-authenticate',
  'proxy-authorization',
  'content-length',
  'content-encoding',
]);

/** Names that suggest a credential: any token, secret, key, password, session or signature. */
const CREDENTIAL_NAME = /token|secret|api[-_]?key|password|passwd|credential|session|signature|authori[sz]ation|cookie/i;

/**
 * The provider response headers a caller may see: lower-case names; hop-by-hop headers (including
 * those the `Connection` header names), `proxy-*`, cookies, authentication challenges, length and
 * encoding (the body is decoded) and credential-looking names removed. Array values are joined.
 */
export function passableResponseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const connectionNamed = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'connection' && value !== undefined) {
      for (const n of (Array.isArray(value) ? value.join(',') : value).split(',')) connectionNamed.add(n.trim().toLowerCase());
    }
  }
  const out: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    if (DROPPED.has(name) || connectionNamed.has(name) || name.startsWith('proxy-') || CREDENTIAL_NAME.test(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
