/**
 * Idempotency-Key on the native operations that declare `config: { idempotent: true }`
 * (contract.ts): the rules are src/idempotency/idempotency-service.ts; this only hooks them onto
 * those routes. preHandler (after the API key and the schemas passed, so a refused request never
 * claims a key) claims the key or replays the first answer; onSend keeps a 2xx answer before it
 * leaves, or frees the key. Routes without the flag get no hook at all.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  REPLAYED_HEADER,
  parseIdempotencyKey,
  type IdempotencyService,
} from '../../src/idempotency/idempotency-service.js';
import { principal } from '../auth.js';

/** The claim a request holds while its handler runs. */
const claims = new WeakMap<FastifyRequest, string>();

export default fp(
  async (app, opts: { idempotency: IdempotencyService }) => {
    const { idempotency } = opts;

    const admit: preHandlerHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      if (key === undefined) return;
      const admission = await idempotency.admit({
        projectId: principal(request).projectId,
        key,
        method: request.method,
        path: request.url.split('?')[0]!,
        body: request.body,
      });
      if (admission.kind === 'act') {
        claims.set(request, admission.claimToken);
        return;
      }
      const { status, contentType, body } = admission.answer;
      reply.code(status).header(REPLAYED_HEADER, 'true');
      if (contentType) reply.header('content-type', contentType);
      return reply.send(body);
    };

    const keep: onSendHookHandler = async function (request, reply, payload) {
      const claimToken = claims.get(request);
      if (claimToken === undefined) return payload;
      claims.delete(request);
      try {
        if (idempotency.keeps(reply.statusCode) && typeof payload === 'string') {
          const contentType = reply.getHeader('content-type');
          const kept = await idempotency.complete(claimToken, {
            status: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body: payload,
          });
          if (!kept) request.log.warn('idempotency key was taken over before the answer was kept (the request outlived its lock)');
        } else {
          await idempotency.release(claimToken);
        }
      } catch (err) {
        // The caller still gets its answer; the claim lapses after its lock and a retry may act.
        request.log.error({ err }, 'could not keep the answer of an Idempotency-Key request');
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if ((route.config as { idempotent?: boolean } | undefined)?.idempotent !== true) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), admit];
      route.onSend = [...[route.onSend ?? []].flat(), keep];
    });
  },
  { name: 'native-idempotency' },
);
