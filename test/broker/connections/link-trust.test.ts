/**
 * Connect links you can trust (issue 30): an OAuth attempt continued from a hosted link is bound
 * to that browser by an HttpOnly cookie whose hash is kept with the state, so a callback in another
 * browser is refused with a page saying why; and the project's verifier URL, called signed like a
 * webhook delivery, must confirm a hosted-link connection before it becomes ACTIVE.
 */
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { brokerWithSandboxes, type BrokerWithSandboxes } from '../../helpers/sandboxes.js';
import type { TestContext } from '../../helpers/app.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Creates a hosted link and plays the browser up to the provider's consent: the callback URL and the cookie set. */
async function startLink(b: BrokerWithSandboxes, authConfigId: string, entityId: string) {
  const link = (await b.api('POST', 'connect-links', { authConfigId, entityId })).json() as { url: string; connectionId: string };
  const cont = await b.app.inject({ method: 'POST', url: new URL(link.url).pathname, headers: FORM, payload: '' });
  if (cont.statusCode !== 303) throw new Error(`continue failed: ${cont.statusCode} ${cont.body}`);
  const cookie = cont.cookies.find((c) => c.name === `connect_browser_${link.connectionId}`);
  const authorize = new URL(cont.headers.location as string);
  authorize.searchParams.set('approve', 'yes');
  const provider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('location') as string);
  return { connectionId: link.connectionId, cookie, callbackPath: callback.pathname + callback.search };
}

async function hubspotBroker(t: TestContext) {
  const b = await brokerWithSandboxes(t);
  const authConfigId = (await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).json()
    .authConfigId as string;
  const statusOf = async (id: string) =>
    (await b.api('GET', `connectors/connections/${id}`)).json() as { status: string; statusReason: string | null };
  return { b, authConfigId, statusOf };
}

t.test('an OAuth attempt from a hosted link finishes only in the browser that opened it', async (t) => {
  const { b, authConfigId, statusOf } = await hubspotBroker(t);

  const own = await startLink(b, authConfigId, 'alice');
  t.ok(own.cookie, 'continuing the link sets the browser cookie');
  t.match(own.cookie, { httpOnly: true, sameSite: 'Lax', path: '/api/v1/connectors/hubspot/callback' });
  t.notOk(own.cookie?.secure, 'not Secure on a plain-http broker (PUBLIC_BASE_URL is http here)');
  t.ok(own.cookie!.maxAge! > 0 && own.cookie!.maxAge! <= 600, 'lives as long as the OAuth state');
  const done = await b.app.inject({
    method: 'GET',
    url: own.callbackPath,
    headers: { cookie: `${own.cookie!.name}=${own.cookie!.value}` },
  });
  t.equal(done.statusCode, 200, done.body);
  t.equal((await statusOf(own.connectionId)).status, 'ACTIVE');

  // The consent URL forwarded to someone else: their browser has no cookie.
  const forwarded = await startLink(b, authConfigId, 'bob');
  const elsewhere = await b.app.inject({ method: 'GET', url: forwarded.callbackPath });
  t.equal(elsewhere.statusCode, 400);
  t.match(elsewhere.body, /different browser from the one that opened the connect link/);
  t.match(elsewhere.body, /Ask the application that sent the link for a new one/);
  t.match(await statusOf(forwarded.connectionId), { status: 'FAILED', statusReason: /different browser/ });
  // Even the right browser cannot finish it afterwards: the attempt is over.
  const late = await b.app.inject({
    method: 'GET',
    url: forwarded.callbackPath,
    headers: { cookie: `${forwarded.cookie!.name}=${forwarded.cookie!.value}` },
  });
  t.equal(late.statusCode, 400);
  t.equal((await statusOf(forwarded.connectionId)).status, 'FAILED');

  // Another link's cookie (or a made-up one) is no better than none.
  const mismatched = await startLink(b, authConfigId, 'carol');
  const wrong = await b.app.inject({
    method: 'GET',
    url: mismatched.callbackPath,
    headers: { cookie: `${mismatched.cookie!.name}=${own.cookie!.value}` },
  });
  t.equal(wrong.statusCode, 400);
  t.equal((await statusOf(mismatched.connectionId)).status, 'FAILED');

  // initiate through the API is not a hosted link: no cookie is needed.
  t.equal((await statusOf(await b.connectOAuth('hubspot', 'dave', { authConfigId }))).status, 'ACTIVE');
});

