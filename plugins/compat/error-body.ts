/**
 * Renders any error thrown under the compat mount as `{error: {message, code, status, slug?,
 * request_id, suggested_fix?, errors?}}` with `error.status` equal to the HTTP status and a
 * numeric `code` (the status, or a compat code such as 1803), plus `x-should-retry: false` when a
 * retry cannot help. Same classification as the native plane (src/error-classifier.ts), another body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boundText, classifyError, shownMessage, type ClassifiedError } from '../../src/error-classifier.js';
import { DECLARED_ERRORS, UNDECLARED_ERRORS } from '../../src/errors.js';
import { asSeenByApiKey } from '../../src/tenancy/ownership.js';
import { CONNECTED_ACCOUNT_NOT_FOUND, CompatError, isDeterministic, type CompatErrorExtra } from './errors.js';

/**
 * Every status the compat mount may answer with its error body, on any route (the route schemas
 * declare only their successes, as the v3.1 clients expect): the statuses of the error catalog.
 */
export const COMPAT_ERROR_STATUSES: ReadonlySet<number> = new Set([
  ...Object.values(DECLARED_ERRORS).map((e) => e.status),
  ...Object.values(UNDECLARED_ERRORS),
]);

export interface CompatErrorBody {
  error: { message: string; code: number; status: number; slug?: string; request_id?: string; suggested_fix?: string; errors?: string[] };
}

/**
 * The compat body of a classified error. `extra` carries what only compat has (from a
 * CompatError); a NOT_FOUND about a connection is code 1803, which the SDK raises as its own error.
 */
export function renderCompatError(c: ClassifiedError, requestId: string, extra: CompatErrorExtra = {}): CompatErrorBody {
  const accountMissing = c.code === 'NOT_FOUND' && c.resource === 'connection';
  const code = extra.code ?? (accountMissing ? CONNECTED_ACCOUNT_NOT_FOUND : c.status);
  const slug = extra.slug ?? (accountMissing ? 'CONNECTED_ACCOUNT_NOT_FOUND' : c.code);
  // Field errors repeat caller input: as many and as long as the classifier shows (src/error-classifier.ts).
  const errors = (extra.errors ?? c.fieldErrors?.map((f) => `${f.field} ${f.message}`))?.slice(0, 20).map((e) => boundText(e, 500));
  const message = shownMessage(c, requestId);
  return {
    error: {
      message,
      code,
      status: c.status,
      slug,
      request_id: requestId,
      ...(extra.suggestedFix ? { suggested_fix: extra.suggestedFix } : {}),
      ...(errors ? { errors } : {}),
    },
  };
}

export function compatErrorBody(error: unknown, request: FastifyRequest): CompatErrorBody {
  // Only API keys reach the compat mount: 403 for another project's resource (src/tenancy/ownership.ts).
  const seen = asSeenByApiKey(error);
  return renderCompatError(classifyError(seen), request.id, seen instanceof CompatError ? seen.extra : {});
}

export function sendCompatError(reply: FastifyReply, body: CompatErrorBody): FastifyReply {
  if (isDeterministic(body.error.status)) reply.header('x-should-retry', 'false');
  return reply.code(body.error.status).type('application/json; charset=utf-8').send(body);
}
