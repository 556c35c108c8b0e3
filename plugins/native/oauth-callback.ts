/**
 * The OAuth callback (spec 4.12): public, authorized only by the signed state, which reaches just
 * the one connection it names. Answers a small page, or redirects to the caller's redirect URL.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { Type } from '@sinclair/typebox';
import { renderCallbackError, renderCallbackPage } from './callback-page.js';
import { htmlErrorHandler } from '../error-page.js';
import { browserCookieName } from '../../src/connections/link-trust.js';

/** The user's browser lands here: never cached, no referrer to the provider, no script. */
const PAGE_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});

const oauthCallback: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connections'> }> = async (app, { services }) => {
  // A failure the callback cannot turn into an outcome is still a page, not a JSON body.
  app.setErrorHandler(htmlErrorHandler('oauth callback', renderCallbackError, { ...PAGE_HEADERS, 'content-security-policy': PAGE_CSP }));

  app.get(
    '/connectors/:slug/callback',
    {
      schema: { hide: true, params: Type.Object({ slug: Type.String() }), querystring: CallbackQuery },
    },
    async (req, reply) => {
      const outcome = await services.connections.handleCallback(req.params.slug, req.query, (id) => req.cookies[browserCookieName(id)]);
      reply.headers(PAGE_HEADERS);
      // A hosted link's browser binding has done its work (or was refused): the cookie goes.
      if (outcome.connectionId && req.cookies[browserCookieName(outcome.connectionId)] !== undefined)
        reply.clearCookie(browserCookieName(outcome.connectionId), { path: req.url.split('?')[0] });
      if (outcome.redirectUrl && outcome.status !== 'REJECTED') {
        const target = new URL(outcome.redirectUrl);
        target.searchParams.set('status', outcome.status === 'ACTIVE' ? 'success' : 'failed');
        if (outcome.connectionId) target.searchParams.set('connectionId', outcome.connectionId);
        return reply.redirect(target.toString(), 302);
      }
      return reply
        .code(outcome.status === 'ACTIVE' ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .send(renderCallbackPage(outcome));
    },
  );
};

export default oauthCallback;
