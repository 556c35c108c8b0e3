/**
 * Reconnect in place through a hosted link (issue 32): POST /connect-links with `connectionId`
 * targets an EXPIRED, FAILED or REVOKED connection of the link's end user and auth config. Creating
 * and opening the link change nothing; the user's "continue" re-authorizes the same connection at
 * the provider (bound to that browser), or the form replaces its credentials after the provider's
 * verification. It comes back ACTIVE with the same id, told as `connection.recovered`, and the
 * trigger instances its expiry or revocation disabled resume. Other targets are refused.
 */
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brokerWithSandboxes, type BrokerWithSandboxes } from '../../helpers/sandboxes.js';
import { buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';
import { startWidgetsApi } from '../../helpers/widgets-api.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Link = { connectionId: string; url: string; expiresAt: string };

async function hubspot(t: TestContext) {
  const b = await brokerWithSandboxes(t);
  const authConfigId = (await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).json()
    .authConfigId as string;
  const conn = async (id: string) =>
    (await b.api('GET', `connectors/connections/${id}`)).json() as { status: string; statusReason: string };
  const events = async (id: string) =>
    (await b.app.services.eventRepos.events.list(b.projectId, { limit: 200 }))
      .filter((e) => e.subjectId === id)
      .reverse()
      .map((e) => e.type);
  const trigger = async (id: string) => {
    const { enabled, disabledBy, disabledReason } = (await b.api('GET', `trigger_instances/${id}`)).json();
    return { enabled, disabledBy, disabledReason };
  };
  const expire = async (id: string) => {
    b.hubspot.control.tokenEndpoint('invalid_grant');
    const res = (await b.api('POST', `connectors/connections/${id}/refresh`, {})).json();
    b.hubspot.control.tokenEndpoint('ok');
    if (res.status !== 'EXPIRED') throw new Error(`not expired: ${JSON.stringify(res)}`);
  };
  const link = async (body: Record<string, unknown>, key = b.key) => b.api('POST', 'connect-links', { authConfigId, ...body }, key);
  return { b, authConfigId, conn, events, trigger, expire, link };
}

/** The end user's browser: open the page, continue, consent at the sandbox with the cookie the page set. */
async function reconnectInBrowser(b: BrokerWithSandboxes, url: string, opts: { sameBrowser?: boolean } = {}) {
  const path = new URL(url).pathname;
  const page = await b.app.inject({ method: 'GET', url: path });
  const continued = await b.app.inject({ method: 'POST', url: path, headers: FORM, payload: '' });
  if (continued.statusCode !== 303) throw new Error(`continue: ${continued.statusCode} ${continued.body}`);
  const { res } = await b.consent(continued.headers.location as string, 'yes', opts.sameBrowser === false ? undefined : continued);
  return { page, continued, callback: res };
}

t.test('OAuth: the same connection comes back ACTIVE, recovered, its trigger resumed; REVOKED too', async (t) => {
  const { b, authConfigId, conn, events, trigger, expire, link } = await hubspot(t);
  const id = await b.connectOAuth('hubspot', 'alice', { authConfigId });
  const instance = (await b.api('POST', 'trigger_instances', { triggerSlug: 'HUBSPOT_CONTACT_CREATED', connectedAccountId: id })).json()
    .id as string;
  const tokensBefore = await b.app.services.vault.get<{ access_token: string }>({
    ownerType: 'connection',
    ownerId: id,
    name: 'oauth_tokens',
  });
  await expire(id);
  t.match(await trigger(instance), { enabled: false, disabledBy: 'system', disabledReason: 'connection_expired' });

  const res = await link({ entityId: 'alice', connectionId: id });
  t.equal(res.statusCode, 201, res.body);
  const made = res.json() as Link;
  t.equal(made.connectionId, id, 'the link names the same connection');
  t.equal((await conn(id)).status, 'EXPIRED', 'creating the link changes nothing');

  const { page, continued, callback } = await reconnectInBrowser(b, made.url);
  t.equal(page.statusCode, 200);
  t.match(page.body, /Reconnect your HubSpot account/);
  t.match(page.headers['content-security-policy'], /form-action 'self' http:\/\/127\.0\.0\.1:\d+/, 'the provider may receive the form');
  t.match(continued.cookies, [{ name: `connect_browser_${id}`, httpOnly: true, path: '/api/v1/connectors/hubspot/callback' }]);
  t.equal(callback.statusCode, 200, callback.body);
  t.match(await conn(id), { status: 'ACTIVE', statusReason: null });
  const tokensAfter = await b.app.services.vault.get<{ access_token: string }>({
    ownerType: 'connection',
    ownerId: id,
    name: 'oauth_tokens',
  });
  t.not(tokensAfter?.value.access_token, tokensBefore?.value.access_token, 'new tokens replaced the old ones');
  t.equal((await b.api('GET', 'connectors/connections?entityId=alice')).json().total, 1, 'still one connection for alice');
  t.same(await events(id), ['connection.created', 'connection.expired', 'connection.recovered']);
  t.same(await trigger(instance), { enabled: true, disabledBy: null, disabledReason: null }, 'the trigger instance resumed');
  const run = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: { limit: 1 } });
  t.match(run.json(), { successful: true });
  const reused = await b.app.inject({ method: 'GET', url: new URL(made.url).pathname });
  t.equal(reused.statusCode, 410);
  t.match(reused.body, /This account is connected/);

  // Revoked on purpose, then wanted back: the same way.
  t.equal((await b.api('POST', `connectors/connections/${id}/revoke`, {})).statusCode, 200);
  t.match(await trigger(instance), { enabled: false, disabledReason: 'connection_revoked' });
  const again = (await link({ entityId: 'alice', connectionId: id })).json() as Link;
  t.equal((await reconnectInBrowser(b, again.url)).callback.statusCode, 200);
  t.equal((await conn(id)).status, 'ACTIVE');
  t.same((await events(id)).slice(-2), ['connection.revoked', 'connection.recovered']);
  t.match(await trigger(instance), { enabled: true, disabledBy: null });
});

