/**
 * The audit log covers what API keys change (issue 32): auth configs and connections created,
 * changed, revoked and deleted through the native API and the compat mount are listed with the key
 * (and its name) that did it, never with a secret; a refused change leaves no entry.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes, type Tenant } from '../../helpers/shared-broker.js';
import { CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';

const shared = sharedBrokerWithSandboxes(t);
const COMPAT = '/compat/api/v3.1';

interface Entry {
  action: string;
  actorKind: string;
  actorApiKeyId: string | null;
  actorApiKeyName: string | null;
  targetType: string;
  targetId: string;
  projectId: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

/** The tenant's organization's entries made by API keys, oldest first. */
async function keyEntries(b: Tenant): Promise<Entry[]> {
  const page = await b.app.services.audit.list(b.organizationId, 200);
  return (page.items as unknown as Entry[]).filter((e) => e.actorKind === 'apiKey').reverse();
}

const send = (b: Tenant, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => b.api(method, url, body);

t.test('native changes are audited with the key that made them, and no secret', async (t) => {
  const b = await shared.tenant();
  const created = await send(b, 'POST', '/api/v1/auth_configs', {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth2',
    name: 'Own HubSpot app',
    ...CUSTOM_CLIENTS.hubspot,
  });
  t.equal(created.statusCode, 200, created.body);
  const authConfigId = created.json().authConfigId as string;
  t.equal((await send(b, 'PATCH', `/api/v1/auth_configs/${authConfigId}`, { scopes: ['crm.objects.contacts.read'] })).statusCode, 200);
  const connectionId = await b.connectOAuth('hubspot', 'alice', { authConfigId });
  t.equal((await send(b, 'PATCH', `/api/v1/connectors/connections/${connectionId}`, { alias: 'Work' })).statusCode, 200);
  t.equal((await send(b, 'POST', `/api/v1/connectors/connections/${connectionId}/revoke`)).statusCode, 200);
  t.equal((await send(b, 'DELETE', `/api/v1/connectors/connections/${connectionId}`)).statusCode, 200);
  t.equal((await send(b, 'DELETE', `/api/v1/auth_configs/${authConfigId}`)).statusCode, 200);
  // Refused changes leave nothing.
  t.equal((await send(b, 'POST', '/api/v1/auth_configs', { slug: 'no-such-toolkit' })).statusCode, 400);
  t.equal((await send(b, 'DELETE', `/api/v1/connectors/connections/${connectionId}`)).statusCode, 404);

  const entries = await keyEntries(b);
  t.same(
    entries.map((e) => [e.action, e.targetId]),
    [
      ['auth_config.created', authConfigId],
      ['auth_config.updated', authConfigId],
      ['connection.created', connectionId],
      ['connection.updated', connectionId],
      ['connection.revoked', connectionId],
      ['connection.deleted', connectionId],
      ['auth_config.deleted', authConfigId],
    ],
  );
  for (const e of entries)
    t.match(e, { actorApiKeyId: b.apiKeyId, actorApiKeyName: /tenant/, projectId: b.projectId, ip: '127.0.0.1' }, e.action);
  t.match(entries[0]!.detail, { name: 'Own HubSpot app', toolkit: 'hubspot' });
  t.same(entries[1]!.detail!.changed, ['scopes'], 'the names of the changed fields, not their values');
  t.match(entries[2]!.detail, { toolkit: 'hubspot', userId: 'alice', by: 'initiate' });
  t.match(entries[6]!.detail, { deletedConnections: 0 });
  const text = JSON.stringify(entries);
  t.notOk(text.includes(CUSTOM_CLIENTS.hubspot.clientSecret), 'never the client secret');
  t.notOk(text.includes(b.key), 'never the key');

  // The console's audit screen reads the same entries.
  const consoleView = await b.app.services.audit.list(b.organizationId, 1);
  t.equal(consoleView.items[0]!.action, 'auth_config.deleted');
});

t.test('compat changes are audited the same way', async (t) => {
  const b = await shared.tenant();
  const created = await send(b, 'POST', `${COMPAT}/auth_configs`, {
    toolkit: { slug: 'hubspot' },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: 'OAUTH2',
      credentials: { client_id: CUSTOM_CLIENTS.hubspot.clientId, client_secret: CUSTOM_CLIENTS.hubspot.clientSecret },
    },
  });
  t.equal(created.statusCode, 201, created.body);
  const authConfigId = created.json().auth_config.id as string;
  t.equal((await send(b, 'PATCH', `${COMPAT}/auth_configs/${authConfigId}/DISABLED`)).statusCode, 200);
  t.equal((await send(b, 'PATCH', `${COMPAT}/auth_configs/${authConfigId}/ENABLED`)).statusCode, 200);
  const account = await send(b, 'POST', `${COMPAT}/connected_accounts`, {
    auth_config: { id: authConfigId },
    connection: { user_id: 'bob' },
  });
  t.equal(account.statusCode, 201, account.body);
  const accountId = account.json().id as string;
  t.equal((await send(b, 'DELETE', `${COMPAT}/connected_accounts/${accountId}`)).statusCode, 200);
  t.equal((await send(b, 'DELETE', `${COMPAT}/auth_configs/${authConfigId}`)).statusCode, 200);

  const entries = await keyEntries(b);
  t.same(
    entries.map((e) => [e.action, e.targetId]),
    [
      ['auth_config.created', authConfigId],
      ['auth_config.disabled', authConfigId],
      ['auth_config.enabled', authConfigId],
      ['connection.created', accountId],
      ['connection.deleted', accountId],
      ['auth_config.deleted', authConfigId],
    ],
  );
  t.match(entries[3]!.detail, { toolkit: 'hubspot', userId: 'bob' });
  t.notOk(JSON.stringify(entries).includes(CUSTOM_CLIENTS.hubspot.clientSecret), 'never the client secret');
});

t.test('connect links made with a key are audited on both planes', async (t) => {
  const b = await shared.tenant();
  const config = await send(b, 'POST', '/api/v1/auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  t.equal(config.statusCode, 200, config.body);
  const authConfigId = config.json().authConfigId as string;
  const native = await send(b, 'POST', '/api/v1/connect-links', { authConfigId, entityId: 'dana' });
  t.equal(native.statusCode, 201, native.body);
  const compat = await send(b, 'POST', `${COMPAT}/connected_accounts/link`, { auth_config_id: authConfigId, user_id: 'eve' });
  t.equal(compat.statusCode, 201, compat.body);

  const links = (await keyEntries(b)).filter((e) => e.action === 'connect_link.created');
  t.match(links, [
    { targetType: 'connection', targetId: native.json().connectionId, detail: { userId: 'dana', authConfigId } },
    { targetType: 'connection', targetId: /^ca_/, detail: { userId: 'eve', authConfigId } },
  ]);
  t.equal(links.length, 2);
  t.notOk(JSON.stringify(links).includes(String(native.json().url).split('/').pop()!), 'never the link token');
});
