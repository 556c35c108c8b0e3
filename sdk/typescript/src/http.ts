/**
 * The transport: one call of an operation by operationId, with the API key, JSON in and out, typed
 * errors and bounded retries. Retried: 429 and 503 answers (the broker did not act), after the
 * Retry-After they carry or else an exponential backoff with jitter; network errors only for
 * idempotent methods (GET, DELETE) and for the operations that carry an Idempotency-Key, since
 * another POST that lost its answer may have acted. A Retry-After longer than `maxRetryDelayMs` is
 * not waited for: the error goes to the caller at once.
 *
 * The operations that act (executeTool, proxy, initiate, connect, createAuthConfig) send one
 * Idempotency-Key per logical call, a random UUID unless the caller gives one, and every retry of
 * that call sends the same key: the broker answers a repeat with the first answer instead of
 * acting twice, and a repeat while the first attempt is still running with 409
 * IDEMPOTENCY_KEY_IN_USE, which is retried too (docs/reference/api.md#idempotency-key).
 */
import { BrokerError } from './errors.js';
import { OPERATIONS, type SdkOperationId } from './operations.js';
import type { ErrorBody } from './types.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** The broker's origin, e.g. http://localhost:3000 (a trailing slash or /api/v1 is accepted). */
  baseUrl: string;
  /** A project API key, sent as x-api-key. */
  apiKey: string;
  /** A fetch to use instead of the global one (a proxy agent, a test double). */
  fetch?: FetchLike;
  /** Retries after the first attempt, 0 to 10; default 2. */
  maxRetries?: number;
  /** The longest wait before a retry; a longer Retry-After fails at once. Default 30 000 ms. */
  maxRetryDelayMs?: number;
  /** Per attempt; default 60 000 ms. */
  timeoutMs?: number;
}

export interface IdempotencyOptions {
  /**
   * The Idempotency-Key of this call: 1 to 255 printable ASCII characters. Give the same key to
   * repeat a call you do not know the outcome of (e.g. after a crash); default a new random UUID
   * per call, reused by the SDK's own retries.
   */
  idempotencyKey?: string;
}

export interface CallInput extends IdempotencyOptions {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
}

const RETRIED_STATUSES = new Set([429, 503]);
const IDEMPOTENT = new Set(['GET', 'DELETE']);
/** The operations that act and take an Idempotency-Key. */
const KEYED: ReadonlySet<SdkOperationId> = new Set(['executeTool', 'proxy', 'initiate', 'connect', 'createAuthConfig']);
const MAX_KEY_LENGTH = 255;

/** The header's value: a Structured Fields string, as the IETF draft writes it (`"…"`). */
function idempotencyHeader(key: string): string {
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key))
    throw new TypeError(`idempotencyKey must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters`);
  return `"${key.replace(/[\\"]/g, '\\$&')}"`;
}
const BASE_BACKOFF_MS = 250;

/** Retry-After in ms (delta-seconds or an HTTP date), undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function expand(template: string, path: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Transport {
  private readonly origin: string;
  private readonly apiKey: string;
  private readonly fetch: FetchLike;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly timeoutMs: number;

  constructor(options: TransportOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.origin = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.apiKey = options.apiKey;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.maxRetries = Math.min(10, Math.max(0, Math.floor(options.maxRetries ?? 2)));
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Calls `operationId` and returns its success body; throws BrokerError otherwise. */
  async call<T>(operationId: SdkOperationId, input: CallInput = {}): Promise<T> {
    const [method, template] = OPERATIONS[operationId];
    const url = this.origin + expand(template, input.path) + queryString(input.query);
    const headers: Record<string, string> = { 'x-api-key': this.apiKey, accept: 'application/json' };
    const idempotencyKey = input.idempotencyKey ?? (KEYED.has(operationId) ? globalThis.crypto.randomUUID() : undefined);
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyHeader(idempotencyKey);
    // With a key, repeating the request cannot act twice: lost answers and a busy key are retried.
    const repeatable = IDEMPOTENT.has(method) || idempotencyKey !== undefined;
    let payload: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(input.body);
    }
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (cause) {
        const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
        const error = new BrokerError({
          code: timedOut ? 'TIMEOUT' : 'CONNECTION_ERROR',
          status: 0,
          message: `${method} ${template}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : 'the broker could not be reached'}`,
          cause,
        });
        if (!repeatable || attempt >= this.maxRetries) throw error;
        await sleep(this.backoff(attempt));
        continue;
      }
      if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
      const error = await toError(res, method, template);
      const busyKey = repeatable && error.code === 'IDEMPOTENCY_KEY_IN_USE';
      if (!(RETRIED_STATUSES.has(res.status) || busyKey) || attempt >= this.maxRetries) throw error;
      const wait = retryAfterMs(res.headers.get('retry-after')) ?? this.backoff(attempt);
      if (wait > this.maxRetryDelayMs) throw error;
      await sleep(wait);
    }
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.maxRetryDelayMs, BASE_BACKOFF_MS * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }
}

async function toError(res: Response, method: string, template: string): Promise<BrokerError> {
  const requestId = res.headers.get('x-request-id') ?? undefined;
  const text = await res.text().catch(() => '');
  let body: Partial<ErrorBody> | undefined;
  try {
    body = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    // Not ours (a proxy's HTML page): the status alone says what happened.
  }
  return new BrokerError({
    code: typeof body?.code === 'string' ? body.code : `HTTP_${res.status}`,
    status: res.status,
    message: typeof body?.message === 'string' ? body.message : `${method} ${template} answered HTTP ${res.status}`,
    requestId,
    data: body?.data,
  });
}
