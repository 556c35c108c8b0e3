/**
 * The hot-path provider client: tool executions and the proxy (src/tools/provider-call.ts).
 *
 * Why undici: both clients behind this same contract, same retry loop and guards, this one made
 * several times the calls per second of the got-based client (oauth-http-client.ts), at a
 * fraction of the time per call (measured: docs/internals/performance.md#http-client).
 * got's cost is its per-call option normalisation and request pipeline (streams, hooks, dozens
 * of option fields copied per call); undici's `request` on a shared Agent is a thin layer over a
 * pooled socket and llhttp.
 *
 * One shared `Agent` (one keep-alive pool per origin, at most `maxSockets` connections each):
 * - SSRF guard on the connected address: the agent's `connect.lookup` is createGuardedLookup
 *   (address-guard.ts), called for every new socket on exactly the addresses it connects to;
 * - redirects are returned, never followed (undici's `request` follows none without an
 *   interceptor, and none is installed);
 * - response limits: header block `maxHeaderBytes`, body `maxResponseBytes` on the wire and again
 *   after decompression (gzip, deflate, br are decoded, as got did);
 * - `timeoutMs` bounds each attempt as a whole (connect, send, headers and body) with one timer
 *   that aborts the request: `ProviderTimeoutError` (408), not retried (`dispatchOnce`);
 * - retries: the shared policy (retry-policy.ts); transport failures are classified in
 *   network-failure.ts and surface as `ProviderNetworkError` (500) naming the kind and host.
 * Messages never carry a header value or a query string.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { createGuardedLookup } from './address-guard.js';
import {
  DEFAULT_MAX_HEADER_BYTES,
  DEFAULT_MAX_RESPONSE_BYTES,
  type ProviderHttpClient,
  type ProviderHttpClientOptions,
  type ProviderRequest,
  type ProviderResponse,
} from './http-contract.js';
import { failureKind, NetworkFailure } from './network-failure.js';
import { describeTarget, ProviderNetworkError, ProviderTimeoutError } from './provider-errors.js';
import { encodeBody, outgoingHeaders, parseProviderUrl } from './request-body.js';
import { parseRetryAfter, retriesByDefault, retryPolicyOf, sendWithRetries, type AttemptAnswer } from './retry-policy.js';
import { BrokerError, badRequest } from '../errors.js';

export type { ProviderHttpClient, ProviderRequest, ProviderResponse };
export { parseRetryAfter, ProviderNetworkError, ProviderTimeoutError };

const USER_AGENT = 'connector-broker';
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The headers this client sends for `req`: the caller's, plus the defaults it did not set. */
function sentHeaders(req: ProviderRequest, contentType: string | undefined): Record<string, string> {
  return outgoingHeaders(req, { 'content-type': contentType, 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING });
}

/**
 * A request as this client puts it on the wire (method, URL, headers with the defaults added,
 * the body encoded), for a person to read (the console's playground); never on the hot path.
 */
export function requestAsSent(req: ProviderRequest): {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
} {
  const encoded = encodeBody(req);
  const headers = sentHeaders(req, encoded?.contentType);
  const sent = { method: req.method.toUpperCase(), url: req.url, headers };
  return encoded ? { ...sent, body: encoded.body } : sent;
}

type Decoder = (buf: Buffer, opts: zlib.ZlibOptions) => Promise<Buffer>;
const gunzip = promisify(zlib.gunzip) as Decoder;
const inflate = promisify(zlib.inflate) as Decoder;
const inflateRaw = promisify(zlib.inflateRaw) as Decoder;
const brotli = promisify(zlib.brotliDecompress) as unknown as Decoder;
const DECODERS: Record<string, Decoder> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  // Some servers send raw deflate under this name: fall back to it.
  deflate: (buf, opts) => inflate(buf, opts).catch(() => inflateRaw(buf, opts)),
  br: brotli,
};

