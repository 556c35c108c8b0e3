import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { buildTestApp } from '../../helpers/app.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';

const refreshes = (b: { hubspot: { tokenRequests(): { body: unknown }[] } }) =>
  b.hubspot.tokenRequests().filter((r) => (r.body as Record<string, string>).grant_type === 'refresh_token').length;

t.test('50 parallel calls on an expiring token make exactly one refresh request', async (t) => {
  const clock = manualClock();
  const b = await brokerWithSandboxes(t, { accessTokenTtlSeconds: 2, clock });
  const id = await b.connectOAuth('hubspot');
  t.equal(refreshes(b), 0, 'a fresh token is not refreshed');
  clock.advance(1200); // inside the refresh margin (half of the 2 s lifetime), not yet expired
  const conn = await b.app.services.connections.get(b.projectId, id);
  const values = await Promise.all(Array.from({ length: 50 }, () => b.app.services.tokens.injectValues(conn)));
  t.equal(refreshes(b), 1, 'one refresh for the whole burst');
  t.equal(new Set(values.map((v) => v.access_token)).size, 1, 'every caller got the same new token');
  const res = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.equal(res.json().status, 200, 'the refreshed token works at the provider');
});

t.test(
  'two instances on one database share one refresh (row lock on PostgreSQL)',
  { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL: SQLite is single-process' },
  async (t) => {
    const clock = manualClock();
    const b = await brokerWithSandboxes(t, { accessTokenTtlSeconds: 2, clock });
    const second = await buildTestApp(t, {
      db: b.db,
      clock,
      env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG },
    });
    const id = await b.connectOAuth('hubspot');
    clock.advance(1200);
    const one = await b.app.services.connections.get(b.projectId, id);
    const two = await second.app.services.connections.get(b.projectId, id);
    const values = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? b.app.services.tokens.injectValues(one) : second.app.services.tokens.injectValues(two),
      ),
    );
    t.equal(refreshes(b), 1, 'exactly one refresh across both instances');
    t.equal(new Set(values.map((v) => v.access_token)).size, 1);
  },
);

t.test('a provider 401 triggers one refresh and one retry', async (t) => {
  const b = await brokerWithSandboxes(t);
  const id = await b.connectOAuth('hubspot');
  b.hubspot.control.expireAccessTokens();
  const res = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.match(res.json(), { status: 200, successful: true });
  t.equal(refreshes(b), 1);
});
