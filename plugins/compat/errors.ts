/**
 * Errors of the compat mount (compat-v3.1.md section 2). Services throw BrokerErrors, which the
 * mount's error handler (plugins/compat/error-body.ts) renders as `{error: {...}}`; CompatError is
 * for what only the compat contract has: its numeric codes, string field errors, suggested fixes
 * and 501 for unbound features. It is a BrokerError, so the one classifier handles it everywhere.
 */
import { BrokerError, errorCodeFor, type CatalogStatus, type ErrorCode } from '../../src/errors.js';
import { isRetryableStatus } from '../../src/error-classifier.js';

/** Code the SDK turns into ComposioConnectedAccountNotFoundError on tool execution; the renderer
 *  gives it to every NOT_FOUND about a connection. */
export const CONNECTED_ACCOUNT_NOT_FOUND = 1803;

export interface CompatErrorExtra {
  code?: number;
  slug?: string;
  suggestedFix?: string;
  errors?: string[];
}

export class CompatError extends BrokerError {
  constructor(
    status: CatalogStatus,
    message: string,
    readonly extra: CompatErrorExtra = {},
  ) {
    // Every catalog status has a catalog code, so the status round-trips.
    super(errorCodeFor(status) as ErrorCode, message);
    this.name = 'CompatError';
  }
}

export const notImplementedHere = (what: string, suggestedFix?: string) =>
  new CompatError(501, `${what} is not implemented by this broker`, {
    slug: 'NOT_IMPLEMENTED',
    suggestedFix: suggestedFix ?? 'Use the native API at /api/v1, or a deployment that binds this subsystem.',
  });

export const compatBadRequest = (message: string, errors?: string[]) =>
  new CompatError(400, message, { slug: 'BAD_REQUEST', ...(errors ? { errors } : {}) });

/**
 * Retrying these cannot succeed, so the official clients (which retry 408, 409, 429 and >= 500
 * twice) are told not to (`x-should-retry: false`): the classifier's non-retryable statuses.
 */
export function isDeterministic(status: number): boolean {
  return status >= 400 && !isRetryableStatus(status);
}
