/**
 * The web console's files at /console/ (built from web/ into web/dist by scripts/build-web.mjs),
 * and `/` sending browsers there. index.html is never cached, so a new build is picked up at once;
 * the hashed assets under /console/assets/ are cached for a year. The console loads only its own
 * files and talks only to /api/v1/console, which a strict Content-Security-Policy enforces. When
 * the build is missing the broker still starts, and /console answers 503 saying how to build it.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BrokerError } from '../src/errors.js';
import { PROJECT_ROOT } from '../src/paths.js';

/** Where the build writes the console (the Docker image builds it in the same place). */
export const WEB_DIST = join(PROJECT_ROOT, 'web', 'dist');

/** Own files only, own API only, no framing, no inline script or style. */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** File names under assets/ carry a content hash: a changed file is a new URL. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

export interface ConsoleWebOptions {
  /** The built console; default web/dist. */
  root?: string;
}

const hidden = { schema: { hide: true } };

function notBuilt(app: FastifyInstance, root: string): void {
  app.log.warn({ root }, 'web console not built: /console answers 503 until `npm run build:web` has run');
  const refuse = async () => {
    throw new BrokerError('SERVICE_UNAVAILABLE', 'The web console is not built on this server: run `npm run build:web`, then restart');
  };
  app.get('/console', hidden, refuse);
  app.get('/console/*', hidden, refuse);
}

export default fp(
  async (app, opts: ConsoleWebOptions) => {
    const root = opts.root ?? WEB_DIST;
    app.get('/', hidden, async (_request, reply) => reply.redirect('/console/', 302));

    await app.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply) => {
        reply
          .header('content-security-policy', CONSOLE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('x-frame-options', 'DENY')
          .header('referrer-policy', 'same-origin');
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      });
      if (!existsSync(join(root, 'index.html'))) return notBuilt(scope, root);

      scope.get('/console', hidden, async (_request, reply) => reply.redirect('/console/', 301));
      await scope.register(fastifyStatic, {
        root,
        prefix: '/console/',
        // Another plugin (the API docs) registers @fastify/static too; this scope needs no reply.sendFile.
        decorateReply: false,
        index: ['index.html'],
        redirect: false,
        // Set per file below: the default (max-age=0 on everything) would not let assets be cached.
        cacheControl: false,
        setHeaders: (reply, path) => {
          const asset = path.startsWith(join(root, 'assets'));
          reply.header('cache-control', asset ? ASSET_CACHE : 'no-cache');
        },
      });
    });
  },
  { name: 'console-web', dependencies: ['errors'] },
);
