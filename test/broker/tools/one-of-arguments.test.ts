import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';

// One broker for the file, a tenant per subtest.
const shared = sharedBrokerWithSandboxes(t);

// Bitly POST /bitlinks needs long_url or bitlink_id: the broker refuses {} itself instead of sending
// {"domain": "bit.ly"}; unknown slugs answer 404 with the slug that was probably meant.
t.test('BITLY_CREATE_FULL_SHORTLINK: {} is 400 naming both alternatives; {long_url} is sent', async (t) => {
  const b = await shared.tenant();
  const id = await b.connectOAuth('bitly');
  const before = b.sent.bitly.api().length;
  const none = await b.api('POST', 'tools/BITLY_CREATE_FULL_SHORTLINK/execute', { connectedAccountId: id, arguments: {} });
  t.equal(none.statusCode, 400);
  t.match(none.json(), {
    code: 'BAD_REQUEST',
    message: 'Invalid arguments for BITLY_CREATE_FULL_SHORTLINK: arguments needs exactly one of: long_url, bitlink_id',
    data: { errors: [{ field: 'arguments', message: 'needs exactly one of: long_url, bitlink_id' }] },
  });
  t.equal(b.sent.bitly.api().length, before, 'nothing sent to Bitly');
  const ok = await b.api('POST', 'tools/BITLY_CREATE_FULL_SHORTLINK/execute', {
    connectedAccountId: id,
    arguments: { long_url: 'https://example.com/one-of' },
  });
  t.equal(ok.statusCode, 200, ok.body);
  t.equal(ok.json().successful, true);
  const sent = b.sent.bitly.api().at(-1)!;
  t.match(sent, { method: 'POST', body: { long_url: 'https://example.com/one-of', domain: 'bit.ly' } });
});

t.test('unknown or mis-cased slugs: 404 with suggestions on getTool and executeTool', async (t) => {
  const b = await shared.tenant();
  const read = await b.api('GET', 'tools/hubspot_contacts_get');
  t.equal(read.statusCode, 404);
  t.match(read.json(), {
    code: 'NOT_FOUND',
    message: 'Tool hubspot_contacts_get not found; did you mean HUBSPOT_CONTACTS_GET?',
    data: { suggestions: ['HUBSPOT_CONTACTS_GET'] },
  });
  t.match((await b.api('GET', 'tools/HUBSPOT_CONTACT_GET')).json(), { data: { suggestions: ['HUBSPOT_CONTACTS_GET'] } });
  const run = await b.api('POST', 'tools/HUBSPOT_CONTACT_GET/execute', { entityId: 'u1', arguments: {} });
  t.equal(run.statusCode, 404);
  t.match(run.json(), { message: /did you mean HUBSPOT_CONTACTS_GET\?/, data: { suggestions: ['HUBSPOT_CONTACTS_GET'] } });
  t.notOk((await b.api('GET', 'tools/HUBSPOT_NOPE')).json().data, 'nothing close: no suggestions');
});