/** A stand-in application verifier: answers `status` and records what it received. */
async function startVerifier(t: TestContext) {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const state = { status: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(state.status === 200 ? '{"ok":true}' : '{"error":"unknown end user"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`, received, state };
}

async function setVerifier(b: BrokerWithSandboxes, url: string | null) {
  const project = (await b.app.services.tenancy.projects.find(b.projectId))!;
  return b.app.services.tenancy.projects.update(
    OPERATOR,
    { userId: 'operator', organizationId: b.organizationId, role: 'owner', project },
    { connectionVerifierUrl: url },
  );
}

t.test('the project verifier confirms hosted-link connections before they become ACTIVE', async (t) => {
  const { b, authConfigId, statusOf } = await hubspotBroker(t);
  const verifier = await startVerifier(t);
  const view = await setVerifier(b, verifier.url);
  t.equal(view.connectionVerifierUrl, verifier.url);
  t.match(view.connectionVerifierSecret, /^whsec_/, 'the signing secret is shown to whoever sets the URL');

  // Confirmed: ACTIVE, and the call was signed for this project, naming the connection and its end user.
  const ok = await startLink(b, authConfigId, 'erin');
  const cookie = { cookie: `${ok.cookie!.name}=${ok.cookie!.value}` };
  t.equal((await b.app.inject({ method: 'GET', url: ok.callbackPath, headers: cookie })).statusCode, 200);
  t.equal((await statusOf(ok.connectionId)).status, 'ACTIVE');
  t.equal(verifier.received.length, 1);
  const call = verifier.received[0]!;
  const payload = new Webhook(view.connectionVerifierSecret!).verify(call.body, call.headers) as {
    type: string;
    data: Record<string, string>;
  };
  t.match(payload, {
    type: 'connection.verify',
    data: { connectionId: ok.connectionId, entityId: 'erin', toolkitSlug: 'hubspot', projectId: b.projectId },
  });
  t.throws(() =>
    new Webhook(`whsec_${Buffer.from('another-secret-entirely-32bytes!').toString('base64')}`).verify(call.body, call.headers),
  );

  // Refused: FAILED with the verifier's answer, no tokens kept.
  verifier.state.status = 403;
  const refused = await startLink(b, authConfigId, 'mallory');
  const page = await b.app.inject({
    method: 'GET',
    url: refused.callbackPath,
    headers: { cookie: `${refused.cookie!.name}=${refused.cookie!.value}` },
  });
  t.equal(page.statusCode, 400);
  t.match(await statusOf(refused.connectionId), {
    status: 'FAILED',
    statusReason: /verifier did not confirm this connection \(HTTP 403: \{"error":"unknown end user"\}\)/,
  });
  t.equal(await b.app.services.vault.get({ ownerType: 'connection', ownerId: refused.connectionId, name: 'oauth_tokens' }), undefined);

  // Connections made through the API are the application's own: never sent to the verifier.
  const before = verifier.received.length;
  await b.connectOAuth('hubspot', 'frank', { authConfigId });
  t.equal(verifier.received.length, before);

  // A credential link: refused before anything is stored, the page says so, the state says why.
  const acme = (await b.api('POST', 'auth_configs', { slug: 'acme', authMethodId: 'acme_api_key' })).json().authConfigId as string;
  const link = (await b.api('POST', 'connect-links', { authConfigId: acme, entityId: 'gina' })).json() as {
    url: string;
    connectionId: string;
  };
  const form = await b.app.inject({ method: 'POST', url: new URL(link.url).pathname, headers: FORM, payload: 'api_key=acme-key-123456' });
  t.equal(form.statusCode, 403);
  t.match(form.body, /did not confirm this connection/);
  t.match(await statusOf(link.connectionId), { status: 'FAILED', statusReason: /HTTP 403/ });
  t.equal(await b.app.services.vault.get({ ownerType: 'connection', ownerId: link.connectionId, name: 'credentials' }), undefined);
  t.match(JSON.parse(verifier.received.at(-1)!.body), { data: { connectionId: link.connectionId, entityId: 'gina', toolkitSlug: 'acme' } });

  // Removed: links work without asking.
  t.equal((await setVerifier(b, null)).connectionVerifierUrl, null);
  const free = await startLink(b, authConfigId, 'hank');
  t.equal(
    (await b.app.inject({ method: 'GET', url: free.callbackPath, headers: { cookie: `${free.cookie!.name}=${free.cookie!.value}` } }))
      .statusCode,
    200,
  );
  t.equal((await statusOf(free.connectionId)).status, 'ACTIVE');
});

t.test('the verifier URL is checked', async (t) => {
  const { b } = await hubspotBroker(t);
  await t.rejects(setVerifier(b, 'not a url'), {
    status: 400,
    message: /connectionVerifierUrl "not a url" is not an absolute http\(s\) URL/,
  });
  await t.rejects(setVerifier(b, 'ftp://example.com/x'), { message: /not an absolute http/ });
});
