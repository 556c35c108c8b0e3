/**
 * GET /api/v1/console/orgs/:organizationId/usage: tool executions and proxy calls of a UTC month
 * (totals, per project, per day), connections usable now, and the quota, counted from real
 * executions in two projects over two months. Any member may read it; other organizations' usage
 * is 404; a bad month is 400 naming it; the answer holds no secret.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { manualClock } from '../../helpers/clock.js';
import { signUp } from '../../helpers/console.js';
import { Membership } from '../../../src/db/entities/index.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

const MARCH_30 = Date.UTC(2026, 2, 30, 12, 0, 0);
const APRIL_2 = Date.UTC(2026, 3, 2, 9, 0, 0);

interface Counts {
  toolExecutions: number;
  proxyCalls: number;
}

t.test('usage of two projects over two months, for members only, without secrets', async (t) => {
  const clock = manualClock(MARCH_30);
  const b = await brokerWithSandboxes(t, { clock });
  // The first account owns the oldest organization: the one holding the sandbox project.
  const owner = await signUp(b.app, 'owner@example.com');
  const orgId = b.organizationId;
  const second = await b.app.services.tenancy.projects.create(OPERATOR, orgId, 'Second project');
  const { key: secondKey } = await b.app.services.tenancy.apiKeys.create(OPERATOR, second.id, 'second');

  // Connections: project one has two HubSpot users, one of them disabled; project two one Bitly user.
  const hubspot = await b.connectOAuth('hubspot', 'u1');
  const disabled = await b.connectOAuth('hubspot', 'u2');
  await b.api('PATCH', `connectors/connections/${disabled}`, { disabled: true });
  const init = (await b.api('POST', 'connectors/bitly/initiate', { entityId: 'u3' }, secondKey)).json();
  await b.consent(init.redirectUrl);
  const bitly = init.connectionId as string;

  const tool = (id: string, slug: string, key = b.key) =>
    b.api('POST', `tools/${slug}/execute`, { connectedAccountId: id, arguments: {} }, key).then((r) => t.equal(r.statusCode, 200, slug));
  const proxy = (id: string, endpoint: string, key = b.key) =>
    b.api('POST', 'connectors/proxy', { connectionId: id, endpoint, method: 'GET' }, key).then((r) => t.equal(r.statusCode, 200, endpoint));

  // March 30: project one 2 tools + 1 proxy, project two 1 tool; a refused call counts nothing.
  await tool(hubspot, 'HUBSPOT_CONTACTS_LIST');
  await tool(hubspot, 'HUBSPOT_CONTACTS_LIST');
  await proxy(hubspot, '/crm/v3/objects/contacts');
  await tool(bitly, 'BITLY_GET_USER', secondKey);
  t.equal((await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: disabled, arguments: {} })).statusCode, 400);
  // April 2: project one 1 tool, project two 2 proxies.
  clock.set(APRIL_2);
  await tool(hubspot, 'HUBSPOT_CONTACTS_LIST');
  await proxy(bitly, '/user', secondKey);
  await proxy(bitly, '/user', secondKey);
  await b.app.services.recorder.flush();

  const march = await owner.get(`/orgs/${orgId}/usage?month=2026-03`);
  t.equal(march.statusCode, 200, march.body);
  const m = march.json();
  t.equal(m.month, '2026-03');
  t.same(m.totals, { toolExecutions: 3, proxyCalls: 1, activeConnections: 2 });
  t.same(m.projects, [
    { projectId: b.projectId, name: 'test project', toolExecutions: 2, proxyCalls: 1, activeConnections: 1 },
    { projectId: second.id, name: 'Second project', toolExecutions: 1, proxyCalls: 0, activeConnections: 1 },
  ]);
  t.equal(m.daily.length, 31, 'every day of March');
  t.same(m.daily[0], { date: '2026-03-01', toolExecutions: 0, proxyCalls: 0 });
  t.same(m.daily[29], { date: '2026-03-30', toolExecutions: 3, proxyCalls: 1 });
  t.equal(
    m.daily.reduce((n: number, d: Counts) => n + d.toolExecutions + d.proxyCalls, 0),
    4,
    'nothing on any other day',
  );
  t.same(m.quota, { monthlyExecutions: null, used: 3, resetsAt: '2026-05-01T00:00:00.000Z' }, "the quota is the current month's");

  // Default: the clock's month, April.
  const april = (await owner.get(`/orgs/${orgId}/usage`)).json();
  t.equal(april.month, '2026-04');
  t.same(april.totals, { toolExecutions: 1, proxyCalls: 2, activeConnections: 2 });
  t.same(
    april.projects.map((p: Counts & { projectId: string }) => [p.projectId, p.toolExecutions, p.proxyCalls]),
    [
      [b.projectId, 1, 0],
      [second.id, 0, 2],
    ],
  );
  t.equal(april.daily.length, 30);
  t.same(april.daily[1], { date: '2026-04-02', toolExecutions: 1, proxyCalls: 2 });
  t.same(april.quota, { monthlyExecutions: null, used: 3, resetsAt: '2026-05-01T00:00:00.000Z' });

  const empty = (await owner.get(`/orgs/${orgId}/usage?month=2025-02`)).json();
  t.same(empty.totals, { toolExecutions: 0, proxyCalls: 0, activeConnections: 2 }, 'a month without calls');
  t.equal(empty.daily.length, 28);

  // The operator's quota shows.
  await b.app.services.tenancy.organizations.setMonthlyQuota(OPERATOR, orgId, 1000);
  t.same((await owner.get(`/orgs/${orgId}/usage`)).json().quota, {
    monthlyExecutions: 1000,
    used: 3,
    resetsAt: '2026-05-01T00:00:00.000Z',
  });

  // A member reads it; someone outside the organization gets 404, as for an unknown id.
  const member = await signUp(b.app, 'member@example.com');
  await b.app.orm.em
    .fork()
    .insert(Membership, { id: 'mem_usage_member', organizationId: orgId, userId: member.userId, role: 'member', createdAt: new Date() });
  const asMember = await member.get(`/orgs/${orgId}/usage?month=2026-03`);
  t.equal(asMember.statusCode, 200);
  t.same(asMember.json().totals, m.totals);
  const outsider = await signUp(b.app, 'outsider@example.com');
  const foreign = await outsider.get(`/orgs/${orgId}/usage`);
  t.equal(foreign.statusCode, 404);
  t.equal(foreign.json().code, 'NOT_FOUND');
  t.equal((await outsider.get('/orgs/org_unknown/usage')).statusCode, 404);
  const otherOrg = await b.app.services.tenancy.organizations.create(OPERATOR, 'Outsider org');
  await b.app.orm.em.fork().insert(Membership, {
    id: 'mem_usage_out',
    organizationId: otherOrg.id,
    userId: outsider.userId,
    role: 'owner',
    createdAt: new Date(),
  });
  const own = (await outsider.get(`/orgs/${otherOrg.id}/usage?month=2026-03`)).json();
  t.same(own.totals, { toolExecutions: 0, proxyCalls: 0, activeConnections: 0 }, "another organization's usage is its own");
  t.same(own.projects, []);

  // A bad month is refused naming it; API keys are refused on the console.
  for (const bad of ['2026-13', 'March', '2026-3', '26-03']) {
    const res = await owner.get(`/orgs/${orgId}/usage?month=${bad}`);
    t.equal(res.statusCode, 400, bad);
    t.match(res.json().message, new RegExp(`month must be .*YYYY-MM.*\\(got "${bad}"\\)`));
  }
  const byKey = await b.app.inject({ method: 'GET', url: `/api/v1/console/orgs/${orgId}/usage`, headers: { 'x-api-key': b.key } });
  t.equal(byKey.statusCode, 401);

  // Numbers and names only: no key, token or credential.
  const tokens = await Promise.all(
    [hubspot, bitly].map(
      async (id) =>
        (await b.app.services.vault.get<{ access_token: string }>({ ownerType: 'connection', ownerId: id, name: 'oauth_tokens' }))!.value
          .access_token,
    ),
  );
  for (const body of [march.body, asMember.body]) {
    t.notMatch(body, /cb_live_/, 'no API key');
    for (const token of tokens) t.notOk(body.includes(token), 'no provider token');
  }
});
