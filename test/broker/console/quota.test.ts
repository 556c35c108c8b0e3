/**
 * Monthly execution quotas on the agent planes: with a quota of N, N tool executions and proxy
 * calls succeed and the next is refused with 429 naming the quota and when it resets (native and
 * compat bodies, MCP as a tool error), before anything reaches the provider; recorded as refused,
 * never counted. A quota changed with `broker set-quota` takes effect at once, another organization is
 * not affected, a second instance seeds its count from the database, and a new UTC month starts
 * from zero.
 */
import t from 'tap';
import { cli, cliEnv } from '../../helpers/cli.js';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { listeningBroker } from '../compat/helpers.js';
import { connectClient, textOf } from '../mcp/helpers.js';
import { channelUp, nextDrop } from '../cache/helpers.js';
import { sandboxBrokerEnv } from '../../../sandbox/broker-env.js';
import { ToolExecution } from '../../../src/db/entities/index.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const NOV_30_22H = Date.UTC(2026, 10, 30, 22, 0, 0);
const DEC_1 = Date.UTC(2026, 11, 1);
const message = (n: number) => `Monthly execution quota of ${n} reached for this organization; it resets at 2026-12-01T00:00:00.000Z`;

t.test('quota N: N calls pass on any plane, the next is 429 everywhere; set-quota, other orgs, other instances, rollover', async (t) => {
  const clock = manualClock(NOV_30_22H);
  const b = await listeningBroker(t, { clock });
  const orgId = b.organizationId;
  const id = await b.connectOAuth('hubspot');
  const brokerEnv = cliEnv(b.db);
  const sent = () => b.hubspot.apiRequests().length;
  const nativeTool = () => b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  const nativeProxy = () => b.api('POST', 'connectors/proxy', { connectionId: id, endpoint: '/crm/v3/objects/contacts', method: 'GET' });
  const compatTool = () => b.compat('POST', '/tools/execute/HUBSPOT_CONTACTS_LIST', { connected_account_id: id, arguments: {} });
  const compatProxy = () =>
    b.compat('POST', '/tools/execute/proxy', { connected_account_id: id, endpoint: '/crm/v3/objects/contacts', method: 'GET' });
  const recorded = async () => {
    await b.app.services.recorder.flush();
    return b.app.orm.em.fork().count(ToolExecution, { projectId: b.projectId, outcome: { $ne: 'refused' } });
  };

  t.equal((await nativeTool()).statusCode, 200, 'no quota: calls pass');
  const set = await cli(brokerEnv, ['set-quota', '--org', orgId, '--executions', '4']);
  t.equal(set.code, 0, set.err);
  t.match(set.out, new RegExp(`Organization ${orgId}: monthly execution quota 4 .*resets at 2026-12-01T00:00:00.000Z`));

  // One call already counts this month: three more pass, on three planes.
  t.equal((await nativeProxy()).statusCode, 200, 'native proxy');
  t.equal((await compatTool()).statusCode, 200, 'compat execute');
  t.equal((await compatProxy()).statusCode, 200, 'compat proxy');
  const before = sent();

  const native = await nativeTool();
  t.equal(native.statusCode, 429, 'the fifth call is refused');
  t.match(native.json(), { code: 'TOO_MANY_REQUESTS', status: 429, message: message(4), data: { monthlyExecutionQuota: 4 } });
  t.equal(native.headers['retry-after'], String((DEC_1 - clock.now()) / 1000), 'Retry-After: seconds until the reset');
  const proxy = await nativeProxy();
  t.equal(proxy.statusCode, 429, 'native proxy refused');
  t.equal(proxy.json().message, message(4));
  const compat = await compatTool();
  t.equal(compat.statusCode, 429, 'compat execute refused');
  t.match(compat.json(), { error: { status: 429, message: message(4) } });
  t.equal(compat.headers['x-should-retry'], 'false', 'the official clients do not retry a month-long wait');
  t.ok(compat.headers['retry-after']);
  const compatP = await compatProxy();
  t.equal(compatP.statusCode, 429, 'compat proxy refused');
  t.match(compatP.json(), { error: { status: 429, message: message(4) } });

  const client = await connectClient(t, b.origin, b.key, { entityId: 'user-1' });
  const viaMcp = await client.callTool({ name: 'HUBSPOT_CONTACTS_LIST', arguments: {} });
  t.equal(viaMcp.isError, true, 'MCP tools/call reports it as a tool error');
  t.equal(textOf(viaMcp), message(4));
  t.match(viaMcp.structuredContent, { status: 429, code: 'TOO_MANY_REQUESTS' });

  t.equal(sent(), before, 'nothing refused reached the provider');
  t.equal(await recorded(), 4, 'refused calls are recorded as refused only (they do not count)');
  const refusals = await b.app.orm.em.fork().find(ToolExecution, { projectId: b.projectId, outcome: 'refused' });
  t.ok(refusals.length >= 4, 'each refused call is recorded as refused');
  t.ok(
    refusals.every((r) => r.errorCode === 'TOO_MANY_REQUESTS' && r.errorMessage === message(4) && r.status === 0),
    'with the quota error and its message',
  );

  // Another organization is not held to this one's quota.
  const other = await createProjectWithKey(b.app, 'other');
  const init = (await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'o' }, other.key)).json();
  await b.consent(init.redirectUrl);
  const otherRun = await b.api(
    'POST',
    'tools/HUBSPOT_CONTACTS_LIST/execute',
    { connectedAccountId: init.connectionId, arguments: {} },
    other.key,
  );
  t.equal(otherRun.statusCode, 200, 'another organization (unlimited) is unaffected');

  // A second instance on the same database counts what the first did.
  const two = await buildTestApp(t, {
    db: b.db,
    clock,
    env: { ...sandboxBrokerEnv(b.hubspot, b.bitly), CATALOG_PATHS: EXTRA_CATALOG },
  });
  await channelUp(two.app);
  const onTwo = () =>
    two.app.inject({
      method: 'POST',
      url: '/api/v1/tools/HUBSPOT_CONTACTS_LIST/execute',
      headers: { 'x-api-key': b.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ connectedAccountId: id, arguments: {} }),
    });
  t.equal((await onTwo()).statusCode, 429, 'a second instance seeds its count from the database');

  // Raised with the CLI: seen by both instances at once.
  const dropped = [nextDrop(b.app), nextDrop(two.app)];
  const raised = await cli(brokerEnv, ['set-quota', '--org', orgId, '--executions', '8']);
  t.equal(raised.code, 0, raised.err);
  for (const d of dropped) await d();
  t.equal((await nativeTool()).statusCode, 200, 'raised: the first instance admits again (5 of 8)');
  for (let i = 0; i < 3; i++) t.equal((await onTwo()).statusCode, 200, `and so does the second (${6 + i} of 8)`);
  await two.app.services.recorder.flush();
  // The first instance has not seen the second one's calls yet (the documented bound): it admits
  // one more, and the call starts a refresh of its count, which then holds them.
  clock.advance(10_000);
  t.equal((await nativeTool()).statusCode, 200, 'admitted on the count of the last refresh');
  await b.app.services.quota.settled();
  t.equal((await nativeTool()).statusCode, 429, "after its refresh the first instance counts the second one's calls");

  // The service sets it too; 0 refuses every call.
  await b.app.services.tenancy.organizations.setMonthlyQuota(OPERATOR, orgId, 0);
  t.match((await nativeTool()).json(), { status: 429, message: message(0) });
  const unlimited = await cli(brokerEnv, ['set-quota', '--org', orgId, '--executions', 'unlimited']);
  t.match(unlimited.out, /no monthly execution quota \(unlimited\)/);
  t.equal((await nativeTool()).statusCode, 200, 'unlimited again');

  // A new UTC month starts from zero.
  await b.app.services.tenancy.organizations.setMonthlyQuota(OPERATOR, orgId, 2);
  t.equal((await nativeTool()).statusCode, 429, 'over 2 in November');
  clock.set(DEC_1 + 1000);
  t.equal((await nativeTool()).statusCode, 200, 'December: first call');
  t.equal((await nativeProxy()).statusCode, 200, 'December: second call');
  const december = await nativeTool();
  t.equal(december.statusCode, 429, 'December: over 2 again');
  t.match(december.json().message, /quota of 2 reached .* resets at 2027-01-01T00:00:00\.000Z/);
});

t.test('set-quota refuses a bad value and an unknown organization', async (t) => {
  const { app, db } = await buildTestApp(t);
  const { organizationId } = await createProjectWithKey(app);
  const env = cliEnv(db);
  const bad = await cli(env, ['set-quota', '--org', organizationId, '--executions', 'lots']);
  t.equal(bad.code, 2);
  t.match(bad.err, /--executions must be a whole number .* or "unlimited" \(got "lots"\)/);
  const missing = await cli(env, ['set-quota', '--org', organizationId]);
  t.equal(missing.code, 2);
  t.match(missing.err, /--executions is required/);
  const unknown = await cli(env, ['set-quota', '--org', 'org_nope', '--executions', '10']);
  t.equal(unknown.code, 1);
  t.match(unknown.err, /Organization org_nope does not exist/);
});
