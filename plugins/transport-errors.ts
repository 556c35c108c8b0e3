/**
 * Errors raised before a route runs, in the plane's own body: Fastify's `frameworkErrors` (a
 * malformed percent-escape in the URL, a path parameter over `maxParamLength`) and Node's HTTP
 * parser errors (`clientErrorHandler`: malformed requests, headers over the size limit, request
 * timeouts), which have no request object and so are answered as raw HTTP with the native body.
 * Neither quotes the offending URL: it can be as long as the header limit.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BrokerError, badRequest } from '../src/errors.js';
import { classifyError } from '../src/error-classifier.js';
import { logRequestError, renderNativeError, sendNativeError } from './errors.js';
import { renderCompatError, sendCompatError } from './compat/error-body.js';

/** Longest path parameter routed (ids are 40, slugs 200, connect-link tokens about 100). */
export const MAX_PARAM_LENGTH = 500;

function describeFrameworkError(error: FastifyError): BrokerError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new BrokerError('URI_TOO_LONG', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`, {
      errors: [{ field: 'params', message: `must be at most ${MAX_PARAM_LENGTH} characters` }],
    });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return badRequest('The URL path is not valid: it has a malformed percent-escape', {
      errors: [{ field: 'url', message: 'has a malformed percent-escape' }],
    });
  }
  return badRequest('The request could not be routed');
}

/** Fastify's `frameworkErrors` option: the compat body under the compat mount, the native one elsewhere. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const classified = classifyError(describeFrameworkError(error));
  logRequestError(request, error, classified);
  if (request.url.startsWith('/compat/')) void sendCompatError(reply, renderCompatError(classified, request.id));
  else void sendNativeError(reply, renderNativeError(classified, request.id));
}

function clientErrorOf(code: string | undefined): BrokerError {
  if (code === 'HPE_HEADER_OVERFLOW')
    return new BrokerError('REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request line and headers are larger than the server accepts');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new BrokerError('TIMEOUT', 'The request was not received in time');
  return badRequest('The request is not valid HTTP');
}

/**
 * Fastify's `clientErrorHandler` option: answers what Node's HTTP parser refused, then closes the
 * socket (as Node and Fastify do: the stream cannot be trusted after a parse error).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const classified = classifyError(clientErrorOf(err.code));
  const body = JSON.stringify(renderNativeError(classified, 'none'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${classified.status} ${STATUS_CODES[classified.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
