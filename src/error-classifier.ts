/**
 * The one place that decides what a thrown value means for a caller: its status, code, a message
 * safe to show, field errors, what resource it is about, whether a retry can help, and whether it
 * is unexpected (log it, never show its message). Each plane only renders this description
 * (plugins/errors.ts native JSON, plugins/compat/error-body.ts compat JSON, plugins/error-page.ts
 * HTML). Knows Fastify's error shape structurally only, so the domain does not depend on it.
 */
import { isDatabaseUnavailable } from './db/database-errors.js';
import { BrokerError, DECLARED_ERRORS, declaredCodeFor, errorCodeFor, type ErrorCode, type ResourceKind } from './errors.js';

export interface FieldError {
  field: string;
  message: string;
}

export interface ClassifiedError {
  status: number;
  code: ErrorCode | `HTTP_${number}`;
  /** Whether the contract (spec section 7) declares the code. */
  defined: boolean;
  /** Safe to show; for an internal error a generic text the renderer adds the request id to. */
  message: string;
  /** Machine-readable detail for the native body. */
  data?: unknown;
  fieldErrors?: FieldError[];
  resource?: ResourceKind;
  /** A retry may succeed (408, 429, 5xx except 501); planes that signal retries use this. */
  retryable: boolean;
  /** Unexpected: log the error with the request id, show only `message`. */
  internal: boolean;
}

/** One Ajv issue as Fastify hands it over (`error.validation`). */
export interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** What Fastify (and its plugins) throw: an Error with a statusCode, maybe validation issues. */
interface HttpErrorLike {
  statusCode?: unknown;
  message?: unknown;
  validation?: unknown;
  validationContext?: unknown;
}

export const INTERNAL_MESSAGE = 'Internal error';

/**
 * Error bodies repeat caller input (a slug, a field name, a list of unknown tools, a media type),
 * so everything shown is bounded: one message, each field error, each string and list in `data`.
 * A body stays a few kilobytes whatever the request held.
 */
const MAX_MESSAGE = 1000;
const MAX_SHOWN_STRING = 200;
const MAX_FIELD_ERRORS = 20;
const MAX_DATA_ITEMS = 20;
const MAX_DATA_DEPTH = 6;

export function boundText(text: string, max = MAX_SHOWN_STRING): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

function boundData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return boundText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DATA_DEPTH) return '…';
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_DATA_ITEMS).map((v) => boundData(v, depth + 1));
    if (value.length > MAX_DATA_ITEMS) shown.push(`… (${value.length - MAX_DATA_ITEMS} more)`);
    return shown;
  }
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, MAX_DATA_ITEMS)) out[boundText(k, 64)] = boundData(v, depth + 1);
  return out;
}

function boundFieldErrors(list: FieldError[]): FieldError[] {
  return list.slice(0, MAX_FIELD_ERRORS).map((f) => ({ field: boundText(f.field), message: boundText(f.message, 300) }));
}

/** The message to show: an internal error's names the request id, so an operator can find the log. */
export function shownMessage(c: ClassifiedError, requestId: string): string {
  return c.internal ? `${c.message}; quote request id ${requestId} to your operator` : c.message;
}

/** Retrying 408, 429 and 5xx may succeed; every other 4xx and 501 (not implemented) cannot. */
export function isRetryableStatus(status: number): boolean {
  if (status >= 400 && status < 500) return status === 408 || status === 429;
  return status >= 500 && status !== 501;
}

/** Turns Ajv's issues into `{field, message}` with the field named as the caller wrote it. */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): FieldError[] {
  return issues.map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const missing = issue.params?.missingProperty;
    const extra = issue.params?.additionalProperty;
    if (typeof missing === 'string') segments.push(missing);
    if (typeof extra === 'string') segments.push(extra);
    const field = [context, ...segments].filter(Boolean).join('.');
    let message = issue.message ?? 'is invalid';
    if (typeof extra === 'string') message = 'is not a known field';
    if (typeof missing === 'string') message = 'is required';
    const allowed = issue.params?.allowedValues;
    if (Array.isArray(allowed)) message += `: ${allowed.join(', ')}`;
    return { field: field || context || 'request', message };
  });
}

/** BrokerErrors for invalid input carry `data: {errors: [{field, message}]}`. */
function fieldErrorsOf(data: unknown): FieldError[] | undefined {
  const list = (data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  return list.map((e) => {
    const { field, message } = (e ?? {}) as { field?: unknown; message?: unknown };
    return { field: typeof field === 'string' ? field : 'request', message: typeof message === 'string' ? message : 'is invalid' };
  });
}

function classifyBrokerError(error: BrokerError): ClassifiedError {
  const listed = fieldErrorsOf(error.data);
  const fieldErrors = listed && boundFieldErrors(listed);
  return {
    status: error.status,
    code: error.code,
    defined: error.defined,
    message: boundText(error.message, MAX_MESSAGE),
    ...(error.data !== undefined ? { data: boundData(error.data) } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(error.resource ? { resource: error.resource } : {}),
    retryable: isRetryableStatus(error.status),
    internal: false,
  };
}

export function classifyError(error: unknown): ClassifiedError {
  if (error instanceof BrokerError) return classifyBrokerError(error);
  const e = (typeof error === 'object' && error !== null ? error : {}) as HttpErrorLike;
  if (Array.isArray(e.validation)) {
    const context = typeof e.validationContext === 'string' ? e.validationContext : undefined;
    const fieldErrors = boundFieldErrors(describeValidation(e.validation as ValidationIssue[], context));
    return {
      status: 400,
      code: 'BAD_REQUEST',
      defined: true,
      message: boundText(`Invalid request: ${fieldErrors.map((f) => `${f.field} ${f.message}`).join('; ')}`, MAX_MESSAGE),
      data: { errors: fieldErrors },
      fieldErrors,
      retryable: false,
      internal: false,
    };
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : undefined;
  if (status !== undefined) {
    // Fastify's own 4xx messages (bad JSON, unsupported media type, body too large) are safe.
    const declared = declaredCodeFor(status);
    const given = typeof e.message === 'string' ? e.message : '';
    return {
      status,
      code: errorCodeFor(status),
      defined: declared !== undefined,
      message: boundText(given, MAX_MESSAGE) || (declared ? DECLARED_ERRORS[declared].message : 'Request refused'),
      retryable: isRetryableStatus(status),
      internal: false,
    };
  }
  // A database that cannot answer now (cut, partitioned, locked): retry later, not a bug.
  if (isDatabaseUnavailable(error)) {
    const message = 'The database is unavailable; retry shortly';
    return { status: 503, code: 'SERVICE_UNAVAILABLE', defined: false, message, retryable: true, internal: false };
  }
  // Unexpected (or a 5xx from below): the message may hold internals, so it is replaced.
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', defined: true, message: INTERNAL_MESSAGE, retryable: true, internal: true };
}