t.test('OAuth: bound to the browser that continued; a FAILED attempt can be reconnected; the newest link wins', async (t) => {
  const { b, authConfigId, conn, events, expire, link } = await hubspot(t);
  const id = await b.connectOAuth('hubspot', 'bob', { authConfigId });
  await expire(id);
  const older = (await link({ entityId: 'bob', connectionId: id })).json() as Link;
  const made = (await link({ entityId: 'bob', connectionId: id, callbackUrl: 'https://app.example/back' })).json() as Link;
  t.equal((await b.app.inject({ method: 'GET', url: new URL(older.url).pathname })).statusCode, 404, 'an earlier link no longer works');

  // The consent URL finished in another browser: refused, and the attempt is over (FAILED).
  const elsewhere = await reconnectInBrowser(b, made.url, { sameBrowser: false });
  t.equal(elsewhere.callback.statusCode, 400);
  t.match(elsewhere.callback.body, /different browser/);
  t.match(await conn(id), { status: 'FAILED', statusReason: /different browser/ });

  const retry = (await link({ entityId: 'bob', connectionId: id, callbackUrl: 'https://app.example/back' })).json() as Link;
  const done = await reconnectInBrowser(b, retry.url);
  t.equal(done.callback.statusCode, 302);
  t.equal(done.callback.headers.location, `https://app.example/back?status=success&connectionId=${id}`, "the link's callback URL");
  t.equal((await conn(id)).status, 'ACTIVE');
  t.same(await events(id), ['connection.created', 'connection.expired', 'connection.recovered'], 'a FAILED attempt is not an event');
});

