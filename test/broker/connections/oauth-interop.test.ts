/**
 * The broker's OAuth client against an independent authorization server: oauth2-mock-server (codes,
 * PKCE S256 checks, JWT access tokens, refresh, an RFC 7009 revocation endpoint) on loopback, behind
 * a small recording proxy that also plays the server's client registry (client authentication as
 * registered, RFC 6749 2.3.1), since the mock accepts any client and does not parse revocation
 * bodies. Toolkit `interop` (test/fixtures/catalog-interop) has one method per client-auth mode.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { buildTestApp, createProjectWithKey, type TestContext } from '../../helpers/app.js';
import { s256Challenge } from '../../../src/connections/pkce.js';

const INTEROP_CATALOG = fileURLToPath(new URL('../../fixtures/catalog-interop', import.meta.url));

/** Clients registered at the server, one per auth method; ids and secrets need form-escaping in Basic. */
const CLIENTS = {
  interop_basic: { clientId: 'interop app/basic', clientSecret: 'basic secret: 9f+2&=é%', auth: 'basic' },
  interop_body: { clientId: 'interop-body-app', clientSecret: 'body-secret-5d1e', auth: 'body' },
} as const;
type MethodId = keyof typeof CLIENTS;

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
  status: number;
}

const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

/** How a token or revocation request authenticated its client (RFC 6749 2.3.1). */
function clientAuthOf(r: Pick<Recorded, 'headers' | 'form'>) {
  const header = r.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return { via: 'basic', clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  }
  if (r.form.has('client_id')) return { via: 'body', clientId: r.form.get('client_id'), clientSecret: r.form.get('client_secret') };
  return undefined;
}

/** Refuses a request whose client authentication differs from the registration, as a strict server does. */
function clientRefusal(r: Pick<Recorded, 'headers' | 'form'>): string | undefined {
  const auth = clientAuthOf(r);
  if (r.headers.authorization && r.form.has('client_secret')) return 'more than one client authentication method';
  const client = Object.values(CLIENTS).find((c) => c.clientId === auth?.clientId);
  if (!auth || !client || client.clientSecret !== auth.clientSecret) return 'unknown client or wrong secret';
  if (client.auth !== auth.via) return `client is registered for ${client.auth} authentication`;
  return undefined;
}

