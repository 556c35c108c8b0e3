/** Organizations on the console: create (owner), list mine with my role, read, rename (owner), isolation, audit. */
import t from 'tap';
import { buildTestApp } from '../../helpers/app.js';
import { CONSOLE, signUp } from '../../helpers/console.js';
import { invitedTeam } from './invited-team.js';

t.test('anyone signed in creates an organization and owns it; it gets the default quota', async (t) => {
  const { app } = await buildTestApp(t, { env: { ORG_MONTHLY_EXECUTION_QUOTA: '500' } });
  await signUp(app, 'ada@example.com');
  const eve = await signUp(app, 'eve@example.com');
  t.same((await eve.get('/orgs')).json(), { items: [] }, 'a second sign-up belongs to no organization yet');

  const created = await eve.post('/orgs', { name: '  Acme  ' });
  t.equal(created.statusCode, 201);
  const org = created.json();
  t.match(org, { id: /^org_/, name: 'Acme', role: 'owner', createdAt: String });
  t.same((await eve.get('/orgs')).json().items, [org], 'listed with my role');
  const detail = await eve.get(`/orgs/${org.id}`);
  t.equal(detail.statusCode, 200);
  t.same(detail.json(), { ...org, monthlyExecutionQuota: 500 });

  const { items } = await app.services.audit.list(org.id, 10);
  t.equal(items.length, 1);
  t.match(items[0], { action: 'organization.created', targetType: 'organization', targetId: org.id, actorUserId: eve.userId });
  t.same(items[0]!.detail, { name: 'Acme' });

  t.equal((await eve.post('/orgs', { name: '   ' })).statusCode, 400, 'a blank name');
  t.equal((await eve.post('/orgs', { name: 'x'.repeat(201) })).statusCode, 400, 'too long');
  t.equal((await eve.post('/orgs', {})).statusCode, 400, 'no name');
  const anonymous = await app.inject({ method: 'POST', url: `${CONSOLE}/orgs`, payload: { name: 'Nope' } });
  t.equal(anonymous.statusCode, 401);
});

t.test('without a configured quota a new organization is unlimited', async (t) => {
  const { app } = await buildTestApp(t);
  const ada = await signUp(app, 'ada@example.com');
  const org = (await ada.post('/orgs', { name: 'Second' })).json();
  t.equal((await ada.get(`/orgs/${org.id}`)).json().monthlyExecutionQuota, null);
});

t.test('every member reads the organization with their role; only an owner renames it', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await invitedTeam(app);
  t.equal((await ada.get(`/orgs/${orgId}`)).json().role, 'owner');
  t.equal((await bob.get(`/orgs/${orgId}`)).json().role, 'admin');
  t.equal((await carol.get(`/orgs/${orgId}`)).json().role, 'member');
  t.same(
    (await carol.get('/orgs')).json().items.map((o: { id: string; role: string }) => [o.id, o.role]),
    [[orgId, 'member']],
  );

  const byMember = await carol.patch(`/orgs/${orgId}`, { name: 'Carol corp' });
  t.equal(byMember.statusCode, 403);
  t.match(byMember.json(), { code: 'FORBIDDEN', message: /needs the owner role.*you are a member/ });
  const byAdmin = await bob.patch(`/orgs/${orgId}`, { name: 'Bob corp' });
  t.equal(byAdmin.statusCode, 403);
  t.match(byAdmin.json().message, /you are an admin/);

  const before = (await ada.get(`/orgs/${orgId}`)).json().name;
  const renamed = await ada.patch(`/orgs/${orgId}`, { name: 'Analytical Engines' });
  t.equal(renamed.statusCode, 200);
  t.match(renamed.json(), { id: orgId, name: 'Analytical Engines', role: 'owner' });
  t.equal((await carol.get(`/orgs/${orgId}`)).json().name, 'Analytical Engines', 'everyone sees the new name');
  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'organization.renamed', actorUserId: ada.userId, targetId: orgId });
  t.same(entry!.detail, { from: before, to: 'Analytical Engines' });
  t.equal((await ada.patch(`/orgs/${orgId}`, { name: '' })).statusCode, 400);
});

t.test("another organization's ids are 404 on every organization route", async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, eve, orgId, otherOrgId } = await invitedTeam(app);
  for (const res of [
    await ada.get(`/orgs/${otherOrgId}`),
    await ada.patch(`/orgs/${otherOrgId}`, { name: 'Taken over' }),
    await eve.get(`/orgs/${orgId}`),
    await eve.patch(`/orgs/${orgId}`, { name: 'Taken over' }),
    await ada.get('/orgs/org_doesnotexist'),
  ]) {
    t.equal(res.statusCode, 404);
    t.equal(res.json().code, 'NOT_FOUND');
  }
  t.notOk(
    (await ada.get('/orgs')).json().items.some((o: { id: string }) => o.id === otherOrgId),
    "eve's organization is not in ada's list",
  );
  t.equal((await eve.get(`/orgs/${otherOrgId}`)).json().name, 'Eve corp', 'nothing was renamed');
});
