/**
 * One catalog of the broker's errors. Services throw `BrokerError`s; src/error-classifier.ts turns
 * any thrown value into one plane-neutral description, which each plane renders as its own body
 * (native `{defined, code, status, message, data}`, compat `{error: {...}}`, HTML pages).
 * Messages must never contain a secret: they are shown to callers and logged.
 */

/** The six contract-declared errors of spec section 7, with their default messages. */
export const DECLARED_ERRORS = {
  BAD_REQUEST: { status: 400, message: 'Invalid arguments' },
  UNAUTHORIZED: { status: 401, message: 'Missing or invalid API key' },
  FORBIDDEN: { status: 403, message: 'Not permitted' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  TIMEOUT: { status: 408, message: 'Upstream timed out' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Execution failed' },
} as const;

export type DeclaredCode = keyof typeof DECLARED_ERRORS;

/** Codes outside the contract (reported with `defined: false`), and their statuses. */
export const UNDECLARED_ERRORS = {
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  UNPROCESSABLE_CONTENT: 422,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  // Idempotency-Key (src/idempotency): a request with the key is still in flight; the key was sent with another request.
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_MISMATCH: 422,
} as const;

export type UndeclaredCode = keyof typeof UNDECLARED_ERRORS;
export type ErrorCode = DeclaredCode | UndeclaredCode;
/** Every status the catalog names (a plane-specific error may only use one of these). */
export type CatalogStatus = (typeof DECLARED_ERRORS)[DeclaredCode]['status'] | (typeof UNDECLARED_ERRORS)[UndeclaredCode];

/** What a NOT_FOUND (or other refusal) is about, so a plane can name it in its own vocabulary. */
export type ResourceKind =
  | 'connection'
  | 'auth_config'
  | 'toolkit'
  | 'tool'
  | 'project'
  | 'organization'
  | 'api_key'
  | 'user'
  | 'invitation'
  | 'session'
  | 'webhook_subscription'
  | 'event'
  | 'trigger'
  | 'trigger_instance'
  | 'agent_session';

const DECLARED_BY_STATUS = new Map<number, DeclaredCode>(
  Object.entries(DECLARED_ERRORS).map(([code, e]) => [e.status, code as DeclaredCode]),
);
// The first code of a status is its generic one (409 CONFLICT, not IDEMPOTENCY_KEY_IN_USE).
const UNDECLARED_BY_STATUS = new Map<number, UndeclaredCode>(
  Object.entries(UNDECLARED_ERRORS)
    .reverse()
    .map(([code, status]) => [status, code as UndeclaredCode]),
);

/** The contract-declared code of an HTTP status, if the contract declares one. */
export function declaredCodeFor(status: number): DeclaredCode | undefined {
  return DECLARED_BY_STATUS.get(status);
}

/** The code name of any HTTP status: declared, else undeclared, else `HTTP_<status>`. */
export function errorCodeFor(status: number): ErrorCode | `HTTP_${number}` {
  return DECLARED_BY_STATUS.get(status) ?? UNDECLARED_BY_STATUS.get(status) ?? `HTTP_${status}`;
}

export class BrokerError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly defined: boolean;
  readonly data: unknown;
  declare readonly resource?: ResourceKind;

  constructor(code: ErrorCode, message?: string, data?: unknown, options: { resource?: ResourceKind } = {}) {
    const declared = code in DECLARED_ERRORS ? DECLARED_ERRORS[code as DeclaredCode] : undefined;
    super(message ?? declared?.message ?? code);
    this.name = 'BrokerError';
    this.code = code;
    this.status = declared ? declared.status : UNDECLARED_ERRORS[code as UndeclaredCode];
    this.defined = declared !== undefined;
    this.data = data;
    // Only set when known, so errors without one compare equal to `new BrokerError(code, message)`.
    if (options.resource) this.resource = options.resource;
  }
}

export const badRequest = (message: string, data?: unknown) => new BrokerError('BAD_REQUEST', message, data);
export const unauthorized = (message?: string) => new BrokerError('UNAUTHORIZED', message);
export const forbidden = (message?: string, data?: unknown) => new BrokerError('FORBIDDEN', message, data);
export const notFound = (message: string, resource?: ResourceKind, data?: unknown) =>
  new BrokerError('NOT_FOUND', message, data, resource ? { resource } : {});
export const internalError = (message?: string, data?: unknown) => new BrokerError('INTERNAL_SERVER_ERROR', message, data);
