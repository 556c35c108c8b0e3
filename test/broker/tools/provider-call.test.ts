/**
 * The shared provider call (src/tools/provider-call.ts) as execute and proxy use it: the proxy's
 * refresh-and-retry on a provider 401, and the one answer when a toolkit lost the auth method a
 * connection or auth config was made with.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import { AuthConfig, Connection, ToolExecution } from '../../../src/db/entities/index.js';

// One broker for the file, a tenant per subtest (each reads only the sandbox requests sent since it began).
const shared = sharedBrokerWithSandboxes(t);

const refreshes = (b: Tenant) =>
  b.sent.hubspot.all().filter((r) => (r.body as Record<string, string> | undefined)?.grant_type === 'refresh_token').length;

const CONTACTS = '/crm/v3/objects/contacts';

t.test('proxy: a rejected access token gets one refresh and one retry that succeeds', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.expireAccessTokens();
  const before = b.sent.hubspot.api().length;
  const res = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' });
  t.equal(res.statusCode, 200, res.body);
  t.match(res.json(), { status: 200, data: { results: Array } });
  t.equal(refreshes(b), 1, 'one refresh');
  const sent = b.sent.hubspot.api().slice(before);
  t.equal(sent.length, 2, 'the rejected call and one retry');
  t.not(sent[1]!.bearer, sent[0]!.bearer, 'the retry carries the refreshed token');
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE');
  await b.app.services.recorder.flush();
  const rows = await b.app.orm.em.fork().find(ToolExecution, { connectionId: id });
  t.match(
    rows,
    [{ kind: 'proxy', toolSlug: null, toolkitSlug: 'hubspot', status: 200, successful: true }],
    'recorded once, as the retry answered',
  );
});

t.test('proxy: a second 401 after the refresh marks the connection EXPIRED', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.failNext(401, 2);
  const res = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' });
  t.equal(res.statusCode, 200, 'the provider answer is passed back');
  t.match(res.json(), { status: 401 });
  t.equal(refreshes(b), 1, 'refreshed once, retried once');
  const read = (await b.api('GET', `connectors/connections/${id}`)).json();
  t.equal(read.status, 'EXPIRED');
  t.match(read.statusReason, /rejected the token again after a refresh/);
  const after = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' });
  t.equal(after.statusCode, 400, 'an EXPIRED connection is refused before any call');
});

t.test('a toolkit that lost the auth method: execute, proxy and refresh give the same 400', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  await b.app.orm.em.fork().nativeUpdate(Connection, { id }, { authMethodId: 'hubspot_retired' });
  await b.app.services.cache.invalidate();
  const before = b.sent.hubspot.api().length;

  const answers = [
    await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} }),
    await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: CONTACTS, method: 'GET' }),
    await b.api('POST', `connectors/connections/${id}/refresh`, {}),
    await b.api('POST', `connectors/connections/${id}/refresh`, { strict: true }),
  ];
  const first = answers[0]!.json();
  t.match(first, {
    code: 'BAD_REQUEST',
    status: 400,
    message: new RegExp(
      `^Connection ${id} uses auth method "hubspot_retired", which toolkit hubspot no longer has \\(it has: hubspot_oauth2 \\(oauth2\\)\\); create a new connection`,
    ),
  });
  for (const res of answers) {
    t.equal(res.statusCode, 400);
    t.same(res.json(), first, 'the same answer');
  }
  t.equal(b.sent.hubspot.api().length, before, 'nothing reached the provider');
  const revoked = await b.api('POST', `connectors/connections/${id}/revoke`, { strict: true });
  t.same(revoked.json(), first, 'strict revoke answers the same');
  const lenient = await b.api('POST', `connectors/connections/${id}/revoke`);
  t.same(lenient.json(), { status: 'ACTIVE', revokedTokens: [] }, 'a lenient revoke cannot revoke at the provider: a no-op (spec 4.6)');
});

t.test('an auth config that lost its method: initiate answers 400; the OAuth callback fails the connection', async (t) => {
  const b = await shared.tenant();
  const config = (await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2' })).json().authConfigId as string;
  const init = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', authConfigId: config });
  const { connectionId, redirectUrl } = init.json() as { connectionId: string; redirectUrl: string };

  await b.app.orm.em.fork().nativeUpdate(AuthConfig, { id: config }, { authMethodId: 'hubspot_retired' });
  await b.app.orm.em.fork().nativeUpdate(Connection, { id: connectionId }, { authMethodId: 'hubspot_retired' });
  await b.app.services.cache.invalidate();

  const again = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u', authConfigId: config });
  t.equal(again.statusCode, 400);
  t.match(
    again.json().message,
    new RegExp(
      `^Auth config ${config} uses auth method "hubspot_retired", which toolkit hubspot no longer has .*; create a new auth config`,
    ),
  );

  const { res } = await b.consent(redirectUrl);
  t.equal(res.statusCode, 400, 'the callback page reports the failure, as for any FAILED outcome');
  const read = (await b.api('GET', `connectors/connections/${connectionId}`)).json();
  t.equal(read.status, 'FAILED');
  t.match(
    read.statusReason,
    new RegExp(
      `^Connection ${connectionId} uses auth method "hubspot_retired", which toolkit hubspot no longer has .*; create a new connection`,
    ),
    'the shared answer, as the reason',
  );
});
