/**
 * Sends one attempt of one delivery: a POST dispatched on one shared undici Agent (a keep-alive
 * pool per receiver origin), bounded by one deadline for the whole attempt (connect, send,
 * answer), and reports what came back without throwing.
 *
 * Destinations pass the provider calls' address guard (src/providers/address-guard.ts): the
 * Agent's `connect.lookup` refuses hostnames that resolve to private addresses on every new
 * socket, and literal private IPs and `localhost` are refused here, before any socket. The hosts
 * allowed to be private are the ones provider calls may reach (operators' toolkit overrides, e.g.
 * the loopback sandboxes of tests and the demo): no separate switch to forget in production.
 * Redirects are not followed (a bare dispatch follows none).
 */
import net from 'node:net';
import { Agent } from 'undici';
import { createGuardedLookup, isLocalhostName, isPrivateAddress, type PrivateHostAllowance } from '../../providers/address-guard.js';
import { describeFailure, failureKind } from '../../providers/network-failure.js';

/** Characters of the receiver's answer kept with the attempt. */
export const EXCERPT_CHARS = 1000;
/** Bytes of an answer read at most; the rest is left unread and the socket dropped. */
const READ_LIMIT_BYTES = 16 * 1024;

export interface AttemptResult {
  /** The receiver's status; undefined when no answer came (network error, timeout, refused destination). */
  statusCode?: number;
  durationMs: number;
  /** The first characters of the answer's body. */
  responseExcerpt?: string;
  /** What went wrong without an answer, or which answer was refused, in words (no header value). */
  error?: string;
  /** The answer's `Retry-After`, raw. */
  retryAfter?: string;
  /** True when sending again cannot help (a destination the guard refuses). */
  refused?: boolean;
}

export interface WebhookSenderOptions {
  timeoutMs: number;
  allowPrivateHosts: PrivateHostAllowance;
}

export interface WebhookSender {
  send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult>;
  close(): Promise<void>;
}

function allowed(allow: PrivateHostAllowance, host: string): boolean {
  return typeof allow === 'function' ? allow(host) : allow.has(host);
}

/** Why a URL may not be sent to before any socket opens, or undefined. */
function refusal(target: URL, allow: PrivateHostAllowance): string | undefined {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return `unsupported URL scheme ${target.protocol}`;
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (allowed(allow, host)) return undefined;
  if ((net.isIP(host) && isPrivateAddress(host)) || isLocalhostName(host)) return `${host} is a private or loopback address`;
  return undefined;
}

function errorCode(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

function isGuardRefusal(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    if ((e as { name?: unknown }).name === 'ProxyTargetError') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const agent = new Agent({
    connect: { lookup: createGuardedLookup(options.allowPrivateHosts), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  /** The timeout's, the guard's or the network's failure as an attempt's result. */
  function failure(err: unknown, target: URL, durationMs: number): AttemptResult {
    if (isGuardRefusal(err))
      return {
        durationMs,
        error: `destination refused: ${target.hostname} resolves to a private or loopback address`,
        refused: true,
      };
    const code = errorCode(err);
    const kind = failureKind(code, (err as Error)?.message);
    return { durationMs, error: `${describeFailure(kind, code, target.host)}${code ? ` (${code})` : ''}` };
  }

  /**
   * undici's dispatch with a handler of our own rather than `request`: no AbortSignal, response
   * stream or async iterator per attempt, which cost a large share of the worker's time
   * (docs/internals/performance.md#webhook-delivery); the answer's first bytes are all it keeps.
   */
  function post(target: URL, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      let abort: ((reason?: Error) => void) | undefined;
      let statusCode: number | undefined;
      let retryAfter: string | undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      const settle = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const answered = (): AttemptResult => ({
        statusCode,
        durationMs: elapsed(),
        responseExcerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS),
        ...(retryAfter !== undefined ? { retryAfter } : {}),
        ...(statusCode! >= 300 && statusCode! < 400 ? { error: 'redirect not followed: point the subscription at the final URL' } : {}),
      });
      // One deadline for the whole attempt (connect, send, answer); the socket is dropped with it.
      const timer = setTimeout(() => {
        settle({ durationMs: elapsed(), error: `no answer within ${options.timeoutMs} ms (timeout)` });
        abort?.(new Error('webhook attempt timed out'));
      }, options.timeoutMs);
      agent.dispatch(
        { origin: target.origin, path: `${target.pathname}${target.search}`, method: 'POST', headers, body },
        {
          onConnect(abortRequest: (reason?: Error) => void) {
            abort = abortRequest;
            // Timed out while waiting for a socket.
            if (settled) abortRequest(new Error('webhook attempt timed out'));
          },
          onHeaders(status: number, rawHeaders: Buffer[]) {
            if (status < 200) return true;
            statusCode = status;
            for (let i = 0; i < rawHeaders.length; i += 2)
              if (rawHeaders[i]!.length === 11 && rawHeaders[i]!.toString('latin1').toLowerCase() === 'retry-after')
                retryAfter = rawHeaders[i + 1]!.toString('latin1');
            return true;
          },
          onData(chunk: Buffer) {
            if (settled) return false;
            chunks.push(chunk);
            size += chunk.length;
            // Enough kept: the rest is left unread and the socket dropped.
            if (size >= READ_LIMIT_BYTES) {
              settle(answered());
              abort?.(new Error('webhook answer not read past its excerpt'));
              return false;
            }
            return true;
          },
          onComplete() {
            settle(answered());
          },
          onError(err: Error) {
            settle(failure(err, target, elapsed()));
          },
        },
      );
    });
  }

  async function send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { durationMs: 0, error: 'invalid URL', refused: true };
    }
    const refused = refusal(target, options.allowPrivateHosts);
    if (refused) return { durationMs: 0, error: `destination refused: ${refused}`, refused: true };
    return post(target, headers, body);
  }

  // destroy, not close: on shutdown an abandoned attempt must not hold the process for its timeout.
  return { send, close: () => agent.destroy() };
}
