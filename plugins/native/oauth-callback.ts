/**
 * The OAuth callback (spec 4.12): public, authorized only by the signed state, which reaches just
 * the one connection it names. Answers a small page, or redirects to the caller's redirect URL.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { renderCallbackPage } from './callback-page.js';

const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});

const oauthCallback: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connections'> }> = async (app, { services }) => {
  app.get('/connectors/:slug/callback', {
    schema: { hide: true, params: Type.Object({ slug: Type.String() }), querystring: CallbackQuery },
  }, async (req, reply) => {
    const outcome = await services.connections.handleCallback(req.params.slug, req.query);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (outcome.redirectUrl && outcome.status !== 'REJECTED') {
      const target = new URL(outcome.redirectUrl);
      target.searchParams.set('status', outcome.status === 'ACTIVE' ? 'success' : 'failed');
      if (outcome.connectionId) target.searchParams.set('connectionId', outcome.connectionId);
      return reply.redirect(target.toString(), 302);
    }
    return reply
      .code(outcome.status === 'ACTIVE' ? 200 : 400)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderCallbackPage(outcome));
  });
};

export default oauthCallback;
