/**
 * Connection events (issue 28): every transition of the lifecycle records exactly one event, in
 * the transaction of the change, with the connection as getConnection returns it and no secret;
 * a refresh that keeps failing is told once, and the success after it once.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import type { IEvent } from '../../../src/db/entities/index.js';

const shared = sharedBrokerWithSandboxes(t);
const CONTACTS = '/crm/v3/objects/contacts';

/** The tenant's events, oldest first, as [type, connection id]. */
async function events(b: Tenant): Promise<IEvent[]> {
  const rows = await b.app.services.eventRepos.events.list(b.projectId, { limit: 100 });
  return rows.reverse();
}
const summary = (rows: IEvent[]) => rows.map((e) => [e.type, e.data.id]);

/** Nothing secret in an event: no token the broker holds for the connection, no credential field. */
function assertNoSecrets(t: { notMatch(found: string, pattern: RegExp, message: string): void }, rows: IEvent[]): void {
  const text = JSON.stringify(rows);
  t.notMatch(text, /"access_token"|"refresh_token"|k-secret/, 'no token or credential in the events');
}

t.test(
  'OAuth: created on the callback; refresh failures told once, then recovered; refused refresh expires; revoked; deleted',
  async (t) => {
    const b = await shared.tenant();
    const id = await b.connectOAuth('hubspot');
    let rows = await events(b);
    t.same(summary(rows), [['connection.created', id]], 'one created event');
    const view = (await b.api('GET', `connectors/connections/${id}`)).json();
    t.same(rows[0]!.data, view, 'data is the connection as getConnection returns it');
    t.equal(rows[0]!.subjectId, id);

    t.teardown(() => b.hubspot.control.tokenEndpoint('ok'));
    b.hubspot.control.tokenEndpoint('fail');
    t.equal((await b.api('POST', `connectors/connections/${id}/refresh`)).statusCode, 500);
    t.equal((await b.api('POST', `connectors/connections/${id}/refresh`)).statusCode, 500);
    rows = await events(b);
    t.same(summary(rows).slice(1), [['connection.refresh_failed', id]], 'two failures in a row: told once');
    t.equal(rows[1]!.data.status, 'ACTIVE', 'the connection is unchanged');

    b.hubspot.control.tokenEndpoint('ok');
    t.equal((await b.api('POST', `connectors/connections/${id}/refresh`)).statusCode, 200);
    t.equal((await b.api('POST', `connectors/connections/${id}/refresh`)).statusCode, 200);
    rows = await events(b);
    t.same(summary(rows).slice(2), [['connection.recovered', id]], 'recovered once; a routine refresh is no event');

    b.hubspot.control.tokenEndpoint('invalid_grant');
    t.same((await b.api('POST', `connectors/connections/${id}/refresh`, {})).json(), { status: 'EXPIRED', needsRedirect: true });
    t.same((await b.api('POST', `connectors/connections/${id}/refresh`, {})).json(), { status: 'EXPIRED', needsRedirect: true });
    rows = await events(b);
    t.same(summary(rows).slice(3), [['connection.expired', id]], 'expired once');
    t.equal(rows[3]!.data.status, 'EXPIRED');
    t.match(rows[3]!.data.statusReason, /refused the refresh token/);

    b.hubspot.control.tokenEndpoint('ok');
    t.same((await b.api('POST', `connectors/connections/${id}/refresh`, {})).json(), { status: 'ACTIVE', needsRedirect: false });
    t.same(summary(await events(b)).slice(4), [['connection.recovered', id]], 'EXPIRED -> ACTIVE: recovered');

    t.equal((await b.api('POST', `connectors/connections/${id}/revoke`)).statusCode, 200);
    t.equal((await b.api('POST', `connectors/connections/${id}/revoke`)).statusCode, 400, 'a REVOKED connection is not revoked again');
    rows = await events(b);
    t.same(summary(rows).slice(5), [['connection.revoked', id]]);
    t.equal(rows[5]!.data.status, 'REVOKED');

    t.equal((await b.api('DELETE', `connectors/connections/${id}`)).statusCode, 200);
    rows = await events(b);
    t.same(summary(rows).slice(6), [['connection.deleted', id]]);
    t.equal(rows[6]!.data.status, 'REVOKED', 'the connection as it was when deleted');
    assertNoSecrets(t, rows);
  },
);

