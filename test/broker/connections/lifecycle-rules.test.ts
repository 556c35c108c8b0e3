/**
 * The connection state machine as docs/guides/connections.md states it: revoke is a no-op without
 * provider revocation (400 when strict) and only leaves ACTIVE or EXPIRED; a token endpoint that
 * does not answer is 408 (other transient failures 500) and leaves the connection ACTIVE; an
 * abandoned OAuth attempt reads FAILED once its state lifetime has passed.
 */
import { createServer } from 'node:http';
import t from 'tap';
import { listeningBroker } from '../compat/helpers.js';
import { brokerWithSandboxes, EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { buildTestApp } from '../../helpers/app.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { manualClock } from '../../helpers/clock.js';
import { STATE_TTL_MS } from '../../../src/connections/oauth-state.js';
import { Connection } from '../../../src/db/entities/index.js';

const CONTACTS = '/crm/v3/objects/contacts';

t.test('revoke without provider revocation (Bitly, API key) is a no-op; strict is a 400 naming the reason', async (t) => {
  const b = await listeningBroker(t);
  const bl = await b.connectOAuth('bitly');
  const lenient = await b.api('POST', `connectors/connections/${bl}/revoke`, {});
  t.equal(lenient.statusCode, 200, lenient.body);
  t.same(lenient.json(), { status: 'ACTIVE', revokedTokens: [] });
  t.equal((await b.api('GET', `connectors/connections/${bl}`)).json().status, 'ACTIVE');
  t.ok(await b.app.services.vault.has({ ownerType: 'connection', ownerId: bl, name: 'oauth_tokens' }), 'token kept');
  const strict = await b.api('POST', `connectors/connections/${bl}/revoke`, { strict: true });
  t.equal(strict.statusCode, 400);
  t.match(strict.json().message, /bitly has no token revocation endpoint/);

  const acme = (
    await b.api('POST', 'connectors/acme/connect', { entityId: 'u', authMethodId: 'acme_api_key', credentials: { api_key: 'k-1' } })
  ).json().connectionId as string;
  t.same((await b.api('POST', `connectors/connections/${acme}/revoke`)).json(), { status: 'ACTIVE', revokedTokens: [] });
  t.ok(await b.app.services.vault.has({ ownerType: 'connection', ownerId: acme, name: 'credentials' }), 'credentials kept');
  const strictAcme = await b.api('POST', `connectors/connections/${acme}/revoke`, { strict: true });
  t.equal(strictAcme.statusCode, 400);
  t.match(strictAcme.json().message, /acme \(api_key\) credentials cannot be revoked at the provider; delete the connection/);

  // The compat mount answers the same (non-strict), and revoke_on_delete still deletes.
  const compat = await b.compat('POST', `/connected_accounts/${bl}/revoke`, {});
  t.equal(compat.statusCode, 200, compat.body);
  t.match(compat.json(), { revoked_tokens: [], connected_account: { id: bl, status: 'ACTIVE' } });
  t.equal((await b.compat('DELETE', `/connected_accounts/${bl}?revoke_on_delete=true`)).statusCode, 200);
  t.equal((await b.api('GET', `connectors/connections/${bl}`)).statusCode, 404);
  t.equal(await b.app.services.vault.has({ ownerType: 'connection', ownerId: bl, name: 'oauth_tokens' }), false, 'delete forgets');
});

t.test('revoke leaves ACTIVE or EXPIRED only; any other status is a 400 naming it', async (t) => {
  const b = await listeningBroker(t);
  const initiated = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'i' })).json() as {
    connectionId: string;
    redirectUrl: string;
  };
  const pending = (await b.api('POST', 'connectors/acme/initiate', { entityId: 'p', authMethodId: 'acme_api_key' })).json()
    .connectionId as string;
  const failedInit = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'f' })).json() as {
    connectionId: string;
    redirectUrl: string;
  };
  await b.consent(failedInit.redirectUrl, 'no');
  const revoked = await b.connectOAuth('hubspot', 'r');
  t.equal((await b.api('POST', `connectors/connections/${revoked}/revoke`)).json().status, 'REVOKED');

  for (const [id, status] of [
    [initiated.connectionId, 'INITIATED'],
    [pending, 'PENDING'],
    [failedInit.connectionId, 'FAILED'],
    [revoked, 'REVOKED'],
  ] as const) {
    for (const body of [{}, { strict: true }]) {
      const res = await b.api('POST', `connectors/connections/${id}/revoke`, body);
      t.equal(res.statusCode, 400, `${status} ${JSON.stringify(body)}`);
      t.match(res.json().message, new RegExp(`Connection ${id} is ${status}; only ACTIVE or EXPIRED connections can be revoked`));
    }
    t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, status, `${status} unchanged`);
  }
  t.equal((await b.compat('POST', `/connected_accounts/${pending}/revoke`, {})).statusCode, 400, 'compat refuses the same');
  // Deleting is always possible, with or without revoke_on_delete.
  t.equal((await b.compat('DELETE', `/connected_accounts/${initiated.connectionId}?revoke_on_delete=true`)).statusCode, 200);
  t.equal((await b.compat('DELETE', `/connected_accounts/${revoked}?revoke_on_delete=true`)).statusCode, 200);

  const expired = await b.connectOAuth('hubspot', 'e');
  b.hubspot.control.tokenEndpoint('invalid_grant');
  t.same((await b.api('POST', `connectors/connections/${expired}/refresh`)).json(), { status: 'EXPIRED', needsRedirect: true });
  b.hubspot.control.tokenEndpoint('ok');
  const fromExpired = await b.api('POST', `connectors/connections/${expired}/revoke`);
  t.same(fromExpired.json(), { status: 'REVOKED', revokedTokens: ['access_token', 'refresh_token'] }, 'EXPIRED -> REVOKED');
});

