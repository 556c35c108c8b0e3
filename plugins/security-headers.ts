/**
 * The usual security headers on every answer of every plane (native, compat, MCP, console, the
 * connect pages, errors and 404s included): `X-Content-Type-Options: nosniff` (a JSON error body
 * that repeats input is never sniffed as HTML), `Referrer-Policy: no-referrer` where a plane set
 * none, HSTS when the public origin is https, and for HTML without its own policy
 * `X-Frame-Options: DENY` and `frame-ancestors 'none'` (no page of ours is framed). Planes that send
 * stricter headers of their own (the console's and the connect pages' CSP) keep them.
 */
import fp from 'fastify-plugin';

const HSTS = 'max-age=31536000';

export default fp(
  async (app, opts: { https: boolean }) => {
    // Callback style: a global hook that costs no promise per request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
      if (opts.https) reply.header('strict-transport-security', HSTS);
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
        if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'none'");
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
