/**
 * The one retry policy both provider clients follow, and the loop that applies it around a
 * client's single attempt:
 *
 * - only when `retry` is true, which by default means GET, HEAD, OPTIONS;
 * - on 429, 502, 503, 504, and on failures where nothing complete came back (refused, reset,
 *   socket hang up, connect timeout: `RETRYABLE_KINDS`);
 * - at most `maxRetries` times, exponential backoff with jitter from `retryBaseDelayMs`;
 * - `Retry-After` (seconds or HTTP date) honoured; beyond `maxRetryAfterMs` we do not wait, the
 *   response (e.g. the 429) is returned as is.
 *
 * A timed-out attempt (`ProviderTimeoutError`) is not retried, nor is any other error an attempt
 * throws besides a `NetworkFailure`; the last failure becomes a `ProviderNetworkError`.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderHttpClientOptions, ProviderResponse } from './http-contract.js';
import { NetworkFailure, RETRYABLE_KINDS } from './network-failure.js';
import { ProviderNetworkError } from './provider-errors.js';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

export interface RetryPolicy {
  maxRetries: number;
  retryBaseDelayMs: number;
  maxRetryAfterMs: number;
}

export function retryPolicyOf(opts: ProviderHttpClientOptions): RetryPolicy {
  return {
    maxRetries: opts.maxRetries ?? 2,
    retryBaseDelayMs: opts.retryBaseDelayMs ?? 200,
    maxRetryAfterMs: opts.maxRetryAfterMs ?? 10_000,
  };
}

/** The default of `ProviderRequest.retry`: idempotent methods only. */
export const retriesByDefault = (method: string): boolean => IDEMPOTENT.has(method);

/** `Retry-After` as milliseconds from now; undefined when absent or unparseable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function backoffMs(base: number, retryNumber: number, cap: number): number {
  const ceiling = Math.min(cap, base * 2 ** (retryNumber - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** One answer of one attempt: headers lower-case and flattened, body decompressed. */
export interface AttemptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Runs `attempt` until it answers with a final response or the policy gives up. `url` and
 * `method` only name the target in a `ProviderNetworkError`.
 */
export async function sendWithRetries(
  policy: RetryPolicy,
  call: { method: string; url: URL; retry: boolean },
  attempt: () => Promise<AttemptAnswer>,
): Promise<ProviderResponse> {
  const started = performance.now();
  for (let n = 1; ; n++) {
    const canRetry = call.retry && n <= policy.maxRetries;
    let answer: AttemptAnswer;
    try {
      answer = await attempt();
    } catch (err) {
      if (!(err instanceof NetworkFailure)) throw err;
      if (canRetry && RETRYABLE_KINDS.has(err.kind)) {
        await sleep(backoffMs(policy.retryBaseDelayMs, n, policy.maxRetryAfterMs));
        continue;
      }
      throw new ProviderNetworkError(call.method, call.url, err, n);
    }
    if (canRetry && RETRY_STATUSES.has(answer.status)) {
      const retryAfter = parseRetryAfter(answer.headers['retry-after']);
      if (retryAfter === undefined || retryAfter <= policy.maxRetryAfterMs) {
        await sleep(retryAfter ?? backoffMs(policy.retryBaseDelayMs, n, policy.maxRetryAfterMs));
        continue;
      }
    }
    return {
      status: answer.status,
      headers: answer.headers,
      body: answer.body,
      contentType: answer.headers['content-type'] ?? null,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      attempts: n,
    };
  }
}