t.test('a second 401 after a refresh (tools, proxy) expires the connection with one event; re-authorizing recovers it', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.failNext(401, 2);
  await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' });
  t.same(summary(await events(b)), [
    ['connection.created', id],
    ['connection.expired', id],
  ]);

  const again = await b.app.services.connections.reauthorize(b.projectId, id);
  t.equal((await b.consent(again.redirectUrl)).res.statusCode, 200);
  const rows = await events(b);
  t.same(summary(rows).slice(2), [['connection.recovered', id]], 'a connection that had worked comes back: recovered, not created');
  t.equal(rows[2]!.data.status, 'ACTIVE');
});

t.test(
  'credentials: connect and a pending connection completed are created; new credentials after a failure recover; auth config deletion deletes each',
  async (t) => {
    const b = await shared.tenant();
    const direct = (
      await b.api('POST', 'connectors/acme/connect', {
        entityId: 'u1',
        authMethodId: 'acme_api_key',
        credentials: { api_key: 'k-secret-1' },
      })
    ).json().connectionId as string;
    const init = await b.api('POST', 'connectors/acme/initiate', { entityId: 'u2', authMethodId: 'acme_api_key' });
    t.equal(init.statusCode, 200, init.body);
    const pending = init.json().connectionId as string;
    t.same(summary(await events(b)), [['connection.created', direct]], 'PENDING is no event');
    const completed = await b.api('POST', 'connectors/acme/connect', {
      entityId: 'u2',
      connectionId: pending,
      credentials: { api_key: 'k-secret-2' },
    });
    t.equal(completed.statusCode, 200, completed.body);
    let rows = await events(b);
    t.same(summary(rows).slice(1), [['connection.created', pending]]);
    t.same(rows[1]!.data, (await b.api('GET', `connectors/connections/${pending}`)).json());

    // New credentials on an ACTIVE connection: no transition, no event.
    await b.app.services.connections.replaceCredentials(b.projectId, direct, { api_key: 'k-secret-3' });
    t.equal((await events(b)).length, 2);
    await b.app.services.connections.setStatus(direct, 'EXPIRED', 'the provider rejected the key');
    await b.app.services.connections.replaceCredentials(b.projectId, direct, { api_key: 'k-secret-4' });
    rows = await events(b);
    t.same(summary(rows).slice(2), [['connection.recovered', direct]]);

    const authConfigId = rows[0]!.data.authConfigId as string;
    t.equal((await b.api('DELETE', `auth_configs/${authConfigId}`)).statusCode, 200);
    rows = await events(b);
    t.same(
      rows
        .slice(3)
        .map((e) => [e.type, e.data.id])
        .sort(),
      [
        ['connection.deleted', direct],
        ['connection.deleted', pending],
      ].sort(),
      'each connection deleted with its auth config',
    );
    assertNoSecrets(t, rows);
  },
);

t.test('a change that does not happen records nothing: a refused strict revoke, a lenient no-op revoke, a second delete', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('bitly');
  t.equal((await b.api('POST', `connectors/connections/${id}/revoke`, { strict: true })).statusCode, 400);
  t.equal((await b.api('POST', `connectors/connections/${id}/revoke`)).statusCode, 200, 'lenient: a no-op');
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE');
  t.equal((await b.api('DELETE', `connectors/connections/${id}`)).statusCode, 200);
  t.equal((await b.api('DELETE', `connectors/connections/${id}`)).statusCode, 404);
  t.same(summary(await events(b)), [
    ['connection.created', id],
    ['connection.deleted', id],
  ]);
});

t.test('another tenant sees none of these events', async (t) => {
  const a = await shared.tenant();
  await a.connectOAuth('hubspot');
  const b = await shared.tenant();
  t.same(await events(b), []);
  t.equal((await events(a)).length, 1);
});
