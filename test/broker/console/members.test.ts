/**
 * Members of an organization: everyone lists them; owners change roles; admins remove members,
 * owners remove anyone, anyone leaves; the last owner is never demoted or removed; isolation; audit.
 * Calls go through the typed console client (test/helpers/api-client.ts), so answers are typed by status.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../helpers/app.js';
import { type ConsoleClient, signUp } from '../../helpers/console.js';
import { consoleClient } from '../../helpers/api-client.js';
import { invite, invitedTeam } from './invited-team.js';

/** A person of the team: their id and their typed console client. */
const typed = (app: FastifyInstance, person: ConsoleClient) => Object.assign(consoleClient(app, person), { userId: person.userId });
type Person = ReturnType<typeof typed>;

/** The invited team (invited-team.ts), each person with a typed client; `raw` keeps the untyped ones. */
async function typedTeam(app: FastifyInstance) {
  const raw = await invitedTeam(app);
  const { orgId, otherOrgId } = raw;
  return {
    raw,
    orgId,
    otherOrgId,
    ada: typed(app, raw.ada),
    bob: typed(app, raw.bob),
    carol: typed(app, raw.carol),
    eve: typed(app, raw.eve),
  };
}

const listMembers = (who: Person, organizationId: string) => who.consoleListMembers({ params: { organizationId } });
const changeRole = (who: Person, organizationId: string, userId: string, role: 'owner' | 'admin' | 'member') =>
  who.consoleChangeMemberRole({ params: { organizationId, userId }, body: { role } });
const removeMember = (who: Person, organizationId: string, userId: string) =>
  who.consoleRemoveMember({ params: { organizationId, userId } });
/** The caller's role in the organization, or its status when refused. */
async function roleIn(who: Person, organizationId: string): Promise<string | number> {
  const res = await who.consoleGetOrganization({ params: { organizationId } });
  return res.status === 200 ? res.body.role : res.status;
}

t.test('every member lists the members with their roles', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await typedTeam(app);
  const res = await listMembers(carol, orgId);
  t.equal(res.status, 200);
  const items = res.status === 200 ? res.body.items : [];
  t.same(
    items.map((m) => [m.userId, m.email, m.role]),
    [
      [ada.userId, 'ada@example.com', 'owner'],
      [bob.userId, 'bob@example.com', 'admin'],
      [carol.userId, 'carol@example.com', 'member'],
    ],
  );
  t.match(items[0], { name: 'Ada', createdAt: String });
  t.notMatch(res.response.body, /passwordHash|scrypt/);
});

t.test('only an owner changes roles; the last owner cannot be demoted', async (t) => {
  const { app } = await buildTestApp(t);
  const { raw, ada, bob, carol, orgId } = await typedTeam(app);
  const byMember = await changeRole(carol, orgId, carol.userId, 'admin');
  t.equal(byMember.status, 403, 'a member cannot promote herself');
  const byAdmin = await changeRole(bob, orgId, carol.userId, 'admin');
  t.equal(byAdmin.status, 403, 'an admin cannot change roles');
  t.equal((await changeRole(bob, orgId, bob.userId, 'owner')).status, 403, 'nor make himself owner');

  const promoted = await changeRole(ada, orgId, carol.userId, 'admin');
  t.equal(promoted.status, 200);
  t.match(promoted.body, { userId: carol.userId, email: 'carol@example.com', role: 'admin' });
  t.equal(await roleIn(carol, orgId), 'admin', 'the new role applies at once');
  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.role_changed', actorUserId: ada.userId, targetType: 'user', targetId: carol.userId });
  t.same(entry!.detail, { email: 'carol@example.com', from: 'member', to: 'admin' });

  const lastOwner = await changeRole(ada, orgId, ada.userId, 'admin');
  t.equal(lastOwner.status, 409);
  t.match(lastOwner.body, { code: 'CONFLICT', message: /no owner left/ });
  t.equal(await roleIn(ada, orgId), 'owner', 'still the owner');

  t.equal((await changeRole(ada, orgId, bob.userId, 'owner')).status, 200, 'bob becomes owner');
  const stepDown = await changeRole(ada, orgId, ada.userId, 'member');
  t.equal(stepDown.status, 200, 'with another owner, ada may step down');
  t.equal((await changeRole(bob, orgId, bob.userId, 'admin')).status, 409, 'bob is now the last owner');
  t.equal((await changeRole(ada, orgId, carol.userId, 'member')).status, 403, 'ada lost the owner role');
  // A role the schema does not know cannot be typed: sent untyped.
  t.equal((await raw.bob.patch(`/orgs/${orgId}/members/${carol.userId}`, { role: 'bogus' })).statusCode, 400, 'an unknown role');

  const auditedChanges = (await app.services.audit.list(orgId, 50)).items.filter((e) => e.action === 'member.role_changed');
  t.equal(auditedChanges.length, 3, 'refused and no-op changes are not audited');
});

