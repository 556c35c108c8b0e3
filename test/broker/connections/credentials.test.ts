import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';

// One broker for the file, a tenant per subtest.
const shared = sharedBrokerWithSandboxes(t);

t.test('connect with credentials: validated, sealed, ACTIVE; pending initiate completes', async (t) => {
  const b = await shared.tenant();
  const bad = await b.api('POST', 'connectors/acme/connect', { entityId: 'u', authMethodId: 'acme_api_key', credentials: { api_key: '' } });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().data.errors[0].field, /credentials\.api_key/);
  const extra = await b.api('POST', 'connectors/acme/connect', {
    entityId: 'u',
    authMethodId: 'acme_api_key',
    credentials: { api_key: 'k', other: 'x' },
  });
  t.equal(extra.statusCode, 400);
  const ambiguous = await b.api('POST', 'connectors/acme/connect', { entityId: 'u', credentials: { api_key: 'k' } });
  t.equal(ambiguous.statusCode, 400);
  t.match(ambiguous.json().message, /authMethodId/);

  const ok = await b.api('POST', 'connectors/acme/connect', {
    entityId: 'u',
    authMethodId: 'acme_api_key',
    credentials: { api_key: 'acme-key-abcdef123456' },
  });
  t.equal(ok.statusCode, 200, ok.body);
  const read = (await b.api('GET', `connectors/connections/${ok.json().connectionId}`)).json();
  t.match(read, { status: 'ACTIVE', authMethodKind: 'api_key', providerSlug: 'acme' });
  t.notMatch(JSON.stringify(read), 'acme-key-abcdef123456');

  const basicConfig = (await b.api('POST', 'auth_configs', { slug: 'acme', authMethodId: 'acme_basic' })).json().authConfigId;
  const pending = await b.api('POST', 'connectors/acme/initiate', { entityId: 'v', authConfigId: basicConfig });
  t.equal(pending.statusCode, 200);
  t.equal(pending.json().redirectUrl, undefined, 'no redirect for direct schemes');
  t.equal((await b.api('GET', `connectors/connections/${pending.json().connectionId}`)).json().status, 'PENDING');
  const done = await b.api('POST', 'connectors/acme/connect', {
    entityId: 'v',
    connectionId: pending.json().connectionId,
    credentials: { username: 'me', password: 'pw-123' },
  });
  t.equal(done.statusCode, 200, done.body);
  t.equal(done.json().connectionId, pending.json().connectionId);
  t.equal((await b.api('GET', `connectors/connections/${pending.json().connectionId}`)).json().status, 'ACTIVE');
});

t.test('connect on an OAuth-only toolkit says which methods it has', async (t) => {
  const b = await shared.tenant();
  const res = await b.api('POST', 'connectors/hubspot/connect', { entityId: 'u', credentials: { api_key: 'x' } });
  t.equal(res.statusCode, 400);
  t.match(res.json().message, /hubspot_oauth2 \(oauth2\)/);
  t.equal((await b.api('POST', 'connectors/nope/connect', { entityId: 'u', credentials: {} })).statusCode, 404);
});
