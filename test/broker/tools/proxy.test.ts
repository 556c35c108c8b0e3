import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { createProjectWithKey } from '../../helpers/app.js';

// One broker for the file, a tenant per subtest.
const shared = sharedBrokerWithSandboxes(t);

t.test('allowed paths and URLs work with the token injected; headers filtered both ways', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('bitly');
  const rel = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: '/user', method: 'GET' });
  t.equal(rel.statusCode, 200, rel.body);
  t.match(rel.json(), { status: 200, data: { login: String } });
  t.equal(b.sent.bitly.api().at(-1)!.path, '/v4/user', 'joined under the base path');
  const abs = await b.api('POST', 'connectors/proxy', {
    connectionId: id,
    endpoint: `${b.bitly.apiBaseUrl}/groups`,
    method: 'GET',
    query: { organization_guid: b.bitly.fixtures.organizationGuid },
  });
  t.equal(abs.json().status, 200);
  t.equal(b.sent.bitly.api().at(-1)!.query.organization_guid, b.bitly.fixtures.organizationGuid);
  const post = await b.api('POST', 'connectors/proxy', {
    connectionId: id,
    endpoint: '/shorten',
    method: 'POST',
    body: { long_url: 'https://example.com/x' },
    headers: { Authorization: 'Bearer stolen', 'X-Custom': 'kept' },
  });
  t.ok([200, 201].includes(post.json().status), 'shortened (201 new, 200 existing)');
  const sent = b.sent.bitly.api().at(-1)!;
  t.not(sent.bearer, 'stolen', 'caller cannot override the injected credential');
  t.equal(sent.headers['x-custom'], 'kept');
  for (const h of Object.keys(post.json().headers)) t.notMatch(h, /^(set-cookie|connection|transfer-encoding|authorization)$/i);
});

t.test('every refusal happens before a token is read; the provider never sees one', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('hubspot');
  const before = b.sent.hubspot.all().length;
  const origin = new URL(b.hubspot.apiBaseUrl);
  for (const endpoint of [
    'https://evil.example.com/steal',
    `http://${origin.host}@evil.example.com/crm/v3/objects/contacts`,
    `http://user:pw@${origin.host}/crm/v3/objects/contacts`,
    '//evil.example.com/x',
    'file:///etc/passwd',
    `http://127.0.0.2:${origin.port}/crm`,
    'http://169.254.169.254/latest/meta-data',
    `http://localhost:${origin.port}/crm/v3/objects/contacts`,
    `http://${origin.hostname}:1/crm`,
    '/\\evil.example.com',
  ]) {
    const res = await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint, method: 'GET' });
    t.equal(res.statusCode, 400, `refused: ${endpoint}`);
    t.match(res.json().message, /Refused/);
  }
  t.equal(b.sent.hubspot.all().length, before, 'the sandbox received nothing');
  t.equal((await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: '/x', method: 'TRACE' })).statusCode, 400);
  const other = await createProjectWithKey(b.app, 'other');
  t.equal(
    (await b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: '/crm/v3/objects/contacts', method: 'GET' }, other.key))
      .statusCode,
    403,
    "another project's connection: 403 (spec 7), and nothing sent",
  );
  t.equal((await b.api('POST', 'connectors/proxy', { connectionId: 'ca_missing', endpoint: '/x', method: 'GET' })).statusCode, 404);
});
