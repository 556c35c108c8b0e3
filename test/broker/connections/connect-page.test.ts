/**
 * The hosted connect page (plugins/connect) as a user's browser drives it over HTTP: a GET shows
 * the page and never uses the link (link previews fetch it), the user's POST does. OAuth links
 * continue to the provider's consent; credential links show the form from the toolkit's credential
 * schema. Refusals (schema, cross-site posts, callback URLs the project does not allow, expiry).
 */
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brokerWithSandboxes, EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';
import { manualClock, type ManualClock } from '../../helpers/clock.js';
import { Project } from '../../../src/db/entities/index.js';
import { isAllowedRedirect } from '../../../src/connections/redirect-allowlist.js';
import type { FastifyInstance } from 'fastify';

const ACME_KEY = 'acme-key-7f3e9a1c55d2';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A stand-in Acme API: GET /me answers 200 for the right X-Api-Key, 401 otherwise. */
async function startAcme(t: TestContext): Promise<string> {
  const server = createServer((req, res) => {
    const ok = req.url === '/me' && req.headers['x-api-key'] === ACME_KEY;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { account: 'acme-account-1' } : { error: 'bad key' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Requests a browser and an application make around a link. */
function clientOf(app: FastifyInstance, key: string) {
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const path = (url: string) => new URL(url).pathname;
  const open = (url: string) => app.inject({ method: 'GET', url: path(url) });
  const submit = (url: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: path(url), headers: { ...FORM, ...headers }, payload: new URLSearchParams(form).toString() });
  const createLink = async (body: Record<string, string>) => {
    const res = await api('POST', 'connect-links', body);
    if (res.statusCode !== 201) throw new Error(`link creation failed: ${res.body}`);
    return res.json() as { connectionId: string; url: string; expiresAt: string };
  };
  const statusOf = async (id: string) => (await api('GET', `connectors/connections/${id}`)).json().status as string;
  return { api, open, submit, createLink, statusOf };
}

/** A broker with the `acme` API-key toolkit pointed at a stand-in API, a project and its key. */
async function credentialBroker(t: TestContext, clock?: ManualClock) {
  const acme = await startAcme(t);
  const broker = await buildTestApp(t, {
    ...(clock ? { clock } : {}),
    env: {
      CATALOG_PATHS: EXTRA_CATALOG,
      TOOLKIT_OVERRIDES: JSON.stringify({ acme: { baseUrl: acme, allowedHosts: [new URL(acme).host] } }),
    },
  });
  const project = await createProjectWithKey(broker.app);
  const client = clientOf(broker.app, project.key);
  const made = await client.api('POST', 'auth_configs', { slug: 'acme', authMethodId: 'acme_api_key' });
  return { ...broker, ...project, ...client, authConfigId: made.json().authConfigId as string };
}

const allowRedirects = (app: FastifyInstance, projectId: string, urls: string[]) =>
  app.orm.em.fork().nativeUpdate(Project, { id: projectId }, { allowedRedirectUrls: urls });

/** What a person reads: the page without tags, styles and attributes. */
const visibleText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

t.test('an OAuth link: opening it changes nothing; Continue goes to the consent, once', async (t) => {
  const b = await brokerWithSandboxes(t);
  const c = clientOf(b.app, b.key);
  const ac = (await c.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).json()
    .authConfigId;
  const link = await c.createLink({ authConfigId: ac, entityId: 'u1', callbackUrl: 'https://app.example/back' });

  const first = await c.open(link.url);
  const second = await c.open(link.url);
  t.equal(first.statusCode, 200, first.body);
  t.equal(second.statusCode, 200, 'a second GET (a link preview, then the user) still shows the page');
  t.equal(await c.statusOf(link.connectionId), 'INITIATED', 'nothing changed');
  const text = visibleText(first.body);
  t.match(text, /Connect your HubSpot account/, 'names the toolkit');
  t.match(text, /HubSpot CRM: create, read/, "with the catalog's description");
  t.match(text, /test project is asking to use your HubSpot account/, 'names the project');
  t.match(text, /you return to app\.example/);
  t.match(first.body, /<form method="post" id="connect-form">\s*<button type="submit" id="connect-submit">Continue to HubSpot<\/button>/);
  t.notMatch(first.body, /ca_/, 'no connection id (nor the token) anywhere in the page');
  t.notMatch(first.body, /<script|<img|<link /i, 'no script, nothing loaded');
  const csp = first.headers['content-security-policy'] as string;
  t.match(csp, /default-src 'none'/);
  t.match(csp, /style-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/, 'only our own stylesheet, by hash');
  t.match(csp, /frame-ancestors 'none'/);
  t.ok(csp.includes(`form-action 'self' ${new URL(b.hubspot.oauth.authorizeUrl).origin}`), 'the post may continue to the provider');
  t.equal(first.headers['cache-control'], 'no-store');
  t.equal(first.headers['x-frame-options'], 'DENY');

  const continued = await c.submit(link.url);
  t.equal(continued.statusCode, 303);
  const authorize = new URL(continued.headers.location as string);
  t.equal(authorize.origin + authorize.pathname, b.hubspot.oauth.authorizeUrl, "to the sandbox's authorize URL");
  t.ok(authorize.searchParams.get('state'));
  t.equal((await c.submit(link.url)).statusCode, 410, 'the continue used the link');
  t.equal((await c.open(link.url)).statusCode, 410);

  const { res: callback } = await b.consent(authorize.toString(), 'yes', continued);
  t.equal(callback.statusCode, 302);
  t.equal(callback.headers.location, `https://app.example/back?status=success&connectionId=${link.connectionId}`);
  t.equal(await c.statusOf(link.connectionId), 'ACTIVE');
});

t.test('link an API-key toolkit through the hosted connect page', async (t) => {
  const b = await credentialBroker(t);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'user-7' });
  t.equal(await b.statusOf(link.connectionId), 'PENDING');

  const page = await b.open(link.url);
  t.equal(page.statusCode, 200);
  t.equal((await b.open(link.url)).statusCode, 200, 'opening twice changes nothing');
  const text = visibleText(page.body);
  t.match(text, /Connect your Acme Widgets account/);
  t.match(text, /test project is asking for your Acme API key/);
  t.match(page.body, /<form method="post" id="connect-form">/);
  t.match(
    page.body,
    /<label for="field-api_key">API key<span class="req" aria-hidden="true"> \*<\/span><\/label>/,
    'a label, not "api_key"',
  );
  t.match(page.body, /<span class="hint" id="field-api_key-hint">API key from Acme settings &#62; API\.<\/span>/, 'help from the schema');
  t.match(page.body, /<input id="field-api_key" name="api_key" type="password" required aria-describedby="field-api_key-hint"/);
  t.match(page.body, /<button type="submit" id="connect-submit">Connect<\/button>/);
  t.notMatch(page.body, /ca_|ac_|acme_api_key/, 'no internal ids');

  const missing = await b.submit(link.url, { api_key: '' });
  t.equal(missing.statusCode, 400);
  t.match(missing.body, /<div class="error" role="alert" id="form-errors">.*<a href="#field-api_key">Enter your API key\.<\/a>/s);
  t.match(
    missing.body,
    /name="api_key" type="password" required aria-describedby="field-api_key-hint field-api_key-error" aria-invalid="true"/,
  );
  t.equal(await b.statusOf(link.connectionId), 'PENDING', 'a refused form changes nothing');
  t.equal((await b.open(link.url)).statusCode, 200, 'and does not use the link');

  const done = await b.submit(link.url, { api_key: ACME_KEY });
  t.equal(done.statusCode, 200, done.body);
  t.match(visibleText(done.body), /Connected Your Acme Widgets account is now connected to test project\. You can close this window\./);
  t.notMatch(done.body, new RegExp(ACME_KEY), 'the key is not shown back');
  t.notMatch(done.body, /ca_/);
  t.equal(await b.statusOf(link.connectionId), 'ACTIVE');

  const run = await b.api('POST', 'tools/ACME_GET_ME/execute', { connectedAccountId: link.connectionId, arguments: {} });
  t.equal(run.statusCode, 200, run.body);
  t.same(run.json(), { status: 200, successful: true, data: { account: 'acme-account-1' } }, 'the submitted key reaches the provider');
  const byUser = await b.api('POST', 'tools/ACME_GET_ME/execute', { entityId: 'user-7', arguments: {} });
  t.match(byUser.json(), { successful: true }, "and is the user's connection");

  const again = await b.submit(link.url, { api_key: 'someone-else' });
  t.equal(again.statusCode, 410, 'a second POST cannot replace the key');
  t.match(again.body, /This account is connected/, 'told it worked, not to ask for a new link');
  t.notMatch(again.body, /new link/);
  t.equal((await b.open(link.url)).statusCode, 410);
  t.match((await b.api('POST', 'tools/ACME_GET_ME/execute', { connectedAccountId: link.connectionId })).json(), { successful: true });
});

t.test('with a callback URL the form returns there with status=success', async (t) => {
  const b = await credentialBroker(t);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u', callbackUrl: 'https://app.example/done?session=9' });
  const page = await b.open(link.url);
  t.match(page.headers['content-security-policy'], /form-action 'self' https:\/\/app\.example;/);
  t.match(visibleText(page.body), /Afterwards you return to app\.example\./);
  const done = await b.submit(link.url, { api_key: ACME_KEY });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, `https://app.example/done?session=9&status=success&connectionId=${link.connectionId}`);
});

t.test('an expired link is refused (410) and offers the way back with status=failed', async (t) => {
  const clock = manualClock();
  const b = await credentialBroker(t, clock);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u', callbackUrl: 'https://app.example/done' });
  t.equal((await b.open(link.url)).statusCode, 200);
  clock.advance(15 * 60_000 + 1);
  const page = await b.open(link.url);
  t.equal(page.statusCode, 410);
  t.match(visibleText(page.body), /This link has expired .* Ask test project for a new link\./);
  t.match(
    page.body,
    `<a class="button" id="return-link" href="https://app.example/done?status=failed&#38;connectionId=${link.connectionId}">Return to app.example</a>`,
  );
  const late = await b.submit(link.url, { api_key: ACME_KEY });
  t.equal(late.statusCode, 410, 'nor can it be submitted');
  t.equal(await b.statusOf(link.connectionId), 'PENDING');
});

t.test('a POST the browser marks as cross-site is refused (403) and changes nothing', async (t) => {
  const b = await credentialBroker(t);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u' });
  const forged: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
  ];
  for (const headers of forged) {
    const res = await b.submit(link.url, { api_key: ACME_KEY }, headers);
    t.equal(res.statusCode, 403, JSON.stringify(headers));
    t.match(visibleText(res.body), /Request refused This form was sent from another site/);
  }
  t.equal(await b.statusOf(link.connectionId), 'PENDING');
  t.equal((await b.open(link.url)).statusCode, 200, 'the link still works');
  // Our own page's post: the browser says same-origin, and the Origin is the public one.
  const ok = await b.submit(link.url, { api_key: ACME_KEY }, { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000' });
  t.equal(ok.statusCode, 200, ok.body);
  t.equal(await b.statusOf(link.connectionId), 'ACTIVE');
});

t.test('an Origin naming the host the page was reached at is our own page', async (t) => {
  const b = await credentialBroker(t);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u' });
  const res = await b.submit(link.url, { api_key: ACME_KEY }, { origin: 'http://broker.internal:8080', host: 'broker.internal:8080' });
  t.equal(res.statusCode, 200, res.body);
});

t.test("callback URLs must be one of the project's allowed redirect URLs", async (t) => {
  const b = await credentialBroker(t);
  await allowRedirects(b.app, b.projectId, ['https://app.example/connected']);
  const refused = await b.api('POST', 'connect-links', {
    authConfigId: b.authConfigId,
    entityId: 'u',
    callbackUrl: 'https://evil.example/x',
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.json(), {
    defined: true,
    code: 'BAD_REQUEST',
    status: 400,
    message:
      /^callbackUrl https:\/\/evil\.example\/x is not one of the project's allowed redirect URLs \(https:\/\/app\.example\/connected\)/,
  });
  const otherPath = await b.api('POST', 'connect-links', {
    authConfigId: b.authConfigId,
    entityId: 'u',
    callbackUrl: 'https://app.example/connected/elsewhere',
  });
  t.equal(otherPath.statusCode, 400, 'another path of the same site');
  const compat = await b.app.inject({
    method: 'POST',
    url: '/compat/api/v3.1/connected_accounts/link',
    headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
    payload: JSON.stringify({ auth_config_id: b.authConfigId, user_id: 'u', callback_url: 'https://evil.example/x' }),
  });
  t.equal(compat.statusCode, 400, 'the compat route uses the same rule');
  t.equal((await b.api('GET', 'connectors/connections')).json().total, 0, 'nothing was created');

  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u', callbackUrl: 'https://app.example/connected?user=7' });
  const done = await b.submit(link.url, { api_key: ACME_KEY });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, `https://app.example/connected?user=7&status=success&connectionId=${link.connectionId}`);

  // The same list holds for an OAuth initiate's redirectUrl (checked before anything is made).
  const initiate = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', redirectUrl: 'https://evil.example/x' });
  t.equal(initiate.statusCode, 400, initiate.body);
  t.match(initiate.json(), {
    code: 'BAD_REQUEST',
    message: /^redirectUrl https:\/\/evil\.example\/x is not one of/,
    data: { errors: [{ field: 'redirectUrl' }] },
  });
  t.equal((await b.api('GET', 'auth_configs')).json().items.length, 1, 'no implicit auth config was made');

  await allowRedirects(b.app, b.projectId, []);
  t.equal(
    (await b.api('POST', 'connect-links', { authConfigId: b.authConfigId, entityId: 'u', callbackUrl: 'https://any.example/' })).statusCode,
    201,
    'an empty list allows any http(s) URL',
  );
});

t.test('the allow-list rule', async (t) => {
  const allowed = ['https://app.example/back', 'https://app.example/exact?mode=a', 'http://localhost:5173/cb'];
  t.ok(isAllowedRedirect('https://app.example/back', allowed));
  t.ok(isAllowedRedirect('https://APP.example:443/back', allowed), 'compared after normalisation');
  t.ok(isAllowedRedirect('https://app.example/back?user=1', allowed), 'a query may be added to an entry without one');
  t.ok(isAllowedRedirect('https://app.example/exact?mode=a', allowed));
  t.notOk(isAllowedRedirect('https://app.example/exact?mode=b', allowed), 'an entry with a query matches only itself');
  t.notOk(isAllowedRedirect('https://app.example/back#x', allowed));
  t.notOk(isAllowedRedirect('http://app.example/back', allowed), 'scheme matters');
  t.notOk(isAllowedRedirect('https://app.example/back/more', allowed));
  t.notOk(isAllowedRedirect('https://app.example.evil.example/back', allowed));
  t.notOk(isAllowedRedirect('https://user@app.example/back', allowed), 'no user info');
  t.ok(isAllowedRedirect('http://localhost:5173/cb', allowed));
  t.ok(isAllowedRedirect('https://anything.example/', []), 'an empty list allows any');
});

t.test('a link whose auth config was disabled since cannot be completed, and is kept', async (t) => {
  const b = await credentialBroker(t);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u' });
  t.equal((await b.api('PATCH', `auth_configs/${b.authConfigId}`, { disabled: true })).statusCode, 200);
  const shown = await b.open(link.url);
  t.equal(shown.statusCode, 403);
  t.match(visibleText(shown.body), /Not available right now test project has turned off connecting Acme Widgets accounts for now\./);
  t.notMatch(shown.body, /ac_|ca_/, 'no internal ids');
  const refused = await b.submit(link.url, { api_key: ACME_KEY });
  t.equal(refused.statusCode, 403);
  t.notMatch(refused.body, new RegExp(ACME_KEY), 'the secret is not written back');
  t.equal(await b.statusOf(link.connectionId), 'PENDING');

  t.equal((await b.api('PATCH', `auth_configs/${b.authConfigId}`, { disabled: false })).statusCode, 200);
  t.equal((await b.submit(link.url, { api_key: ACME_KEY })).statusCode, 200, 'the link was kept for when it is enabled again');
  t.equal(await b.statusOf(link.connectionId), 'ACTIVE');
});

t.test('unknown and tampered tokens: 404 pages; HEAD changes nothing either', async (t) => {
  const b = await credentialBroker(t);
  const link = await b.createLink({ authConfigId: b.authConfigId, entityId: 'u' });
  const token = new URL(link.url).pathname.split('/').pop()!;
  // A character inside the signature (the last one carries padding bits a decoder may ignore).
  const at = token.length - 10;
  const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
  const res = await b.app.inject({ method: 'GET', url: `/connect/${tampered}` });
  t.equal(res.statusCode, 404);
  t.match(visibleText(res.body), /Link not found/);
  t.equal((await b.app.inject({ method: 'POST', url: `/connect/${tampered}`, headers: FORM, payload: 'api_key=x' })).statusCode, 404);
  t.equal((await b.app.inject({ method: 'HEAD', url: new URL(link.url).pathname })).statusCode, 200);
  t.equal(await b.statusOf(link.connectionId), 'PENDING');
});
