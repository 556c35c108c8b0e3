/**
 * The web console is served by the broker (plugins/console-web.ts): `/` sends browsers to
 * /console/, index.html comes with the strict CSP and is never cached, the hashed assets it
 * references are served with their types and a year-long immutable cache, anything else under
 * /console/ is a native 404, and the bundle refers to no other host (nothing is fetched from a
 * CDN). Without a build the broker still starts and /console answers 503 saying how to build it.
 */
import t from 'tap';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp } from '../../helpers/app.js';
import { ensureWebBuilt } from '../../helpers/web-build.js';
import errorsPlugin from '../../../plugins/errors.js';
import consoleWeb from '../../../plugins/console-web.js';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * XML namespace names Preact uses to create SVG and MathML elements: identifiers compared as
 * strings, never requested. Any other absolute URL in the bundle would be a load from elsewhere.
 */
const NAMESPACES = new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1998/Math/MathML', 'http://www.w3.org/1999/xhtml']);

ensureWebBuilt();

t.test('/ and /console redirect to /console/', async (t) => {
  const { app } = await buildTestApp(t);
  const root = await app.inject({ method: 'GET', url: '/' });
  t.equal(root.statusCode, 302);
  t.equal(root.headers.location, '/console/');
  const bare = await app.inject({ method: 'GET', url: '/console' });
  t.ok([301, 302].includes(bare.statusCode), `GET /console redirects (${bare.statusCode})`);
  t.equal(bare.headers.location, '/console/');
});

t.test('index.html and its assets', async (t) => {
  const { app } = await buildTestApp(t);
  const page = await app.inject({ method: 'GET', url: '/console/' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.equal(page.headers['content-security-policy'], CSP, 'the strict CSP');
  t.equal(page.headers['cache-control'], 'no-cache', 'index.html is revalidated on every load');
  t.equal(page.headers['x-content-type-options'], 'nosniff');
  t.equal(page.headers['x-frame-options'], 'DENY');
  t.match(page.body, /<div id="app"><\/div>/, 'the mount point of the app');
  t.notMatch(page.body, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script (the CSP would block it)');
  t.notMatch(page.body, /\sstyle=/, 'no inline style attribute');

  const script = page.body.match(/<script type="module" src="([^"]+)"/)?.[1];
  const styles = page.body.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
  t.match(script, /^assets\/app-[A-Z0-9]+\.js$/, 'a relative, content-hashed script');
  t.match(styles, /^assets\/styles-[A-Z0-9]+\.css$/, 'a relative, content-hashed stylesheet');

  const js = await app.inject({ method: 'GET', url: `/console/${script}` });
  t.equal(js.statusCode, 200);
  t.match(js.headers['content-type'], /^(application|text)\/javascript/);
  t.equal(js.headers['cache-control'], IMMUTABLE);
  t.ok(js.body.length > 1000, `the bundle (${js.body.length} characters)`);
  t.match(js.body, /\/api\/v1\/console/, 'the bundle calls the console API on its own origin');

  const css = await app.inject({ method: 'GET', url: `/console/${styles}` });
  t.equal(css.statusCode, 200);
  t.match(css.headers['content-type'], /^text\/css/);
  t.equal(css.headers['cache-control'], IMMUTABLE);

  const head = await app.inject({ method: 'HEAD', url: `/console/${script}` });
  t.equal(head.statusCode, 200, 'HEAD works too');

  const direct = await app.inject({ method: 'GET', url: '/console/index.html' });
  t.equal(direct.statusCode, 200);
  t.equal(direct.headers['cache-control'], 'no-cache');

  t.test('nothing refers to another host', async (t) => {
    for (const [name, text] of [
      ['index.html', page.body],
      [script!, js.body],
      [styles!, css.body],
    ] as const) {
      const urls = [...text.matchAll(/(?:\bhttps?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'`)]*/gi)].map((m) => m[0]);
      t.same(
        urls.filter((u) => !NAMESPACES.has(u)),
        [],
        `${name}: no absolute URL but XML namespaces`,
      );
      t.notMatch(text, /@import|sourceMappingURL/, `${name}: no @import or source map reference`);
    }
  });
});

t.test('unknown files under /console/ are a native 404', async (t) => {
  const { app } = await buildTestApp(t);
  for (const url of ['/console/assets/app-NOPE.js', '/console/nope.html', '/console/assets/']) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, 404, url);
    t.match(res.json(), { defined: true, code: 'NOT_FOUND', status: 404 }, `${url}: the native error body`);
  }
  const outside = await app.inject({ method: 'GET', url: '/console/..%2fpackage.json' });
  t.not(outside.statusCode, 200, 'no file outside web/dist');
  t.notMatch(outside.body, /"name": "connector-broker"/);
});

t.test('without a build, the broker starts and /console answers 503', async (t) => {
  const empty = mkdtempSync(join(tmpdir(), 'console-web-'));
  t.teardown(() => rmSync(empty, { recursive: true, force: true }));
  // buildApp always serves web/dist, which the other tests need: the plugin gets an empty root here.
  const app = Fastify({ logger: false });
  t.teardown(() => app.close());
  await app.register(errorsPlugin);
  await app.register(consoleWeb, { root: empty });
  await app.ready();
  for (const url of ['/console', '/console/', '/console/assets/app.js']) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.statusCode, 503, url);
    t.match(res.json(), { code: 'SERVICE_UNAVAILABLE', status: 503, message: /npm run build:web/ }, `${url}: says how to build it`);
  }
  const root = await app.inject({ method: 'GET', url: '/' });
  t.equal(root.statusCode, 302, '/ still redirects');
});
