/** Bitly's error body `{message, description, resource, errors?}` and a throwable carrying it. */
import type { FastifyReply } from 'fastify';
import type { InjectedFailure } from '../common/faults.js';

export interface BitlyFieldError {
  field: string;
  error_code: string;
  message?: string;
}

export interface BitlyErrorBody {
  message: string;
  description: string;
  resource: string;
  errors?: BitlyFieldError[];
}

export class BitlyHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: BitlyErrorBody,
  ) {
    super(body.message);
    this.name = 'BitlyHttpError';
  }
}

const DEFAULTS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'The request was invalid.'],
  401: ['UNAUTHORIZED', 'You are not authorized to access this resource.'],
  402: ['UPGRADE_REQUIRED', 'This feature is not available on your current plan. Upgrade to use it.'],
  403: ['FORBIDDEN', 'You are currently forbidden to access this resource.'],
  404: ['NOT_FOUND', 'The resource you are looking for does not exist.'],
  406: ['NOT_ACCEPTABLE', 'The requested representation is not available.'],
  409: ['CONFLICT', 'The resource conflicts with an existing one.'],
  410: ['GONE', 'The resource existed and has been deleted.'],
  417: ['EXPECTATION_FAILED', 'The request could not be completed.'],
  422: ['UNPROCESSABLE_ENTITY', 'The request could not be processed.'],
  429: ['RATE_LIMIT_EXCEEDED', 'You have exceeded the rate limit for this resource.'],
  500: ['INTERNAL_ERROR', 'An internal error occurred.'],
  502: ['BAD_GATEWAY', 'The upstream service failed.'],
  503: ['TEMPORARILY_UNAVAILABLE', 'The service is temporarily unavailable. Please try again later.'],
  504: ['GATEWAY_TIMEOUT', 'The upstream service timed out.'],
};

/** `/v4/groups/Bx/bitlinks` -> `groups`. */
export function resourceOf(path: string): string {
  const rest = path.replace(/^\/v4\//, '').replace(/^\//, '');
  return rest.split(/[/?]/)[0] || 'v4';
}

export function bitlyError(message: string, description: string, resource: string, errors?: BitlyFieldError[]): BitlyErrorBody {
  return errors && errors.length > 0 ? { message, description, resource, errors } : { message, description, resource };
}

export function defaultBitlyError(status: number, resource: string): BitlyErrorBody {
  const [message, description] = DEFAULTS[status] ?? (status >= 500 ? DEFAULTS[500] : DEFAULTS[400]);
  return { message, description, resource };
}

/** Throw from any handler; the error handler answers it. */
export function fail(status: number, message: string, description: string, resource: string, errors?: BitlyFieldError[]): BitlyHttpError {
  return new BitlyHttpError(status, bitlyError(message, description, resource, errors));
}

export function invalidArg(
  field: string,
  resource: string,
  description = 'The value provided is invalid.',
  code = 'invalid',
): BitlyHttpError {
  return fail(400, `INVALID_ARG_${field.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`, description, resource, [{ field, error_code: code }]);
}

export function notFound(resource: string, what = 'resource'): BitlyHttpError {
  return fail(404, 'NOT_FOUND', `The ${what} you are looking for does not exist.`, resource);
}

export function sendBitly(reply: FastifyReply, status: number, body: BitlyErrorBody | unknown): FastifyReply {
  reply.code(status);
  return typeof body === 'string'
    ? reply.type('text/plain; charset=utf-8').send(body)
    : reply.type('application/json; charset=utf-8').send(body);
}

export function sendInjected(reply: FastifyReply, failure: InjectedFailure, resource: string): FastifyReply {
  if (failure.rateLimit) return sendBitly(reply, 429, defaultBitlyError(429, resource));
  return sendBitly(reply, failure.status, failure.body !== undefined ? failure.body : defaultBitlyError(failure.status, resource));
}
