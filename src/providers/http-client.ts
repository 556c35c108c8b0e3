/**
 * The one outbound HTTP client every provider call goes through (tools, proxy, OAuth token calls).
 *
 * One lean got instance per client (create one client per process): keep-alive agents whose
 * `lookup` refuses private addresses (address-guard.ts), no redirects (a redirect could point at
 * another host; 3xx responses go back to the caller), no got retry (its defaults retry PUT/DELETE
 * and more statuses) but our own explicit policy:
 *
 * - only when `retry` is true, which by default means GET, HEAD, OPTIONS;
 * - on 429, 502, 503, 504 and on ECONNRESET, ECONNREFUSED, EPIPE and connect ETIMEDOUT;
 * - at most `maxRetries` times, exponential backoff with jitter from `retryBaseDelayMs`;
 * - `Retry-After` (seconds or HTTP date) honoured; beyond `maxRetryAfterMs` we do not wait, the
 *   response (e.g. the 429) is returned as is.
 *
 * `timeoutMs` bounds each attempt as a whole (got `timeout.request`: socket, send, response and
 * body). A timed-out attempt is not retried: it throws `ProviderTimeoutError`. Other transport
 * failures throw `ProviderNetworkError`. Neither message carries a header value or a query string.
 */
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import got, { type Got, type Method, type OptionsInit, type Response } from 'got';
import { createGuardedLookup, type PrivateHostAllowance } from './address-guard.js';
import { describeTarget, ProviderNetworkError, ProviderTimeoutError, ProxyTargetError } from './provider-errors.js';

export { ProviderNetworkError, ProviderTimeoutError };

export interface ProviderRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON value (json/form encodings), or a Buffer/string (raw). `undefined`/`null`: no body. */
  body?: unknown;
  /** Default: `raw` for a Buffer/Uint8Array/string body, `json` otherwise. */
  bodyEncoding?: 'json' | 'form' | 'raw';
  /** Overrides the client's per-attempt timeout. */
  timeoutMs?: number;
  /** Default: true only for GET, HEAD, OPTIONS. */
  retry?: boolean;
  /** Redirects are never followed; the field exists to make that explicit at call sites. */
  followRedirects?: false;
}

export interface ProviderResponse {
  status: number;
  /** Lower-case names; multi-valued headers joined with ', '. Unfiltered: see passableResponseHeaders. */
  headers: Record<string, string>;
  /** Decompressed body bytes. */
  body: Buffer;
  contentType: string | null;
  /** Wall time of the whole call, retries and waits included. */
  durationMs: number;
  attempts: number;
}

export interface ProviderHttpClientOptions {
  timeoutMs: number;
  /** Default 2. */
  maxRetries?: number;
  /** Default 200. */
  retryBaseDelayMs?: number;
  /** Default 10000. */
  maxRetryAfterMs?: number;
  /**
   * Hostnames (lower-case, no port) allowed to resolve to private/loopback addresses: the
   * toolkits' configured base URL hosts (see `privateAllowedHosts` in proxy-target.ts). A Set is
   * read at every new connection, so it may be filled after the client is created. Default: none.
   */
  allowPrivateHosts?: PrivateHostAllowance;
  /** Default true. false removes the connect-time private-address check (never in production). */
  guardPrivateAddresses?: boolean;
  /** Per-origin socket cap of the keep-alive agents. Default 256. */
  maxSockets?: number;
}

export interface ProviderHttpClient {
  request(req: ProviderRequest): Promise<ProviderResponse>;
  /** Destroys the pooled sockets. */
  close(): void;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const RETRY_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

const NETWORK_DETAIL: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the provider',
  EPIPE: 'connection closed while sending',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed temporarily',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNABORTED: 'connection aborted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed TLS certificate in chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate could not be verified',
};