t.test('a token endpoint that does not answer is 408 on refresh, execute and proxy; the connection stays ACTIVE', async (t) => {
  const clock = manualClock();
  const b = await brokerWithSandboxes(t, { clock, accessTokenTtlSeconds: 2, env: { PROVIDER_TIMEOUT_MS: '300' } });
  const id = await b.connectOAuth('hubspot');
  const status = async () => (await b.api('GET', `connectors/connections/${id}`)).json().status as string;
  b.hubspot.control.tokenEndpoint('stall');

  const refresh = await b.api('POST', `connectors/connections/${id}/refresh`, {});
  t.equal(refresh.statusCode, 408, refresh.body);
  t.match(refresh.json(), { defined: true, code: 'TIMEOUT', message: /did not answer within 300 ms.*unchanged; retry/ });
  t.equal(await status(), 'ACTIVE');

  clock.advance(1200); // inside the refresh margin: every call refreshes first
  const execute = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.equal(execute.statusCode, 408, execute.body);
  t.match(execute.json(), { code: 'TIMEOUT', message: /retry/ });
  const proxy = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' });
  t.equal(proxy.statusCode, 408, proxy.body);
  t.match(proxy.json(), { code: 'TIMEOUT' });
  t.equal(await status(), 'ACTIVE', 'a timeout is not a refusal');

  // Other transient failures (a 500 from the token endpoint) are 500, retryable, connection kept.
  b.hubspot.control.tokenEndpoint('fail');
  for (const res of [
    await b.api('POST', `connectors/connections/${id}/refresh`),
    await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} }),
    await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' }),
  ]) {
    t.equal(res.statusCode, 500, res.body);
    t.match(res.json().message, /Token refresh failed at the provider: .*\(HTTP 500\); the connection is unchanged; retry/);
  }
  t.equal(await status(), 'ACTIVE');

  // Only a refused refresh token means re-authorization.
  b.hubspot.control.tokenEndpoint('invalid_grant');
  const refused = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.equal(refused.statusCode, 400);
  t.match(refused.json().message, /needs re-authorization/);
  t.equal(await status(), 'EXPIRED');
  t.same((await b.api('POST', `connectors/connections/${id}/refresh`)).json(), { status: 'EXPIRED', needsRedirect: true });
});

t.test('after a provider 401, a refresh that times out is 408 too', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { PROVIDER_TIMEOUT_MS: '300' } });
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.tokenEndpoint('stall');
  b.hubspot.control.failNext(401);
  const proxy = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' });
  t.equal(proxy.statusCode, 408, proxy.body);
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE');
});