/** The body as the provider meant it; unknown encodings are left as sent. */
async function decompress(body: Buffer, encoding: string | undefined, maxBytes: number): Promise<Buffer> {
  if (!encoding || body.length === 0) return body;
  const decode = DECODERS[encoding.trim().toLowerCase()];
  return decode ? decode(body, { maxOutputLength: maxBytes }) : body;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One attempt as a bare dispatch on the agent: the final status, the headers and the body in one
 * Buffer. undici's `request` wraps the same dispatch in an AsyncResource, a Readable body stream
 * and, for the deadline, an AbortSignal per call: about a tenth of an execution's CPU on this
 * machine, for nothing the contract uses. The deadline covers the whole attempt; when it passes,
 * the attempt fails at once with `timedOut()`, and the request is aborted as soon as undici hands
 * over its controller (it does once a socket is assigned). Interim 1xx answers are skipped.
 */
function dispatchOnce(agent: Agent, options: Dispatcher.DispatchOptions, timeoutMs: number, timedOut: () => Error): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const settle = () => {
      settled = true;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settle();
      const err = timedOut();
      controller?.abort(err);
      reject(err);
    }, timeoutMs);
    agent.dispatch(options, {
      onRequestStart(c) {
        controller = c;
        if (settled) c.abort(timedOut());
      },
      onResponseStart(_c, statusCode, responseHeaders) {
        if (statusCode < 200) return;
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(_c, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        if (settled) return;
        settle();
        resolve({ status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      },
      onResponseError(_c, err) {
        if (settled) return;
        settle();
        reject(err);
      },
    });
  });
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** A library error as a NetworkFailure (or a caller-facing BrokerError when it is ours). */
function asFailure(err: unknown): Error {
  if (err instanceof BrokerError) return err; // ProxyTargetError from the guarded lookup
  const e = (err ?? {}) as ErrorLike;
  if (e.code === 'UND_ERR_INVALID_ARG') {
    return badRequest('The provider request carries a header or value the HTTP client refuses (connection-level or malformed)');
  }
  const cause = (e.cause ?? {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : typeof cause.code === 'string' ? cause.code : 'ERR_PROVIDER_NETWORK';
  return new NetworkFailure(failureKind(code, typeof e.message === 'string' ? e.message : ''), code);
}

export function createProviderHttpClient(opts: ProviderHttpClientOptions): ProviderHttpClient {
  const policy = retryPolicyOf(opts);
  const maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const lookup = opts.guardPrivateAddresses === false ? undefined : createGuardedLookup(opts.allowPrivateHosts ?? new Set<string>());
  const agent = new Agent({
    connections: opts.maxSockets ?? 256,
    maxHeaderSize: opts.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES,
    maxResponseSize: maxResponseBytes,
    ...(lookup ? { connect: { lookup } } : {}),
  });

  async function attempt(method: string, url: URL, headers: Record<string, string>, body: string | Buffer | undefined, timeoutMs: number) {
    try {
      const res = await dispatchOnce(
        agent,
        { origin: url.origin, path: url.pathname + url.search, method: method as 'GET', headers, body },
        timeoutMs,
        () => new ProviderTimeoutError(describeTarget(method, url), timeoutMs),
      );
      const flat = flattenHeaders(res.headers);
      const encoding = flat['content-encoding'];
      // Awaited only when there is something to decode: most answers are not compressed.
      const decoded = encoding ? await decompress(res.body, encoding, maxResponseBytes) : res.body;
      const answer: AttemptAnswer = { status: res.status, headers: flat, body: decoded };
      return answer;
    } catch (err) {
      if (err instanceof ProviderTimeoutError) throw err;
      throw asFailure(err);
    }
  }

  async function request(req: ProviderRequest): Promise<ProviderResponse> {
    const method = req.method.toUpperCase();
    const url = parseProviderUrl(req.url);
    const encoded = encodeBody(req);
    const headers = sentHeaders(req, encoded?.contentType);
    const timeoutMs = req.timeoutMs ?? opts.timeoutMs;
    const retry = req.retry ?? retriesByDefault(method);
    return sendWithRetries(policy, { method, url, retry }, () => attempt(method, url, headers, encoded?.body, timeoutMs));
  }

  return {
    request,
    close: () => agent.destroy(),
  };
}
