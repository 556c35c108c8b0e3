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
import type { FieldError } from '../src/error-classifier.js';

function refuse(problem: FieldError): Error {
  return badRequest(`Invalid request: ${problem.field} ${problem.message}`, { errors: [problem] });
}

/** Spelled out, not looped over a list of parts: this runs on every request. */
function checkRequestInput(request: FastifyRequest): Error | undefined {
  const problem =
    findHostileInput(request.params, 'params') ?? findHostileInput(request.query, 'querystring') ?? findHostileInput(request.body, 'body');
  return problem && refuse(problem);
}

export default fp(
  async (app) => {
    // Callback style: no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      const refused = checkRequestInput(request);
      if (refused) done(refused);
      else done();
    });
  },
  { name: 'input-guard' },
);
