/**
 * The hosted connect page behind compat connect links: public `GET /connect/:token` and
 * `POST /connect/:token`. The signed, expiring, single-use token in the path is the only
 * authority (and the form's CSRF defence: a forged form would need it). OAuth links redirect to
 * the provider; credential links show a form built from the toolkit's credential schema.
 * Pages are never cached, load nothing, run no script and cannot be framed.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { LinkState } from '../../src/connections/connect-link-service.js';
import type { Services } from '../../src/services.js';
import { renderCredentialForm, renderMessagePage } from './connect-page-html.js';
import { htmlErrorHandler } from '../error-page.js';

/** No script, no external load, no framing; forms post only to the broker (and, since browsers
 *  check form-action on the redirect that follows a post, to the caller's callback origin). */
const csp = (formTargets = "'self'") =>
  `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`;

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const FormBody = Type.Record(Type.String(), Type.String());

const connectPage: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connectLinks'> }> = async (app, { services }) => {
  const links = services.connectLinks;

  // HTML forms post urlencoded; only this scope accepts it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp());
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY');
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

  app.setErrorHandler(htmlErrorHandler('connect page', renderMessagePage));

  function respond(reply: FastifyReply, token: string, state: LinkState) {
    switch (state.kind) {
      case 'redirect':
        return reply.redirect(state.url, 302);
      case 'form':
        if (state.callbackUrl) reply.header('content-security-policy', csp(`'self' ${new URL(state.callbackUrl).origin}`));
        return html(
          reply,
          state.error ? 400 : 200,
          renderCredentialForm({
            toolkitName: state.toolkitName,
            method: state.method,
            action: token,
            ...(state.error ? { error: state.error } : {}),
          }),
        );
      case 'done': {
        if (state.callbackUrl) {
          // Same query as the native OAuth callback's redirect, so callers handle both alike.
          const target = new URL(state.callbackUrl);
          target.searchParams.set('status', 'success');
          target.searchParams.set('connectionId', state.connectionId);
          return reply.redirect(target.toString(), 303);
        }
        return html(
          reply,
          200,
          renderMessagePage('Connected', `Your ${state.toolkitName} account is connected. You can close this window.`),
        );
      }
      case 'used':
        return html(
          reply,
          410,
          renderMessagePage(
            'Link already used',
            'This connect link was already used or is no longer valid. Ask the application for a new link.',
          ),
        );
      case 'expired':
        return html(reply, 410, renderMessagePage('Link expired', 'This connect link has expired. Ask the application for a new link.'));
      case 'invalid':
        return html(
          reply,
          404,
          renderMessagePage('Link not found', 'This connect link is not valid. Check that you opened the whole link.'),
        );
    }
  }

  app.get('/connect/:token', { schema: { hide: true, params: TokenParams } }, async (req, reply) =>
    respond(reply, req.params.token, await links.open(req.params.token)),
  );

  app.post('/connect/:token', { schema: { hide: true, params: TokenParams, body: FormBody } }, async (req, reply) =>
    respond(reply, req.params.token, await links.submit(req.params.token, req.body)),
  );
};

/** The hosted connect plane; its parser, headers and error pages stay inside its own scope. */
export default fp(
  async (app, opts: { services: Pick<Services, 'connectLinks'> }) => {
    await app.register(connectPage, opts);
  },
  { name: 'connect-pages', dependencies: ['errors'] },
);
