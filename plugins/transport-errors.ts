/**
 * Errors raised before a route runs, in the plane's own body: Fastify's `frameworkErrors` (a
 * malformed percent-escape in the URL, a path parameter over `maxParamLength`) and Node's HTTP
 * parser errors (`clientErrorHandler`: malformed requests, headers over the size limit, request
 * timeouts), which have no request object and so are answered as raw HTTP, in the compat body when
 * the refused request's line names the compat mount (read from the packet the parser failed on),
 * the native one otherwise. Neither quotes the offending URL: it can be as long as the header limit.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BrokerError, badRequest } from '../src/errors.js';
import { classifyError } from '../src/error-classifier.js';
import { logRequestError, renderNativeError, sendNativeError } from './errors.js';
import { renderCompatError, sendCompatError } from './compat/error-body.js';
import { isDeterministic } from './compat/errors.js';

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
/**
 * Whether the request Node's parser refused was for the compat mount: the last request line in the
 * packet it failed on (a client writes its request line and headers at once; when the line came in
 * an earlier packet, it is not known, and the native body is answered).
 */
function refusedOnCompat(err: { rawPacket?: unknown }): boolean {
  if (!Buffer.isBuffer(err.rawPacket)) return false;
  const lines = err.rawPacket.toString('latin1').match(/(?:^|\r\n)[A-Z]{3,10} \S+ HTTP\/1\.[01]\r\n/g);
  const last = lines?.at(-1);
  return last !== undefined && /^(?:\r\n)?[A-Z]+ \/compat\//.test(last);
}

export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const classified = classifyError(clientErrorOf(err.code));
  const compat = refusedOnCompat(err);
  const body = JSON.stringify(compat ? renderCompatError(classified, 'none') : renderNativeError(classified, 'none'));
  const retry = compat && isDeterministic(classified.status) ? 'x-should-retry: false\r\n' : '';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${classified.status} ${STATUS_CODES[classified.status]}\r\n${retry}` +
        `Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
