/**
 * What both provider clients do before sending: check the URL, and encode the body (JSON, form
 * or raw bytes) with the content-type to add when the caller set none.
 */
import { badRequest } from '../errors.js';
import type { ProviderRequest } from './http-contract.js';
import { ProxyTargetError } from './provider-errors.js';

/** The request URL, refused (400) unless it is a valid http(s) URL. */
export function parseProviderUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProxyTargetError('The provider URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxyTargetError(`The provider URL scheme "${url.protocol}" is not allowed (use http or https)`);
  }
  return url;
}

export function hasHeader(headers: Record<string, string>, name: string): boolean {
  for (const key in headers) if (key.length === name.length && key.toLowerCase() === name) return true;
  return false;
}

function formEncode(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError('A form body must be an object of field values');
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof v === 'object' ? stringify(v) : String(v));
    }
  }
  return params.toString();
}

/** JSON.stringify is native and stack-checked: too deep a value throws RangeError, made a 400 here. */
function stringify(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest('The request body nests too deeply to encode');
    throw err;
  }
}

/** Body bytes plus the content-type to add when the caller did not set one. */
export function encodeBody(req: ProviderRequest): { body: string | Buffer; contentType?: string } | undefined {
  const body = req.body;
  if (body === undefined || body === null) return undefined;
  const isBytes = Buffer.isBuffer(body) || body instanceof Uint8Array;
  const encoding = req.bodyEncoding ?? (isBytes || typeof body === 'string' ? 'raw' : 'json');
  if (encoding === 'json') return { body: stringify(body), contentType: 'application/json' };
  if (encoding === 'form') return { body: formEncode(body), contentType: 'application/x-www-form-urlencoded' };
  if (typeof body === 'string') return { body };
  if (isBytes) return { body: Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  throw new TypeError('A raw body must be a Buffer or a string');
}

/** The headers to send: the caller's, plus each default (content-type, user-agent...) the caller did not set. */
export function outgoingHeaders(req: ProviderRequest, defaults: Record<string, string | undefined>): Record<string, string> {
  let headers = req.headers;
  let copied = false;
  for (const name in defaults) {
    const value = defaults[name];
    if (value === undefined || hasHeader(req.headers, name)) continue;
    if (!copied) {
      // A loop, not a spread: spreading these varied header objects cost microseconds per call.
      headers = {};
      for (const h in req.headers) headers[h] = req.headers[h]!;
      copied = true;
    }
    headers[name] = value;
  }
  return headers;
}
