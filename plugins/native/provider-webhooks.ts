/**
 * Provider webhooks in (issue 29): public routes authorized by the provider's signature alone.
 * JSON bodies are kept as received in this scope (the signature covers the exact bytes) and
 * parsed here for validation; the service verifies the bytes before it reads any event.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../src/services.js';
import { route } from '../operations.js';
import { providerWebhookOperations as ops } from './provider-webhooks-contract.js';

const providerWebhookRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'providerWebhooks'> }> = async (app, { services }) => {
  const rawBodies = new WeakMap<FastifyRequest['raw'], Buffer>();
  app.removeContentTypeParser('application/json');
  // The server's body limit still applies (the parser inherits it).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    rawBodies.set(req.raw, body);
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      const err = new Error('The body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  const receive = (req: FastifyRequest, toolkit: string, authConfigId?: string) =>
    services.providerWebhooks.receive({
      toolkit,
      ...(authConfigId ? { authConfigId } : {}),
      method: req.method,
      url: req.url,
      rawBody: rawBodies.get(req.raw) ?? Buffer.alloc(0),
      headers: req.headers,
    });

  route(app, ops.receiveProviderWebhook, (req) => receive(req, req.params.toolkit));
  route(app, ops.receiveCustomAppProviderWebhook, (req) => receive(req, req.params.toolkit, req.params.authConfigId));
};

export default providerWebhookRoutes;
