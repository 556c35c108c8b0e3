/**
 * Members of an organization: everyone lists them; owners change roles; admins remove members,
 * owners remove anyone, anyone leaves; the last owner is never demoted or removed; isolation; audit.
 */
import t from 'tap';
import { buildTestApp } from '../../helpers/app.js';
import { signUp } from '../../helpers/console.js';
import { invite, invitedTeam } from './invited-team.js';

interface MemberRow {
  userId: string;
  email: string;
  role: string;
}

t.test('every member lists the members with their roles', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await invitedTeam(app);
  const res = await carol.get(`/orgs/${orgId}/members`);
  t.equal(res.statusCode, 200);
  const items = res.json().items as MemberRow[];
  t.same(
    items.map((m) => [m.userId, m.email, m.role]),
    [
      [ada.userId, 'ada@example.com', 'owner'],
      [bob.userId, 'bob@example.com', 'admin'],
      [carol.userId, 'carol@example.com', 'member'],
    ],
  );
  t.match(items[0], { name: 'Ada', createdAt: String });
  t.notMatch(res.body, /passwordHash|scrypt/);
});

t.test('only an owner changes roles; the last owner cannot be demoted', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await invitedTeam(app);
  const byMember = await carol.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'admin' });
  t.equal(byMember.statusCode, 403, 'a member cannot promote herself');
  const byAdmin = await bob.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'admin' });
  t.equal(byAdmin.statusCode, 403, 'an admin cannot change roles');
  t.equal((await bob.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'owner' })).statusCode, 403, 'nor make himself owner');

  const promoted = await ada.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'admin' });
  t.equal(promoted.statusCode, 200);
  t.match(promoted.json(), { userId: carol.userId, email: 'carol@example.com', role: 'admin' });
  t.equal((await carol.get(`/orgs/${orgId}`)).json().role, 'admin', 'the new role applies at once');
  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.role_changed', actorUserId: ada.userId, targetType: 'user', targetId: carol.userId });
  t.same(entry!.detail, { email: 'carol@example.com', from: 'member', to: 'admin' });

  const lastOwner = await ada.patch(`/orgs/${orgId}/members/${ada.userId}`, { role: 'admin' });
  t.equal(lastOwner.statusCode, 409);
  t.match(lastOwner.json(), { code: 'CONFLICT', message: /no owner left/ });
  t.equal((await ada.get(`/orgs/${orgId}`)).json().role, 'owner', 'still the owner');

  t.equal((await ada.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'owner' })).statusCode, 200, 'bob becomes owner');
  const stepDown = await ada.patch(`/orgs/${orgId}/members/${ada.userId}`, { role: 'member' });
  t.equal(stepDown.statusCode, 200, 'with another owner, ada may step down');
  t.equal((await bob.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'admin' })).statusCode, 409, 'bob is now the last owner');
  t.equal((await ada.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'member' })).statusCode, 403, 'ada lost the owner role');
  t.equal((await bob.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'bogus' })).statusCode, 400, 'an unknown role');

  const auditedChanges = (await app.services.audit.list(orgId, 50)).items.filter((e) => e.action === 'member.role_changed');
  t.equal(auditedChanges.length, 3, 'refused and no-op changes are not audited');
});

t.test('two owners stepping down at once leave one owner', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, orgId } = await invitedTeam(app);
  t.equal((await ada.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'owner' })).statusCode, 200);
  const [one, two] = await Promise.all([
    ada.patch(`/orgs/${orgId}/members/${ada.userId}`, { role: 'admin' }),
    bob.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'admin' }),
  ]);
  t.same([one.statusCode, two.statusCode].sort(), [200, 409], 'one demotion wins, the other is refused');
  const owners = ((await ada.get(`/orgs/${orgId}/members`)).json().items as MemberRow[]).filter((m) => m.role === 'owner');
  t.equal(owners.length, 1);
});

