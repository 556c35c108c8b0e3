/**
 * The native error body everywhere outside the compat mount: `{defined, code, status, message,
 * data?}`. Fastify's own errors (validation, bad JSON, unknown route) are mapped here too. Bodies
 * never carry stack traces; unexpected errors are logged with the request id and answered with it.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BrokerError, DECLARED_ERRORS, declaredCodeFor, errorCodeFor } from '../src/errors.js';
import { ErrorBody } from '../src/schemas/common.js';

export interface NativeErrorBody {
  defined: boolean;
  code: string;
  status: number;
  message: string;
  data?: unknown;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

/** Turns Ajv's issues into `{field, message}` with the field named as the caller wrote it. */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): { field: string; message: string }[] {
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

export function toNativeError(error: FastifyError | BrokerError | Error, request: FastifyRequest): NativeErrorBody {
  if (error instanceof BrokerError) {
    const body: NativeErrorBody = { defined: error.defined, code: error.code, status: error.status, message: error.message };
    if (error.data !== undefined) body.data = error.data;
    return body;
  }
  const fe = error as FastifyError;
  if (fe.validation) {
    const errors = describeValidation(fe.validation as ValidationIssue[], fe.validationContext);
    return {
      defined: true,
      code: 'BAD_REQUEST',
      status: 400,
      message: `Invalid request: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
      data: { errors },
    };
  }
  const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
  if (status < 500) {
    const declared = declaredCodeFor(status);
    if (declared) return { defined: true, code: declared, status, message: fe.message || DECLARED_ERRORS[declared].message };
    return { defined: false, code: errorCodeFor(status), status, message: fe.message };
  }
  // Unexpected: the message may hold internals, so the caller gets the request id instead.
  return {
    defined: true,
    code: 'INTERNAL_SERVER_ERROR',
    status: 500,
    message: `Internal error; quote request id ${request.id} to your operator`,
  };
}

export function sendNativeError(reply: FastifyReply, body: NativeErrorBody): FastifyReply {
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

export default fp(
  async (app) => {
    app.addSchema(ErrorBody);
    app.setErrorHandler((error, request, reply) => {
      const body = toNativeError(error as Error, request);
      if (body.status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, status: body.status }, 'request refused');
      return sendNativeError(reply, body);
    });
    app.setNotFoundHandler((request, reply) =>
      sendNativeError(reply, {
        defined: true,
        code: 'NOT_FOUND',
        status: 404,
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      }),
    );
  },
  { name: 'errors' },
);