t.test('two owners stepping down at once leave one owner', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, orgId } = await typedTeam(app);
  t.equal((await changeRole(ada, orgId, bob.userId, 'owner')).status, 200);
  const [one, two] = await Promise.all([changeRole(ada, orgId, ada.userId, 'admin'), changeRole(bob, orgId, bob.userId, 'admin')]);
  t.same([one.status, two.status].sort(), [200, 409], 'one demotion wins, the other is refused');
  const members = await listMembers(ada, orgId);
  const owners = members.status === 200 ? members.body.items.filter((m) => m.role === 'owner') : [];
  t.equal(owners.length, 1);
});

t.test('removing members: admins remove members, owners anyone, anyone leaves, the last owner stays', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, orgId } = await typedTeam(app);
  const memberRemovesAdmin = await removeMember(carol, orgId, bob.userId);
  t.equal(memberRemovesAdmin.status, 403, 'a member removes nobody else');
  const adminRemovesOwner = await removeMember(bob, orgId, ada.userId);
  t.equal(adminRemovesOwner.status, 403, 'an admin cannot remove an owner');
  t.match(adminRemovesOwner.status === 403 && adminRemovesOwner.body.message, /needs the owner role/);

  const lastOwnerLeaves = await removeMember(ada, orgId, ada.userId);
  t.equal(lastOwnerLeaves.status, 409, 'the last owner cannot leave');
  t.match(lastOwnerLeaves.status === 409 && lastOwnerLeaves.body.message, /no owner left/);

  t.equal((await removeMember(bob, orgId, carol.userId)).status, 204, 'an admin removes a member');
  t.equal(await roleIn(carol, orgId), 404, 'the removed member no longer sees the organization');
  const carolsOrgs = await carol.consoleListOrganizations();
  t.same(carolsOrgs.status === 200 && carolsOrgs.body.items, []);
  let [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.removed', actorUserId: bob.userId, targetId: carol.userId });
  t.same(entry!.detail, { email: 'carol@example.com', role: 'member', left: false });
  t.equal((await removeMember(bob, orgId, carol.userId)).status, 404, 'gone already');

  t.equal((await removeMember(bob, orgId, bob.userId)).status, 204, 'an admin may leave');
  [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.same(entry!.detail, { email: 'bob@example.com', role: 'admin', left: true });
  const left = await listMembers(ada, orgId);
  t.same(left.status === 200 && left.body.items.map((m) => m.email), ['ada@example.com']);
});

t.test('an owner removes admins and other owners; a member may leave', async (t) => {
  const { app } = await buildTestApp(t);
  const { raw, ada, bob, carol, orgId } = await typedTeam(app);
  t.equal((await removeMember(carol, orgId, carol.userId)).status, 204, 'a member leaves');
  t.equal((await removeMember(ada, orgId, bob.userId)).status, 204, 'the owner removes an admin');
  const dave = typed(
    app,
    await signUp(app, 'dave@example.com', { invitationToken: await invite(raw.ada, orgId, 'dave@example.com', 'owner') }),
  );
  t.equal(await roleIn(dave, orgId), 'owner', 'invited as an owner');
  t.equal((await removeMember(ada, orgId, dave.userId)).status, 204, 'an owner removes another owner');
  t.equal((await removeMember(ada, orgId, ada.userId)).status, 409, 'and is the last one again');
});

t.test("another organization's ids are 404 on every member route", async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, carol, eve, orgId, otherOrgId } = await typedTeam(app);
  const refused = [
    await listMembers(ada, otherOrgId),
    await changeRole(ada, otherOrgId, eve.userId, 'member'),
    await removeMember(ada, otherOrgId, eve.userId),
    await listMembers(eve, orgId),
    await changeRole(eve, orgId, carol.userId, 'owner'),
    await removeMember(eve, orgId, carol.userId),
    await removeMember(eve, orgId, eve.userId),
    // A user of another organization, addressed through mine.
    await changeRole(ada, orgId, eve.userId, 'admin'),
    await removeMember(ada, orgId, eve.userId),
  ];
  for (const res of refused) t.equal(res.status, 404, `${res.response.json<{ message: string }>().message}`);
  const evesMembers = await listMembers(eve, otherOrgId);
  t.equal(evesMembers.status === 200 && evesMembers.body.items.length, 1, "eve's organization unchanged");
  t.equal(await roleIn(carol, orgId), 'member', 'carol unchanged');
});