t.test('OAuth: the project verifier confirms a reconnect before it is ACTIVE; refused, the attempt ends FAILED', async (t) => {
  const { b, authConfigId, conn, events, expire, link } = await hubspot(t);
  const verifier = { status: 403, received: [] as string[] };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      verifier.received.push(body);
      res.writeHead(verifier.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const project = (await b.app.services.tenancy.projects.find(b.projectId))!;
  await b.app.services.tenancy.projects.update(
    OPERATOR,
    { userId: 'operator', organizationId: b.organizationId, role: 'owner', project },
    { connectionVerifierUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify` },
  );
  const id = await b.connectOAuth('hubspot', 'gus', { authConfigId });
  await expire(id);

  const refused = await reconnectInBrowser(b, ((await link({ entityId: 'gus', connectionId: id })).json() as Link).url);
  t.equal(refused.callback.statusCode, 400);
  t.match(await conn(id), { status: 'FAILED', statusReason: /verifier did not confirm this connection \(HTTP 403/ });
  t.match(JSON.parse(verifier.received[0]!), { type: 'connection.verify', data: { connectionId: id, entityId: 'gus' } });

  verifier.status = 200;
  const confirmed = await reconnectInBrowser(b, ((await link({ entityId: 'gus', connectionId: id })).json() as Link).url);
  t.equal(confirmed.callback.statusCode, 200);
  t.equal((await conn(id)).status, 'ACTIVE');
  t.equal(verifier.received.length, 2);
  t.same(await events(id), ['connection.created', 'connection.expired', 'connection.recovered']);
});

t.test('refusals: not the link’s end user or auth config, not reconnectable, another project, agent sessions', async (t) => {
  const { b, authConfigId, conn, expire, link } = await hubspot(t);
  const carol = await b.connectOAuth('hubspot', 'carol', { authConfigId });
  const active = await link({ entityId: 'carol', connectionId: carol });
  t.equal(active.statusCode, 400);
  t.match(active.json(), {
    code: 'BAD_REQUEST',
    message: /is ACTIVE; only EXPIRED, FAILED, REVOKED connections are reconnected: it works/,
    data: { errors: [{ field: 'connectionId', message: 'is ACTIVE' }] },
  });
  await expire(carol);

  const otherUser = await link({ entityId: 'dan', connectionId: carol });
  t.equal(otherUser.statusCode, 400);
  t.match(otherUser.json().message, /belongs to end user carol, not dan/);
  const custom = (
    await b.api('POST', 'auth_configs', {
      slug: 'hubspot',
      authMethodId: 'hubspot_oauth2',
      isManaged: false,
      clientId: 'customer-own-hubspot-app',
      clientSecret: 'customer-hubspot-secret-4f8e21',
    })
  ).json().authConfigId as string;
  const otherConfig = await link({ authConfigId: custom, entityId: 'carol', connectionId: carol });
  t.equal(otherConfig.statusCode, 400);
  t.match(otherConfig.json().message, new RegExp(`uses auth config ${authConfigId}, not ${custom}`));

  const waiting = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'carol', authConfigId })).json().connectionId as string;
  const initiated = await link({ entityId: 'carol', connectionId: waiting });
  t.equal(initiated.statusCode, 400);
  t.match(initiated.json().message, /is INITIATED; .*an attempt is under way/);
  t.equal((await link({ entityId: 'carol', connectionId: 'ca_doesnotexist' })).statusCode, 404);

  const stranger = await createProjectWithKey(b.app, 'stranger');
  const theirs = await link({ entityId: 'carol', connectionId: carol }, stranger.key);
  t.equal(theirs.statusCode, 403, "another project's connection");
  t.match(theirs.json(), { code: 'FORBIDDEN' });

  await b.api('PATCH', `auth_configs/${authConfigId}`, { disabled: true });
  const disabled = await link({ entityId: 'carol', connectionId: carol });
  t.equal(disabled.statusCode, 400);
  t.match(disabled.json().message, /is disabled; enable it to reconnect/);
  await b.api('PATCH', `auth_configs/${authConfigId}`, { disabled: false });

  // An agent session for carol: her own connection only.
  const erin = await b.connectOAuth('hubspot', 'erin', { authConfigId });
  await expire(erin);
  const session = (await b.api('POST', 'agent_sessions', { entityId: 'carol' })).json().token as string;
  t.equal((await link({ entityId: 'carol', connectionId: carol }, session)).statusCode, 201, 'her own');
  const notHers = await link({ entityId: 'carol', connectionId: erin }, session);
  t.equal(notHers.statusCode, 403);
  t.match(notHers.json().message, /acts for end user carol only; connectionId names another/);
  t.equal((await link({ entityId: 'erin', connectionId: erin }, session)).statusCode, 403);

  t.equal((await conn(carol)).status, 'EXPIRED', 'no refusal changed the connection');
  t.equal((await b.api('GET', 'connectors/connections')).json().total, 3, 'and none made another (carol, her waiting attempt, erin)');
});

// ---------------------------------------------------------------- credentials

const GOOD_KEY = 'widgets-key-91b4c0e7d2';
const OLD_KEY = 'widgets-key-5a6f70c3e1';

/** A stand-in Widgets API (GET /me: 200 for a live key, 401 otherwise) and an application verifier answering `status`. */
async function widgets(t: TestContext) {
  const { url, live, verifier, env } = await startWidgetsApi(t, [GOOD_KEY, OLD_KEY]);
  const b = await buildTestApp(t, { env });
  const project = await createProjectWithKey(b.app);
  const api = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    b.app.inject({
      method,
      url: `/api/v1/${path}`,
      headers: { 'x-api-key': project.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const setVerifier = async (on: boolean) => {
    const found = (await b.app.services.tenancy.projects.find(project.projectId))!;
    await b.app.services.tenancy.projects.update(
      OPERATOR,
      { userId: 'operator', organizationId: project.organizationId, role: 'owner', project: found },
      { connectionVerifierUrl: on ? `${url}/verify` : null },
    );
  };
  return { ...b, ...project, live, verifier, api, setVerifier };
}

t.test('API key: the form replaces the credentials (verified by the provider), same id, recovered', async (t) => {
  const b = await widgets(t);
  const authConfigId = (await b.api('POST', 'auth_configs', { slug: 'widgets', authMethodId: 'widgets_api_key' })).json()
    .authConfigId as string;
  const id = (
    await b.api('POST', 'connectors/widgets/connect', { entityId: 'erin', authConfigId, credentials: { api_key: OLD_KEY } })
  ).json().connectionId as string;
  const run = () => b.api('POST', 'tools/WIDGETS_GET_ME/execute', { connectedAccountId: id, arguments: {} });
  b.live.delete(OLD_KEY); // revoked at the provider: the next call expires the connection
  await run();
  const status = async () => (await b.api('GET', `connectors/connections/${id}`)).json().status as string;
  t.equal(await status(), 'EXPIRED');
  const secret = async () =>
    (await b.app.services.vault.get<{ api_key: string }>({ ownerType: 'connection', ownerId: id, name: 'credentials' }))?.value.api_key;

  const made = (await b.api('POST', 'connect-links', { authConfigId, entityId: 'erin', connectionId: id })).json() as Link;
  t.equal(made.connectionId, id);
  const path = new URL(made.url).pathname;
  const page = await b.app.inject({ method: 'GET', url: path });
  t.equal(page.statusCode, 200);
  t.match(page.body, /Reconnect your Widgets Cloud account/);
  t.match(page.body, /name="api_key"/);

  // The provider refuses the key: shown on the form, nothing stored, the link still usable.
  const refused = await b.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'api_key=wrong-key-123' });
  t.equal(refused.statusCode, 400);
  t.match(refused.body, /What you entered was refused by Widgets Cloud \(HTTP 401: Invalid API key provided\)/);
  t.equal(await status(), 'EXPIRED');
  t.equal(await secret(), OLD_KEY);

  // The project's verifier does not confirm: nothing stored, the connection as it was.
  await b.setVerifier(true);
  b.verifier.status = 403;
  const unconfirmed = await b.app.inject({ method: 'POST', url: path, headers: FORM, payload: `api_key=${GOOD_KEY}` });
  t.equal(unconfirmed.statusCode, 403);
  t.match(unconfirmed.body, /did not confirm this connection, so it was not reconnected/);
  t.equal(b.verifier.calls, 1);
  t.equal(await status(), 'EXPIRED', 'a refused reconnect leaves it EXPIRED');
  t.equal(await secret(), OLD_KEY);
  t.equal((await b.app.inject({ method: 'GET', url: path })).statusCode, 410, 'that used the link');

  b.verifier.status = 200;
  const retry = (await b.api('POST', 'connect-links', { authConfigId, entityId: 'erin', connectionId: id })).json() as Link;
  const done = await b.app.inject({ method: 'POST', url: new URL(retry.url).pathname, headers: FORM, payload: `api_key=${GOOD_KEY}` });
  t.equal(done.statusCode, 200, done.body);
  t.match(done.body, /Your Widgets Cloud account is now connected again/);
  t.equal(await status(), 'ACTIVE');
  t.equal(await secret(), GOOD_KEY, 'the credentials were replaced');
  t.match((await run()).json(), { successful: true });
  t.equal((await b.api('GET', 'connectors/connections?entityId=erin')).json().total, 1);
  const events = (await b.app.services.eventRepos.events.list(b.projectId, { limit: 100 }))
    .filter((e) => e.subjectId === id)
    .reverse()
    .map((e) => e.type);
  t.same(events, ['connection.created', 'connection.expired', 'connection.recovered']);
});

t.test('API key: a connection the verifier refused at first (FAILED) reconnects as created, not recovered', async (t) => {
  const b = await widgets(t);
  const authConfigId = (await b.api('POST', 'auth_configs', { slug: 'widgets', authMethodId: 'widgets_api_key' })).json()
    .authConfigId as string;
  await b.setVerifier(true);
  b.verifier.status = 403;
  const first = (await b.api('POST', 'connect-links', { authConfigId, entityId: 'fay' })).json() as Link;
  await b.app.inject({ method: 'POST', url: new URL(first.url).pathname, headers: FORM, payload: `api_key=${GOOD_KEY}` });
  t.equal((await b.api('GET', `connectors/connections/${first.connectionId}`)).json().status, 'FAILED');

  b.verifier.status = 200;
  const again = (await b.api('POST', 'connect-links', { authConfigId, entityId: 'fay', connectionId: first.connectionId })).json() as Link;
  t.equal(again.connectionId, first.connectionId);
  const done = await b.app.inject({ method: 'POST', url: new URL(again.url).pathname, headers: FORM, payload: `api_key=${GOOD_KEY}` });
  t.equal(done.statusCode, 200, done.body);
  t.equal((await b.api('GET', `connectors/connections/${first.connectionId}`)).json().status, 'ACTIVE');
  const events = (await b.app.services.eventRepos.events.list(b.projectId, { limit: 100 }))
    .filter((e) => e.subjectId === first.connectionId)
    .map((e) => e.type);
  t.same(events, ['connection.created'], 'subscribers were never told it worked before');
});
