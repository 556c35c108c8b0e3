/**
 * A change made on one instance is refused on another sharing the database within the bound
 * docs/operations/deploy.md states (100 ms): pushed invalidation on PostgreSQL, a per-request
 * epoch read on SQLite.
 */
import t from 'tap';
import { brokerWithSandboxes, EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { buildTestApp } from '../../helpers/app.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { channelUp, nextDrop } from '../cache/helpers.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const BOUND_MS = 100;

t.test('a second instance sharing the database refuses a disabled connection, a revoked one and a revoked key within 100 ms', async (t) => {
  const b = await brokerWithSandboxes(t);
  const two = await buildTestApp(t, { db: b.db, env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG } });
  await channelUp(two.app);
  const onTwo = (url: string, body: unknown) =>
    two.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const id = await b.connectOAuth('hubspot');
  const exec = { connectedAccountId: id, arguments: {} };
  const execute = () => onTwo('tools/HUBSPOT_CONTACTS_LIST/execute', exec);
  t.equal((await execute()).json().successful, true, 'instance two has it cached');

  if (two.config.database.kind === 'postgresql') {
    const reads = two.app.services.cache.stats().epochReads;
    for (let i = 0; i < 5; i++) await execute();
    t.equal(two.app.services.cache.stats().epochReads, reads, 'warm requests read no epoch from the database');
  }

  // Each change: measured from the moment the call on instance one returns.
  let dropped = nextDrop(two.app);
  await b.api('PATCH', `connectors/connections/${id}`, { disabled: true });
  t.ok((await dropped()) <= BOUND_MS, 'disable reached instance two within the bound');
  t.equal((await execute()).statusCode, 400, 'and is refused there');
  dropped = nextDrop(two.app);
  await b.api('PATCH', `connectors/connections/${id}`, { disabled: false });
  t.ok((await dropped()) <= BOUND_MS, 'enable reached instance two within the bound');
  t.equal((await execute()).json().successful, true, 'and is served there');

  const before = b.hubspot.apiRequests().length;
  dropped = nextDrop(two.app);
  await b.api('POST', `connectors/connections/${id}/revoke`);
  t.ok((await dropped()) <= BOUND_MS, 'revocation reached instance two within the bound');
  t.equal((await execute()).statusCode, 400, 'and is refused there');
  t.equal(b.hubspot.apiRequests().length, before, 'no provider call with a revoked token');

  dropped = nextDrop(two.app);
  await b.app.services.tenancy.apiKeys.revoke(OPERATOR, b.apiKeyId);
  t.ok((await dropped()) <= BOUND_MS, 'key revocation reached instance two within the bound');
  t.equal((await execute()).statusCode, 401, 'and is refused there');
});
