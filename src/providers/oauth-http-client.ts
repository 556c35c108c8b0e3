/**
 * The provider client for OAuth requests: code exchange, refresh and revocation
 * (src/connections/oauth2-client.ts via token-service.ts and connection-service.ts).
 *
 * Why got here and not on the hot path: behind the same contract, this client costs several
 * times what the undici client (http-client.ts) does per call (measured:
 * docs/internals/performance.md#http-client). OAuth calls happen once per connection and once per token
 * lifetime, so that difference never shows there, while got's maturity earns its keep: form
 * and JSON handling, decompression, and errors that name the failing phase of a token endpoint
 * that misbehaves.
 *
 * Same contract and rules as the hot-path client: keep-alive agents whose `lookup` refuses private
 * addresses (address-guard.ts), no redirects, got's own retry off (its defaults retry PUT/DELETE)
 * in favour of the shared policy (retry-policy.ts), `timeoutMs` per attempt as a whole (got
 * `timeout.request`) -> `ProviderTimeoutError`, transport failures -> `ProviderNetworkError`.
 * got's error objects (which hold the request options, headers included) are never attached.
 */
import http from 'node:http';
import https from 'node:https';
import got, { type CancelableRequest, type Got, type Method, type OptionsInit, type Response } from 'got';
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
import { describeTarget, ProviderTimeoutError, ProxyTargetError } from './provider-errors.js';
import { encodeBody, outgoingHeaders, parseProviderUrl } from './request-body.js';
import { retriesByDefault, retryPolicyOf, sendWithRetries, type AttemptAnswer } from './retry-policy.js';

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

interface GotErrorLike {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
}

export function createOAuthHttpClient(opts: ProviderHttpClientOptions): ProviderHttpClient {
  const policy = retryPolicyOf(opts);
  const maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const lookup = opts.guardPrivateAddresses === false ? undefined : createGuardedLookup(opts.allowPrivateHosts ?? new Set<string>());
  const agentOptions = {
    keepAlive: true,
    maxSockets: opts.maxSockets ?? 256,
    ...(lookup ? { lookup } : {}),
  };
  const agent = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  // Everything constant lives in the instance defaults: got normalises per-call options.
  const instance: Got = got.extend({
    agent,
    throwHttpErrors: false,
    responseType: 'buffer',
    followRedirect: false,
    decompress: true,
    allowGetBody: true,
    retry: { limit: 0 },
    timeout: { request: opts.timeoutMs },
    maxHeaderSize: opts.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES,
  });

  async function attempt(method: string, url: URL, options: OptionsInit, timeoutMs: number): Promise<AttemptAnswer> {
    let res: Response<Buffer>;
    try {
      // got has no body cap of its own: stop reading past the limit (bytes on the wire).
      const call = instance(url, options) as CancelableRequest<Response<Buffer>>;
      call.on('downloadProgress', (p: { transferred: number }) => {
        if (p.transferred > maxResponseBytes) call.cancel('response too large');
      });
      res = await call;
    } catch (err) {
      const e = err as GotErrorLike;
      if (e.name === 'TimeoutError') throw new ProviderTimeoutError(describeTarget(method, url), timeoutMs);
      if (e.name === 'CancelError') throw new NetworkFailure('response_too_large', 'ERR_RESPONSE_TOO_LARGE');
      if (e.cause instanceof ProxyTargetError) throw e.cause;
      if (e instanceof ProxyTargetError) throw e;
      const code = typeof e.code === 'string' ? e.code : 'ERR_PROVIDER_NETWORK';
      throw new NetworkFailure(failureKind(code, e.message), code);
    }
    // ...and once decompressed (operator-configured endpoints: a bound, not a streaming guard).
    if (res.body.length > maxResponseBytes) throw new NetworkFailure('response_too_large', 'ERR_RESPONSE_TOO_LARGE');
    return { status: res.statusCode, headers: flattenHeaders(res.headers), body: res.body };
  }

  async function request(req: ProviderRequest): Promise<ProviderResponse> {
    const method = req.method.toUpperCase();
    const url = parseProviderUrl(req.url);
    const encoded = encodeBody(req);
    const headers = outgoingHeaders(req, { 'content-type': encoded?.contentType, 'user-agent': 'connector-broker' });
    const options: OptionsInit = { method: method as Method, headers };
    if (encoded) options.body = encoded.body;
    const timeoutMs = req.timeoutMs ?? opts.timeoutMs;
    if (timeoutMs !== opts.timeoutMs) options.timeout = { request: timeoutMs };
    const retry = req.retry ?? retriesByDefault(method);
    return sendWithRetries(policy, { method, url, retry }, () => attempt(method, url, options, timeoutMs));
  }

  return {
    request,
    close() {
      agent.http.destroy();
      agent.https.destroy();
      return Promise.resolve();
    },
  };
}
