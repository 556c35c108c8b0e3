/**
 * Refuses hostile input on every route of every plane before schema validation: NUL characters,
 * invalid Unicode (lone surrogates) and nesting deeper than MAX_NESTING_DEPTH in path
 * parameters, the query string and the body (src/schemas/hostile-input.ts). The refusal is a 400
 * BAD_REQUEST naming the field, rendered by the route's own plane (native, compat or HTML page),
 * so nothing of it reaches a database, a recursive validator or the provider client.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../src/errors.js';
import { findHostileInput } from '../src/schemas/hostile-input.js';

function checkRequestInput(request: FastifyRequest): void {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [context, value] of parts) {
    const problem = findHostileInput(value, context);
    if (problem) throw badRequest(`Invalid request: ${problem.field} ${problem.message}`, { errors: [problem] });
  }
}

export default fp(
  async (app) => {
    // Callback style: no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        checkRequestInput(request);
        done();
      } catch (err) {
        done(err as Error);
      }
    });
  },
  { name: 'input-guard' },
);