t.test('a revocation endpoint that does not answer: strict revoke is 408 and changes nothing', async (t) => {
  const b = await brokerWithSandboxes(t);
  const id = await b.connectOAuth('hubspot');
  // A revocation endpoint that never answers, configured as an operator would (same database).
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    silent.closeAllConnections();
    silent.close();
  });
  const { port } = silent.address() as { port: number };
  const hubspot = {
    apiBaseUrl: b.hubspot.apiBaseUrl,
    oauth: { ...b.hubspot.oauth, revocationUrl: `http://127.0.0.1:${port}/revoke/{token}` },
  };
  const second = await buildTestApp(t, {
    db: b.db,
    env: { ...sandboxBrokerEnv(hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG, PROVIDER_TIMEOUT_MS: '300' },
  });
  const revoke = (body: unknown) =>
    second.app.inject({
      method: 'POST',
      url: `/api/v1/connectors/connections/${id}/revoke`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const strict = await revoke({ strict: true });
  t.equal(strict.statusCode, 408, strict.body);
  t.match(strict.json(), {
    code: 'TIMEOUT',
    message: /did not confirm the revocation: .*did not answer within 300 ms; nothing was changed/,
  });
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE');
  t.ok(await b.app.services.vault.has({ ownerType: 'connection', ownerId: id, name: 'oauth_tokens' }), 'tokens kept');
});

t.test(
  'an abandoned OAuth attempt reads FAILED after its state lifetime; the sweep marks others; a late callback is refused',
  async (t) => {
    const clock = manualClock();
    const b = await brokerWithSandboxes(t, { clock });
    const initiate = async (entityId: string) =>
      (await b.api('POST', 'connectors/hubspot/initiate', { entityId })).json() as { connectionId: string; redirectUrl: string };
    const read = async (id: string) => (await b.api('GET', `connectors/connections/${id}`)).json();
    const stored = async (id: string) => (await b.app.orm.em.fork().findOneOrFail(Connection, { id })).status;
    const a = await initiate('a');
    const swept = await initiate('s');

    clock.advance(STATE_TTL_MS - 1000);
    t.equal((await read(a.connectionId)).status, 'INITIATED', 'still waiting inside the lifetime');
    const late = await initiate('late'); // initiated later: its lifetime runs on
    clock.advance(2000);

    const got = await read(a.connectionId);
    t.equal(got.status, 'FAILED', 'expired on read');
    t.match(got.statusReason, /authorization link expired before the user finished; initiate a new connection/);
    t.equal(await stored(a.connectionId), 'FAILED', 'and stored');
    t.equal(await stored(swept.connectionId), 'INITIATED', 'not read yet');

    t.equal(await b.app.services.connections.failAbandoned(), 1, 'the sweep marks the other expired attempt');
    t.equal(await stored(swept.connectionId), 'FAILED');
    t.equal(await stored(late.connectionId), 'INITIATED', 'a live attempt is left alone');
    t.equal(await b.app.services.connections.failAbandoned(), 0, 'nothing left');

    const third = await initiate('l');
    clock.advance(STATE_TTL_MS + 1);
    const listed = (await b.api('GET', 'connectors/connections?status=INITIATED')).json();
    t.same(listed, { items: [], total: 0 }, 'the list expires what it reads before filtering');
    const all = (await b.api('GET', 'connectors/connections?entityId=l')).json();
    t.match(all.items, [{ id: third.connectionId, status: 'FAILED' }]);
    const compat = (
      await b.app.inject({ url: `/compat/api/v3.1/connected_accounts/${late.connectionId}`, headers: { 'x-api-key': b.key } })
    ).json();
    t.equal(compat.status, 'FAILED', 'the compat read too');

    const { res } = await b.consent(a.redirectUrl);
    t.equal(res.statusCode, 400, 'the late callback is refused');
    t.match(res.body, /This connection attempt already ended: The authorization link expired/);
    const after = await read(a.connectionId);
    t.equal(after.status, 'FAILED', 'and does not revive the connection');
    t.equal(await b.app.services.vault.has({ ownerType: 'connection', ownerId: a.connectionId, name: 'oauth_tokens' }), false);
  },
);
