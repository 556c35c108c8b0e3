/**
 * The native error body everywhere outside the compat mount and the HTML pages: `{defined, code,
 * status, message, data?}`, rendered from src/error-classifier.ts (which also maps Fastify's own
 * errors: validation, bad JSON, unknown media type). Bodies never carry stack traces; unexpected
 * errors are logged with the request id and answered with it.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { classifyError, shownMessage, type ClassifiedError } from '../src/error-classifier.js';
import { ErrorBody } from '../src/schemas/common.js';
import { asSeenByApiKey } from '../src/tenancy/ownership.js';

export interface NativeErrorBody {
  defined: boolean;
  code: string;
  status: number;
  message: string;
  data?: unknown;
}

/** The native body of a classified error: the classification as is, plus the request id when internal. */
export function renderNativeError(c: ClassifiedError, requestId: string): NativeErrorBody {
  const message = shownMessage(c, requestId);
  const body: NativeErrorBody = { defined: c.defined, code: c.code, status: c.status, message };
  if (c.data !== undefined) body.data = c.data;
  return body;
}

export function toNativeError(error: unknown, request: FastifyRequest): NativeErrorBody {
  // An API key is told 403 for another project's resource; the console, 404 (src/tenancy/ownership.ts).
  return renderNativeError(classifyError(request.auth ? asSeenByApiKey(error) : error), request.id);
}

/**
 * The same log lines on every plane: 5xx failures at error with the error (501 is a deliberate
 * refusal, not a failure), every other refusal at info with its code and status.
 */
export function logRequestError(
  request: FastifyRequest,
  error: unknown,
  outcome: { status: number; code: string | number },
  scope = 'request',
): void {
  if (outcome.status >= 500 && outcome.status !== 501) request.log.error({ err: error }, `${scope} failed`);
  else request.log.info({ code: outcome.code, status: outcome.status }, `${scope} refused`);
}

export function sendNativeError(reply: FastifyReply, body: NativeErrorBody): FastifyReply {
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

export default fp(
  async (app) => {
    app.addSchema(ErrorBody);
    app.setErrorHandler((error, request, reply) => {
      const body = toNativeError(error, request);
      logRequestError(request, error, body);
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
