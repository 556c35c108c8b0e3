/**
 * Renders any error thrown under the compat mount as `{error: {message, code, status, slug?,
 * request_id, suggested_fix?, errors?}}` with `error.status` equal to the HTTP status and a
 * numeric `code` (the status, or a compat code such as 1803), plus `x-should-retry: false` when a
 * retry cannot help. Same BrokerErrors as the native plane, another body.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BrokerError } from '../../src/errors.js';
import { CompatError, isDeterministic, type CompatErrorExtra } from './errors.js';
import { describeValidation } from '../errors.js';

export interface CompatErrorBody {
  error: { message: string; code: number; status: number; slug?: string; request_id?: string; suggested_fix?: string; errors?: string[] };
}

/** BrokerError data carries `{errors: [{field, message}]}` for invalid input; the compat body wants strings. */
function fieldErrors(data: unknown): string[] | undefined {
  const list = (data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  return list.map((e) => {
    const { field, message } = (e ?? {}) as { field?: string; message?: string };
    return `${field ?? 'request'} ${message ?? 'is invalid'}`;
  });
}

export function compatErrorBody(error: unknown, request: FastifyRequest): CompatErrorBody {
  const body = (status: number, message: string, extra: CompatErrorExtra = {}): CompatErrorBody => ({
    error: {
      message,
      code: extra.code ?? status,
      status,
      ...(extra.slug ? { slug: extra.slug } : {}),
      request_id: request.id,
      ...(extra.suggestedFix ? { suggested_fix: extra.suggestedFix } : {}),
      ...(extra.errors ? { errors: extra.errors } : {}),
    },
  });
  if (error instanceof CompatError) return body(error.status, error.message, error.extra);
  if (error instanceof BrokerError) return body(error.status, error.message, { slug: error.code, errors: fieldErrors(error.data) });
  const fe = error as FastifyError;
  if (fe.validation) {
    const errors = describeValidation(fe.validation as Parameters<typeof describeValidation>[0], fe.validationContext).map((i) => `${i.field} ${i.message}`);
    return body(400, `Invalid request: ${errors.join('; ')}`, { slug: 'BAD_REQUEST', errors });
  }
  const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
  if (status < 500) return body(status, fe.message || 'Request refused');
  // Unexpected: the message may hold internals, so the caller gets the request id instead.
  return body(500, `Internal error; quote request id ${request.id} to your operator`, { slug: 'INTERNAL_SERVER_ERROR' });
}

export function sendCompatError(reply: FastifyReply, body: CompatErrorBody): FastifyReply {
  if (isDeterministic(body.error.status)) reply.header('x-should-retry', 'false');
  return reply.code(body.error.status).type('application/json; charset=utf-8').send(body);
}
