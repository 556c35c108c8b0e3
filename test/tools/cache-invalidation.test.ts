import t from 'tap';
import { brokerWithSandboxes, EXTRA_CATALOG } from '../helpers/sandboxes.js';
import { buildTestApp } from '../helpers/app.js';
import { sandboxBrokerEnv } from '../../sandbox/broker-env.js';

t.test('a second instance sharing the database sees disable, revoke and key revocation at once', async (t) => {
  const b = await brokerWithSandboxes(t);
  const two = await buildTestApp(t, { db: b.db, env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG } });
  const onTwo = (url: string, body: unknown) =>
    two.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const id = await b.connectOAuth('hubspot');
  const exec = { connectedAccountId: id, arguments: {} };
  t.equal((await onTwo('tools/HUBSPOT_CONTACTS_LIST/execute', exec)).json().successful, true, 'instance two has it cached');

  await b.api('PATCH', `connectors/connections/${id}`, { disabled: true });
  t.equal((await onTwo('tools/HUBSPOT_CONTACTS_LIST/execute', exec)).statusCode, 400, 'disable seen at once');
  await b.api('PATCH', `connectors/connections/${id}`, { disabled: false });
  t.equal((await onTwo('tools/HUBSPOT_CONTACTS_LIST/execute', exec)).json().successful, true, 'enable seen at once');

  const before = b.hubspot.apiRequests().length;
  await b.api('POST', `connectors/connections/${id}/revoke`);
  const revoked = await onTwo('tools/HUBSPOT_CONTACTS_LIST/execute', exec);
  t.equal(revoked.statusCode, 400, 'revocation seen at once');
  t.equal(b.hubspot.apiRequests().length, before, 'no provider call with a revoked token');

  await b.app.services.apiKeys.revoke(b.apiKeyId);
  t.equal((await onTwo('tools/HUBSPOT_CONTACTS_LIST/execute', exec)).statusCode, 401, 'key revocation seen at once');
});
