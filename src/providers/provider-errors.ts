/**
 * Errors of the outbound HTTP layer. They extend `BrokerError` so every plane's error handler maps
 * them without special cases: a refused target is the caller's bad argument (400), a provider that
 * does not answer in time is the declared 408, any other transport failure is a failed execution
 * (500). Messages name the method, origin and path only: never a header value, never a query
 * string (either may carry a credential), never a token.
 */
import { BrokerError } from '../errors.js';
import { describeFailure, type NetworkFailureKind } from './network-failure.js';

/** The proxy/tool target is not one the broker may reach (wrong host, scheme, port, private address...). */
export class ProxyTargetError extends BrokerError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
    this.name = 'ProxyTargetError';
  }
}

/** One attempt exceeded its time budget (spec section 7: 408 TIMEOUT). */
export class ProviderTimeoutError extends BrokerError {
  readonly timeoutMs: number;
  constructor(target: string, timeoutMs: number) {
    super('TIMEOUT', `Upstream timed out: ${target} did not answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The provider could not be reached or the connection broke: refused, reset, closed mid-response,
 * DNS, TLS, an oversized or malformed answer. The declared 500 (a failed execution); the message
 * names what happened and the host, `data` carries the same for programs.
 */
export class ProviderNetworkError extends BrokerError {
  readonly kind: NetworkFailureKind;
  /** The library's low-level code, e.g. `ECONNREFUSED`, `UND_ERR_SOCKET`. */
  readonly networkCode: string;
  readonly attempts: number;
  constructor(method: string, url: URL, failure: { kind: NetworkFailureKind; networkCode: string }, attempts: number) {
    super(
      'INTERNAL_SERVER_ERROR',
      `Provider request failed: ${describeFailure(failure.kind, failure.networkCode, url.host)} ` +
        `(${describeTarget(method, url)}; ${failure.networkCode}${attempts > 1 ? `; ${attempts} attempts` : ''})`,
      { networkError: failure.kind, host: url.host },
    );
    this.name = 'ProviderNetworkError';
    this.kind = failure.kind;
    this.networkCode = failure.networkCode;
    this.attempts = attempts;
  }
}

/**
 * `METHOD origin/path`: how an outbound request is named in messages and logs. Drops userinfo,
 * query string and fragment (an api key often rides in the query).
 */
export function describeTarget(method: string, url: string | URL): string {
  try {
    const u = typeof url === 'string' ? new URL(url) : url;
    return `${method.toUpperCase()} ${u.origin === 'null' ? u.protocol : u.origin}${u.pathname}`;
  } catch {
    return `${method.toUpperCase()} <invalid URL>`;
  }
}
