import t from 'tap';
import { brokerWithSandboxes, CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';

t.test('without a managed client an OAuth method is available through the caller own client', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { MANAGED_OAUTH_CLIENTS: '' } });
  // Spec 2.6: both sample toolkits list their OAuth method as available.
  for (const slug of ['hubspot', 'bitly']) {
    const method = (await b.api('GET', `toolkits/${slug}`)).json().authMethods[0];
    t.same(
      [method.status, method.unavailableReason, method.managedClientConfigured],
      ['available', null, false],
      `${slug}: available, the missing managed client reported apart`,
    );
  }

  const implicit = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'u1' });
  t.equal(implicit.statusCode, 400);
  t.match(implicit.json(), {
    code: 'BAD_REQUEST',
    message:
      /No platform-managed OAuth client is configured for hubspot.*POST \/api\/v1\/auth_configs .*"isManaged": false, "clientId": .*"clientSecret".*authConfigId/,
    data: { errors: [{ field: 'authConfigId', message: /clientId and clientSecret/ }] },
  });
  t.equal((await b.api('GET', 'auth_configs')).json().total, 0, 'nothing was created');

  // What the message says to do works end to end.
  const config = await b.api('POST', 'auth_configs', {
    slug: 'hubspot',
    authMethodId: 'hubspot_oauth2',
    isManaged: false,
    ...CUSTOM_CLIENTS.hubspot,
  });
  t.equal(config.statusCode, 200, config.body);
  const id = await b.connectOAuth('hubspot', 'u1', { authConfigId: config.json().authConfigId });
  t.equal((await b.api('GET', `connectors/connections/${id}`)).json().status, 'ACTIVE');
});

t.test('with a managed client, managedClientConfigured is true and initiate creates the managed config', async (t) => {
  const b = await brokerWithSandboxes(t);
  t.match((await b.api('GET', 'toolkits/bitly')).json().authMethods[0], { status: 'available', managedClientConfigured: true });
  t.equal((await b.api('GET', 'toolkits/acme')).json().authMethods[0].managedClientConfigured, false, 'false for direct schemes');
  t.equal((await b.api('POST', 'connectors/bitly/initiate', { entityId: 'u1' })).statusCode, 200);
  t.match((await b.api('GET', 'auth_configs')).json().items, [{ toolkit: 'bitly', isManaged: true }]);
});

t.test('compat keeps listing managed schemes only when a managed client exists', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { MANAGED_OAUTH_CLIENTS: '' } });
  const res = await b.app.inject({ url: '/compat/api/v3.1/toolkits/hubspot', headers: { 'x-api-key': b.key } });
  t.equal(res.statusCode, 200, res.body);
  t.same(res.json().composio_managed_auth_schemes, []);
});
