/**
 * The hosted connect page behind connect links (native POST /api/v1/connect-links, compat POST
 * /connected_accounts/link): public `GET /connect/:token` shows the page and never changes
 * anything (link previews in chat and e-mail fetch it); `POST /connect/:token` is the user's
 * action and the only thing that uses a link. OAuth links continue to the provider's consent (303);
 * credential links submit the form built from the toolkit's credential schema. A form the schema
 * refuses is shown again (400) and does not use the link; a submission that connects does. Done:
 * 303 to the caller's callback URL with `status=success&connectionId=`, or a success page.
 *
 * Security: the signed, expiring, single-use token in the path is the only authority, and the
 * form's CSRF defence (a forged form would need it); a POST that a browser marks as sent from
 * another site (Sec-Fetch-Site, else Origin) is refused 403 before anything is read. Pages are
 * never cached, load nothing, run no script (CSP allows only our stylesheet by hash), cannot be
 * framed, and send no referrer to other origins (so the token never leaves in a Referer).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { LinkState } from '../../src/connections/connect-link-service.js';
import type { Services } from '../../src/services.js';
import { failedReturn, renderContinuePage, renderCredentialForm, renderDonePage, renderMessagePage } from './connect-page-html.js';
import { STYLE_SRC } from './page-layout.js';
import { isOwnOrigin } from '../own-origin.js';
import { htmlErrorHandler } from '../error-page.js';

/**
 * Forms post only to the broker, plus the origin the post redirects to (browsers check
 * form-action on the redirect that follows a post): the provider for OAuth, the callback for forms.
 */
const csp = (redirectOrigins: string[] = []) =>
  [
    "default-src 'none'",
    `style-src ${STYLE_SRC}`,
    `form-action ${["'self'", ...new Set(redirectOrigins)].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const FormBody = Type.Record(Type.String(), Type.String());

type Links = Pick<Services['connectLinks'], 'open' | 'submit' | 'publicOrigin'>;

/**
 * True when the browser says the POST came from a page of another origin. Browsers send
 * Sec-Fetch-Site on every request (else Origin on a POST); clients that send neither are not
 * browsers a forged page could drive, and still need the token.
 */
function crossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  // "null" (an opaque origin: sandboxed frame, data: URL) or another site's is cross-site.
  return origin !== undefined && !isOwnOrigin(req, origin, publicOrigin);
}

const connectPage: FastifyPluginAsyncTypebox<{ services: { connectLinks: Links } }> = async (app, { services }) => {
  const links = services.connectLinks;
  const publicOrigin = links.publicOrigin;
  // Cookies are Secure when the broker is served over https (behind a proxy req.protocol may not say so).
  const secureCookies = publicOrigin.startsWith('https:');

  // HTML forms post urlencoded; only this scope accepts it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // The pages' own CSP from the start (a page that needs another origin replaces it): set at onSend,
  // the app-wide security headers' onSend (plugins/security-headers.ts, which runs first) would
  // already have put its looser default there.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('content-security-policy', csp());
    done();
  });
  app.addHook('onSend', async (_req, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('x-robots-tag', 'noindex, nofollow');
  });

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

  app.setErrorHandler(htmlErrorHandler('connect page', renderMessagePage));

  function respond(req: FastifyRequest, reply: FastifyReply, state: LinkState) {
    switch (state.kind) {
      case 'oauth':
        reply.header('content-security-policy', csp([state.authorizeOrigin]));
        return html(reply, 200, renderContinuePage({ page: state.page }));
      case 'form': {
        if (state.page.callbackUrl) reply.header('content-security-policy', csp([new URL(state.page.callbackUrl).origin]));
        const { page, method, problems, values } = state;
        return html(
          reply,
          problems ? 400 : 200,
          renderCredentialForm({ page, method, ...(problems ? { problems } : {}), ...(values ? { values } : {}) }),
        );
      }
      case 'redirect':
        if (state.browserCookie) {
          // Binds the OAuth attempt to this browser (src/connections/link-trust.ts): the callback must bring it back.
          const c = state.browserCookie;
          reply.setCookie(c.name, c.value, {
            path: c.path,
            maxAge: c.maxAgeSeconds,
            httpOnly: true,
            sameSite: 'lax',
            secure: secureCookies || req.protocol === 'https',
          });
        }
        return reply.redirect(state.url, 303);
      case 'refused':
        return html(
          reply,
          403,
          renderMessagePage(
            'Not confirmed',
            `${state.page.projectName} did not confirm this connection, so it was not ${state.page.reconnect ? 'reconnected' : 'made'}. Ask ${state.page.projectName} for help or a new link.`,
          ),
        );
      case 'done': {
        if (state.page.callbackUrl) {
          // Same query as the native OAuth callback's redirect, so callers handle both alike.
          const target = new URL(state.page.callbackUrl);
          target.searchParams.set('status', 'success');
          target.searchParams.set('connectionId', state.connectionId);
          return reply.redirect(target.toString(), 303);
        }
        return html(reply, 200, renderDonePage(state.page));
      }
      case 'used':
        if (state.connected)
          return html(
            reply,
            410,
            renderMessagePage(
              'This account is connected',
              `Your ${state.connected.toolkitName} account is connected; this link has done its job. You can close this page.`,
              'ok',
            ),
          );
        return html(
          reply,
          410,
          renderMessagePage('This link was already used', 'Each connect link works once. Ask the application that sent it for a new link.'),
        );
      case 'expired': {
        const asker = state.page?.projectName ?? 'the application that sent it';
        const back = state.page?.callbackUrl && state.connectionId ? failedReturn(state.page.callbackUrl, state.connectionId) : undefined;
        return html(
          reply,
          410,
          renderMessagePage('This link has expired', `Connect links work for a limited time. Ask ${asker} for a new link.`, 'bad', back),
        );
      }
      case 'unavailable':
        return html(
          reply,
          403,
          renderMessagePage(
            'Not available right now',
            `${state.page.projectName} has turned off connecting ${state.page.toolkit.name} accounts for now. Ask them for help, or try the link again later.`,
          ),
        );
      case 'invalid':
        return html(
          reply,
          404,
          renderMessagePage(
            'Link not found',
            'This connect link is not valid. Check that you opened the whole link, or ask for a new one.',
          ),
        );
    }
  }

  app.get('/connect/:token', { schema: { hide: true, params: TokenParams } }, async (req, reply) =>
    respond(req, reply, await links.open(req.params.token)),
  );

  app.post('/connect/:token', { schema: { hide: true, params: TokenParams, body: Type.Optional(FormBody) } }, async (req, reply) => {
    if (crossSite(req, publicOrigin)) {
      req.log.info({ origin: req.headers.origin, site: req.headers['sec-fetch-site'] }, 'cross-site connect form refused');
      return html(
        reply,
        403,
        renderMessagePage(
          'Request refused',
          'This form was sent from another site, so nothing was changed. Open the link you were given and submit the form on that page.',
        ),
      );
    }
    return respond(req, reply, await links.submit(req.params.token, req.body ?? {}));
  });
};

/** The hosted connect plane; its parser, headers and error pages stay inside its own scope. */
export default fp(
  async (app, opts: { services: { connectLinks: Links } }) => {
    await app.register(connectPage, opts);
  },
  { name: 'connect-pages', dependencies: ['errors'] },
);