async function startInteropServer(t: TestContext) {
  const mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  t.teardown(() => mock.stop());
  const mockUrl = `http://127.0.0.1:${mock.address().port}`;

  // The mock grants scope "dummy"; grant what the user was asked for, and keep it across refreshes.
  const grantedScope = new Map<string, string>();
  mock.service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const scope = new URL(req.url ?? '/', mockUrl).searchParams.get('scope');
    grantedScope.set(redirect.url.searchParams.get('code') ?? '', scope ?? '');
  });
  // Refresh token rotation: each refresh token is good for one refresh grant.
  const issued: { grant: string; access_token: string; refresh_token: string }[] = [];
  mock.service.on('beforeResponse', (res: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = req.body as unknown as Record<string, string>;
    const presented = body.grant_type === 'refresh_token' ? (body.refresh_token ?? '') : (body.code ?? '');
    const scope = grantedScope.get(presented);
    if (scope === undefined || !grantedScope.delete(presented)) {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant', error_description: 'code or refresh token unknown or already used' };
      return;
    }
    if (res.statusCode === 200 && res.body) {
      const tokens = res.body as { access_token: string; refresh_token: string; scope: string };
      tokens.scope = scope;
      grantedScope.set(tokens.refresh_token, scope);
      issued.push({ grant: body.grant_type, access_token: tokens.access_token, refresh_token: tokens.refresh_token });
    }
  });
  let revocationsAnswered = 0;
  mock.service.on('beforeRevoke', () => revocationsAnswered++);
  // The resource: userinfo only for the newest access token.
  mock.service.on('beforeUserinfo', (res: MutableResponse, req: TokenRequestIncomingMessage) => {
    if (req.headers.authorization !== `Bearer ${issued.at(-1)?.access_token}`) {
      res.statusCode = 401;
      res.body = { error: 'invalid_token' };
    }
  });

  const requests: Recorded[] = [];
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', mockUrl);
      const rec: Recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '') ? raw.toString('utf8') : ''),
        status: 0,
      };
      requests.push(rec);
      const refusal = ['/token', '/revoke'].includes(rec.path) ? clientRefusal(rec) : undefined;
      if (refusal) {
        rec.status = 401;
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="interop"' });
        res.end(JSON.stringify({ error: 'invalid_client', error_description: refusal }));
        return;
      }
      const forward: Record<string, string> = {};
      for (const h of ['content-type', 'authorization', 'accept'])
        if (typeof req.headers[h] === 'string') forward[h] = req.headers[h] as string;
      fetch(url, { method: rec.method, headers: forward, redirect: 'manual', ...(raw.length ? { body: raw } : {}) })
        .then(async (upstream) => {
          rec.status = upstream.status;
          const headers: Record<string, string> = {};
          for (const h of ['content-type', 'location']) if (upstream.headers.has(h)) headers[h] = upstream.headers.get(h)!;
          res.writeHead(upstream.status, headers);
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const find = (path: string) => requests.filter((r) => r.path === path);
  return { url, issued, find, revocationsAnswered: () => revocationsAnswered };
}

async function interopBroker(t: TestContext) {
  const idp = await startInteropServer(t);
  const overrides = {
    interop: {
      baseUrl: idp.url,
      oauth2: { authorizeUrl: `${idp.url}/authorize`, tokenUrl: `${idp.url}/token`, revocationUrl: `${idp.url}/revoke` },
    },
  };
  const broker = await buildTestApp(t, { env: { CATALOG_PATHS: INTEROP_CATALOG, TOOLKIT_OVERRIDES: JSON.stringify(overrides) } });
  const { key } = await createProjectWithKey(broker.app);
  const api = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    broker.app.inject({
      method,
      url: `/api/v1/${path}`,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const authConfigIds = {} as Record<MethodId, string>;
  for (const methodId of Object.keys(CLIENTS) as MethodId[]) {
    const { clientId, clientSecret } = CLIENTS[methodId];
    const created = await api('POST', 'auth_configs', {
      slug: 'interop',
      authMethodId: methodId,
      isManaged: false,
      clientId,
      clientSecret,
    });
    if (created.statusCode !== 200) throw new Error(`auth config: ${created.body}`);
    authConfigIds[methodId] = (created.json() as { authConfigId: string }).authConfigId;
  }

  /** Initiate, then play the browser at the server's authorize endpoint: the redirect to the broker. */
  async function authorize(methodId: MethodId) {
    const init = await api('POST', 'connectors/interop/initiate', { entityId: 'u1', authConfigId: authConfigIds[methodId] });
    if (init.statusCode !== 200) throw new Error(`initiate: ${init.body}`);
    const { connectionId, redirectUrl } = init.json() as { connectionId: string; redirectUrl: string };
    const answer = await fetch(redirectUrl, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location') ?? 'http://missing');
    return { connectionId, redirectUrl: new URL(redirectUrl), callback };
  }
  const callback = (url: URL) => broker.app.inject({ method: 'GET', url: url.pathname + url.search });

  async function connect(methodId: MethodId) {
    const { connectionId, callback: url } = await authorize(methodId);
    const res = await callback(url);
    if (res.statusCode !== 200) throw new Error(`callback: ${res.body}`);
    return connectionId;
  }
  return { ...broker, idp, api, authorize, callback, connect };
}

t.test('authorization code + PKCE (S256): the server saw the challenge, the token request the verifier; state is checked', async (t) => {
  const b = await interopBroker(t);
  const { connectionId, redirectUrl, callback } = await b.authorize('interop_basic');
  const sentState = redirectUrl.searchParams.get('state')!;
  t.equal(callback.pathname, '/api/v1/connectors/interop/callback', 'the server redirected to the broker callback');
  t.equal(callback.searchParams.get('state'), sentState, 'the server returned the broker state unchanged');
  t.ok(callback.searchParams.get('code'), 'with a code');

  const [authz] = b.idp.find('/authorize');
  t.equal(authz!.query.get('client_id'), CLIENTS.interop_basic.clientId);
  t.equal(authz!.query.get('code_challenge_method'), 'S256');
  t.equal(authz!.query.get('scope'), 'openid profile');
  const challenge = authz!.query.get('code_challenge');
  t.match(challenge, /^[A-Za-z0-9_-]{43}$/, 'the server received an S256 code_challenge');

  // A tampered state is refused and leaves the connection waiting.
  const tampered = new URL(callback);
  tampered.searchParams.set('state', `${sentState.slice(0, -2)}${sentState.endsWith('AA') ? 'BB' : 'AA'}`);
  const refused = await b.callback(tampered);
  t.equal(refused.statusCode, 400);
  t.match(refused.body, /state/i);
  t.equal((await b.api('GET', `connectors/connections/${connectionId}`)).json().status, 'INITIATED');
  t.equal(b.idp.find('/token').length, 0, 'no code exchange for a tampered state');

  const done = await b.callback(callback);
  t.equal(done.statusCode, 200, done.body);
  t.match((await b.api('GET', `connectors/connections/${connectionId}`)).json(), { status: 'ACTIVE', statusReason: null });
  const [exchange] = b.idp.find('/token');
  t.equal(exchange!.status, 200, 'the server accepted the code exchange');
  t.equal(exchange!.form.get('grant_type'), 'authorization_code');
  t.equal(exchange!.form.get('code'), callback.searchParams.get('code'));
  t.equal(exchange!.form.get('redirect_uri'), 'http://127.0.0.1:3000/api/v1/connectors/interop/callback');
  const verifier = exchange!.form.get('code_verifier');
  t.ok(verifier, 'the token request carried code_verifier');
  t.equal(s256Challenge(verifier!), challenge, 'S256(code_verifier) is the challenge the server saw');
  t.match(clientAuthOf(exchange!), { via: 'basic', clientId: CLIENTS.interop_basic.clientId });
  t.notOk(exchange!.form.has('client_secret'), 'no secret in the body with Basic');

  const replay = await b.callback(callback);
  t.equal(replay.statusCode, 400, 'a used state is refused');
  t.equal(b.idp.find('/token').length, 1);
});

t.test('refresh with rotation: the broker stores the new refresh token and presents it next time', async (t) => {
  const b = await interopBroker(t);
  const id = await b.connect('interop_body');
  t.equal(b.idp.issued.length, 1);
  for (let i = 1; i <= 2; i++) {
    const res = await b.api('POST', `connectors/connections/${id}/refresh`, { strict: true });
    t.equal(res.statusCode, 200, res.body);
    t.same(res.json(), { status: 'ACTIVE', needsRedirect: false });
    const grant = b.idp.find('/token').at(-1)!;
    t.equal(grant.status, 200, `refresh ${i} accepted: the token presented was the live one`);
    t.equal(grant.form.get('grant_type'), 'refresh_token');
    t.equal(grant.form.get('refresh_token'), b.idp.issued[i - 1]!.refresh_token, `refresh ${i} presented the newest refresh token`);
    t.match(clientAuthOf(grant), { via: 'body', clientId: CLIENTS.interop_body.clientId });
  }
  t.equal(new Set(b.idp.issued.map((x) => x.refresh_token)).size, 3, 'the server rotated the refresh token each time');
  const exec = await b.api('POST', 'tools/INTEROP_GET_USERINFO/execute', { connectedAccountId: id, arguments: {} });
  t.match(exec.json(), { successful: true, data: { sub: 'johndoe' } });
  t.equal(b.idp.find('/userinfo').at(-1)!.headers.authorization, `Bearer ${b.idp.issued.at(-1)!.access_token}`, 'newest access token used');
});

t.test('RFC 7009 revocation with clientAuth "basic": HTTP Basic, token + token_type_hint', async (t) => {
  const b = await interopBroker(t);
  const id = await b.connect('interop_basic');
  await b.api('POST', `connectors/connections/${id}/refresh`, { strict: true });
  const res = await b.api('POST', `connectors/connections/${id}/revoke`, { strict: true });
  t.equal(res.statusCode, 200, res.body);
  t.match(res.json(), { status: 'REVOKED' });
  const [revoke] = b.idp.find('/revoke');
  t.equal(revoke!.status, 200, 'the server accepted the client authentication');
  t.equal(revoke!.method, 'POST');
  t.match(revoke!.headers['content-type'], /application\/x-www-form-urlencoded/);
  const { clientId, clientSecret } = CLIENTS.interop_basic;
  t.same(clientAuthOf(revoke!), { via: 'basic', clientId, clientSecret }, 'HTTP Basic with the form-escaped id and secret');
  t.same([...revoke!.form.keys()].sort(), ['token', 'token_type_hint'], 'no client credentials in the body');
  t.equal(revoke!.form.get('token'), b.idp.issued.at(-1)!.refresh_token, 'the current refresh token');
  t.equal(revoke!.form.get('token_type_hint'), 'refresh_token');
  t.equal(b.idp.revocationsAnswered(), 1);
});

t.test('RFC 7009 revocation with clientAuth "body": client_id/client_secret in the form', async (t) => {
  const b = await interopBroker(t);
  const id = await b.connect('interop_body');
  const res = await b.api('POST', `connectors/connections/${id}/revoke`, { strict: true });
  t.equal(res.statusCode, 200, res.body);
  const [revoke] = b.idp.find('/revoke');
  t.equal(revoke!.status, 200);
  t.notOk(revoke!.headers.authorization, 'no Authorization header');
  t.same(Object.fromEntries(revoke!.form), {
    token: b.idp.issued.at(-1)!.access_token,
    token_type_hint: 'access_token',
    client_id: CLIENTS.interop_body.clientId,
    client_secret: CLIENTS.interop_body.clientSecret,
  });
  t.equal(b.idp.revocationsAnswered(), 1);
});