t.test('removing members: admins remove members, owners anyone, anyone leaves, the last owner stays', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await invitedTeam(app);
  const memberRemovesAdmin = await carol.delete(`/orgs/${orgId}/members/${bob.userId}`);
  t.equal(memberRemovesAdmin.statusCode, 403, 'a member removes nobody else');
  const adminRemovesOwner = await bob.delete(`/orgs/${orgId}/members/${ada.userId}`);
  t.equal(adminRemovesOwner.statusCode, 403, 'an admin cannot remove an owner');
  t.match(adminRemovesOwner.json().message, /needs the owner role/);

  const lastOwnerLeaves = await ada.delete(`/orgs/${orgId}/members/${ada.userId}`);
  t.equal(lastOwnerLeaves.statusCode, 409, 'the last owner cannot leave');
  t.match(lastOwnerLeaves.json().message, /no owner left/);

  t.equal((await bob.delete(`/orgs/${orgId}/members/${carol.userId}`)).statusCode, 204, 'an admin removes a member');
  t.equal((await carol.get(`/orgs/${orgId}`)).statusCode, 404, 'the removed member no longer sees the organization');
  t.same((await carol.get('/orgs')).json().items, []);
  let [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.removed', actorUserId: bob.userId, targetId: carol.userId });
  t.same(entry!.detail, { email: 'carol@example.com', role: 'member', left: false });
  t.equal((await bob.delete(`/orgs/${orgId}/members/${carol.userId}`)).statusCode, 404, 'gone already');

  t.equal((await bob.delete(`/orgs/${orgId}/members/${bob.userId}`)).statusCode, 204, 'an admin may leave');
  [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.same(entry!.detail, { email: 'bob@example.com', role: 'admin', left: true });
  t.same(
    ((await ada.get(`/orgs/${orgId}/members`)).json().items as MemberRow[]).map((m) => m.email),
    ['ada@example.com'],
  );
});

t.test('an owner removes admins and other owners; a member may leave', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await invitedTeam(app);
  t.equal((await carol.delete(`/orgs/${orgId}/members/${carol.userId}`)).statusCode, 204, 'a member leaves');
  t.equal((await ada.delete(`/orgs/${orgId}/members/${bob.userId}`)).statusCode, 204, 'the owner removes an admin');
  const dave = await signUp(app, 'dave@example.com', { invitationToken: await invite(ada, orgId, 'dave@example.com', 'owner') });
  t.equal((await dave.get(`/orgs/${orgId}`)).json().role, 'owner', 'invited as an owner');
  t.equal((await ada.delete(`/orgs/${orgId}/members/${dave.userId}`)).statusCode, 204, 'an owner removes another owner');
  t.equal((await ada.delete(`/orgs/${orgId}/members/${ada.userId}`)).statusCode, 409, 'and is the last one again');
});

t.test("another organization's ids are 404 on every member route", async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, carol, eve, orgId, otherOrgId } = await invitedTeam(app);
  const refused = [
    await ada.get(`/orgs/${otherOrgId}/members`),
    await ada.patch(`/orgs/${otherOrgId}/members/${eve.userId}`, { role: 'member' }),
    await ada.delete(`/orgs/${otherOrgId}/members/${eve.userId}`),
    await eve.get(`/orgs/${orgId}/members`),
    await eve.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'owner' }),
    await eve.delete(`/orgs/${orgId}/members/${carol.userId}`),
    await eve.delete(`/orgs/${orgId}/members/${eve.userId}`),
    // A user of another organization, addressed through mine.
    await ada.patch(`/orgs/${orgId}/members/${eve.userId}`, { role: 'admin' }),
    await ada.delete(`/orgs/${orgId}/members/${eve.userId}`),
  ];
  for (const res of refused) t.equal(res.statusCode, 404, `${res.json().message}`);
  t.equal(((await eve.get(`/orgs/${otherOrgId}/members`)).json().items as MemberRow[]).length, 1, "eve's organization unchanged");
  t.equal((await carol.get(`/orgs/${orgId}`)).json().role, 'member', 'carol unchanged');
});
