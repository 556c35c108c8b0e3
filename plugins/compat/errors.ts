/**
 * Errors of the compat mount (compat-v3.1.md section 2). Services throw BrokerErrors, which the
 * mount's error handler (plugins/compat/error-body.ts) renders as `{error: {...}}`; CompatError is
 * for what only the compat contract has: its numeric codes (1803) and 501 for unbound features.
 */

/** Code the SDK turns into ComposioConnectedAccountNotFoundError on tool execution. */
export const CONNECTED_ACCOUNT_NOT_FOUND = 1803;

export interface CompatErrorExtra {
  code?: number;
  slug?: string;
  suggestedFix?: string;
  errors?: string[];
}

export class CompatError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: CompatErrorExtra = {},
  ) {
    super(message);
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
 * twice) are told not to: every 4xx except 408/429, and 501. Other 5xx may be transient.
 */
export function isDeterministic(status: number): boolean {
  if (status >= 400 && status < 500) return status !== 408 && status !== 429;
  return status === 501;
}
