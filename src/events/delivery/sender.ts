/**
 * Sends one attempt of one delivery: a POST with undici's `request` on one shared Agent (a
 * keep-alive pool per receiver origin), bounded by one deadline for the whole attempt (connect,
 * send, answer), and reports what came back without throwing.
 *
 * Destinations pass the provider calls' address guard (src/providers/address-guard.ts): the
 * Agent's `connect.lookup` refuses hostnames that resolve to private addresses on every new
 * socket, and literal private IPs and `localhost` are refused here, before any socket. The hosts
 * allowed to be private are the ones provider calls may reach (operators' toolkit overrides, e.g.
 * the loopback sandboxes of tests and the demo): no separate switch to forget in production.
 * Redirects are not followed (undici's `request` follows none).
 */
import net from 'node:net';
import { Agent, request } from 'undici';
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

  async function send(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { durationMs: 0, error: 'invalid URL', refused: true };
    }
    const refused = refusal(target, options.allowPrivateHosts);
    if (refused) return { durationMs: 0, error: `destination refused: ${refused}`, refused: true };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    try {
      const res = await request(target, { method: 'POST', headers, body, dispatcher: agent, signal: controller.signal });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_LIMIT_BYTES) {
          res.body.destroy();
          break;
        }
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const retryAfter = res.headers['retry-after'];
      return {
        statusCode: res.statusCode,
        durationMs: elapsed(),
        responseExcerpt: text.slice(0, EXCERPT_CHARS),
        ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
        ...(res.statusCode >= 300 && res.statusCode < 400
          ? { error: 'redirect not followed: point the subscription at the final URL' }
          : {}),
      };
    } catch (err) {
      if (timedOut) return { durationMs: elapsed(), error: `no answer within ${options.timeoutMs} ms (timeout)` };
      if (isGuardRefusal(err))
        return {
          durationMs: elapsed(),
          error: `destination refused: ${target.hostname} resolves to a private or loopback address`,
          refused: true,
        };
      const code = errorCode(err);
      const kind = failureKind(code, (err as Error)?.message);
      return { durationMs: elapsed(), error: `${describeFailure(kind, code, target.host)}${code ? ` (${code})` : ''}` };
    } finally {
      clearTimeout(timer);
    }
  }

  // destroy, not close: on shutdown an abandoned attempt must not hold the process for its timeout.
  return { send, close: () => agent.destroy() };
}