/** `Retry-After` as milliseconds from now; undefined when absent or unparseable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return true;
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
      params.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return params.toString();
}

/** Body bytes plus the content-type to add when the caller did not set one. */
function encodeBody(req: ProviderRequest): { body: string | Buffer; contentType?: string } | undefined {
  const body = req.body;
  if (body === undefined || body === null) return undefined;
  const isBytes = Buffer.isBuffer(body) || body instanceof Uint8Array;
  const encoding = req.bodyEncoding ?? (isBytes || typeof body === 'string' ? 'raw' : 'json');
  if (encoding === 'json') return { body: JSON.stringify(body), contentType: 'application/json' };
  if (encoding === 'form') return { body: formEncode(body), contentType: 'application/x-www-form-urlencoded' };
  if (typeof body === 'string') return { body };
  if (isBytes) return { body: Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  throw new TypeError('A raw body must be a Buffer or a string');
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function backoffMs(base: number, retryNumber: number, cap: number): number {
  const ceiling = Math.min(cap, base * 2 ** (retryNumber - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

interface ErrorLike {
  name?: string;
  code?: string;
  cause?: unknown;
}

export function createProviderHttpClient(opts: ProviderHttpClientOptions): ProviderHttpClient {
  const timeoutMs = opts.timeoutMs;
  const maxRetries = opts.maxRetries ?? 2;
  const retryBaseDelayMs = opts.retryBaseDelayMs ?? 200;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 10_000;
  const lookup = opts.guardPrivateAddresses === false ? undefined : createGuardedLookup(opts.allowPrivateHosts ?? new Set<string>());
  const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, ...(lookup ? { lookup } : {}) };
  const agent = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  // Everything constant lives in the instance defaults: got normalises per-call options, so a call
  // passes only method, headers, body and (when it differs) its timeout.
  const instance: Got = got.extend({
    agent,
    throwHttpErrors: false,
    responseType: 'buffer',
    followRedirect: false,
    decompress: true,
    allowGetBody: true,
    retry: { limit: 0 },
    timeout: { request: timeoutMs },
    headers: { 'user-agent': 'connector-broker' },
  });

  async function request(req: ProviderRequest): Promise<ProviderResponse> {
    const method = req.method.toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw new ProxyTargetError('The provider URL is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ProxyTargetError(`The provider URL scheme "${url.protocol}" is not allowed (use http or https)`);
    }
    const target = describeTarget(method, url);
    const retry = req.retry ?? IDEMPOTENT.has(method);
    const attemptTimeout = req.timeoutMs ?? timeoutMs;
    const encoded = encodeBody(req);
    let headers = req.headers;
    if (encoded?.contentType && !hasHeader(headers, 'content-type')) {
      headers = { ...headers, 'content-type': encoded.contentType };
    }
    const options: OptionsInit = { method: method as Method, headers };
    if (encoded) options.body = encoded.body;
    if (req.timeoutMs !== undefined && req.timeoutMs !== timeoutMs) options.timeout = { request: req.timeoutMs };

    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const canRetry = retry && attempt <= maxRetries;
      let res: Response<Buffer>;
      try {
        res = (await instance(req.url, options)) as Response<Buffer>;
      } catch (err) {
        const e = err as ErrorLike;
        if (e.name === 'TimeoutError') throw new ProviderTimeoutError(target, attemptTimeout);
        if (e.cause instanceof ProxyTargetError) throw e.cause;
        if (e instanceof ProxyTargetError) throw e;
        const code = typeof e.code === 'string' ? e.code : 'ERR_PROVIDER_NETWORK';
        if (canRetry && RETRY_CODES.has(code)) {
          await sleep(backoffMs(retryBaseDelayMs, attempt, maxRetryAfterMs));
          continue;
        }
        const detail = NETWORK_DETAIL[code] ?? (code.startsWith('HPE_') ? 'invalid HTTP response' : 'request failed');
        throw new ProviderNetworkError(target, code, detail, attempt);
      }
      if (canRetry && RETRY_STATUSES.has(res.statusCode)) {
        const header = res.headers['retry-after'];
        const retryAfter = parseRetryAfter(Array.isArray(header) ? header[0] : header);
        if (retryAfter === undefined || retryAfter <= maxRetryAfterMs) {
          await sleep(retryAfter ?? backoffMs(retryBaseDelayMs, attempt, maxRetryAfterMs));
          continue;
        }
      }
      const responseHeaders = flattenHeaders(res.headers);
      return {
        status: res.statusCode,
        headers: responseHeaders,
        body: res.body,
        contentType: responseHeaders['content-type'] ?? null,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        attempts: attempt,
      };
    }
  }

  return {
    request,
    close() {
      agent.http.destroy();
      agent.https.destroy();
    },
  };
}
