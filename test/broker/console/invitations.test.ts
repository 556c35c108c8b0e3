/**
 * Invitations: created by admins and owners (a link shown once, only its hash stored), listed while
 * pending, revoked; the public preview; accepting (single use, the invited email only, expiry);
 * sign-up with a token on invite-only and open instances; isolation; audit.
 */
import t from 'tap';
import { createHash } from 'node:crypto';
import { buildTestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { CONSOLE, TEST_PASSWORD, signIn, signUp } from '../../helpers/console.js';
import { Invitation, Membership } from '../../../src/db/entities/index.js';
import { newId } from '../../../src/ids.js';
import { invite, invitedTeam, tokenOf } from './invited-team.js';

const DAY = 24 * 60 * 60 * 1000;

t.test('an admin invites: the link is shown once and only its hash is stored', async (t) => {
  const { app } = await buildTestApp(t);
  const { bob, carol, orgId } = await invitedTeam(app);
  const res = await bob.post(`/orgs/${orgId}/invitations`, { email: 'Dave@Example.com', role: 'admin' });
  t.equal(res.statusCode, 201);
  const { invitation, url } = res.json();
  t.match(url, /^http:\/\/127\.0\.0\.1:3000\/console\/#\/invite\/[A-Za-z0-9_-]{43}$/);
  t.match(invitation, {
    id: /^inv_/,
    email: 'dave@example.com',
    role: 'admin',
    invitedBy: { userId: bob.userId, email: 'bob@example.com' },
  });
  t.equal(new Date(invitation.expiresAt).getTime() - new Date(invitation.createdAt).getTime(), 7 * DAY, 'expires in 7 days');

  const token = tokenOf(url);
  const row = await app.orm.em.fork().findOneOrFail(Invitation, { id: invitation.id });
  t.equal(row.tokenHash, createHash('sha256').update(token).digest('hex'), 'the sha256 of the token is stored');
  t.notOk(JSON.stringify(row).includes(token), 'the token itself is not');

  const list = await bob.get(`/orgs/${orgId}/invitations`);
  t.equal(list.statusCode, 200);
  t.same(list.json().items, [invitation], 'pending');
  t.notOk(list.body.includes(token), 'the list never shows the token');

  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.invited', actorUserId: bob.userId, targetType: 'invitation', targetId: invitation.id });
  t.same(entry!.detail, { email: 'dave@example.com', role: 'admin' });
  t.notOk(JSON.stringify(entry).includes(token), 'nor does the audit log');

  t.equal((await carol.get(`/orgs/${orgId}/invitations`)).statusCode, 403, 'a member does not see invitations');
  t.equal((await carol.post(`/orgs/${orgId}/invitations`, { email: 'x@example.com', role: 'member' })).statusCode, 403);
  const dup = await bob.post(`/orgs/${orgId}/invitations`, { email: 'dave@example.com', role: 'member' });
  t.equal(dup.statusCode, 409, 'one pending invitation per email');
  t.match(dup.json().message, new RegExp(invitation.id));
  const member = await bob.post(`/orgs/${orgId}/invitations`, { email: 'carol@example.com', role: 'member' });
  t.equal(member.statusCode, 409, 'an existing member is not invited');
  t.equal((await bob.post(`/orgs/${orgId}/invitations`, { email: 'not-an-email', role: 'member' })).statusCode, 400);
});

t.test('only an owner invites an owner', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, orgId } = await invitedTeam(app);
  const byAdmin = await bob.post(`/orgs/${orgId}/invitations`, { email: 'dave@example.com', role: 'owner' });
  t.equal(byAdmin.statusCode, 403);
  t.match(byAdmin.json().message, /Only an owner/);
  t.equal((await ada.post(`/orgs/${orgId}/invitations`, { email: 'dave@example.com', role: 'owner' })).statusCode, 201);
});

t.test('the link: a public preview, then one accept by the invited email', async (t) => {
  const { app, logs } = await buildTestApp(t);
  const { ada, eve, orgId } = await invitedTeam(app);
  const dave = await signUp(app, 'dave@example.com');
  const token = await invite(ada, orgId, 'dave@example.com', 'member');
  const orgName = (await ada.get(`/orgs/${orgId}`)).json().name;

  const preview = await app.inject({ url: `${CONSOLE}/invitations/${token}` });
  t.equal(preview.statusCode, 200, 'no session needed');
  t.match(preview.json(), { organizationName: orgName, email: 'dave@example.com', role: 'member', expiresAt: String });
  const unknown = await app.inject({ url: `${CONSOLE}/invitations/${'x'.repeat(43)}` });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'NOT_FOUND');

  const anonymous = await app.inject({ method: 'POST', url: `${CONSOLE}/invitations/${token}/accept` });
  t.equal(anonymous.statusCode, 401, 'accepting needs a session');
  const wrongPerson = await eve.post(`/invitations/${token}/accept`);
  t.equal(wrongPerson.statusCode, 403, 'not for eve');
  t.match(wrongPerson.json().message, /another email address/);
  t.notOk(wrongPerson.body.includes('dave@'), 'the refusal does not name the invited address');

  const accepted = await dave.post(`/invitations/${token}/accept`);
  t.equal(accepted.statusCode, 200);
  t.same(accepted.json(), { organization: { id: orgId, name: orgName, role: 'member' } });
  t.equal((await dave.get(`/orgs/${orgId}`)).json().role, 'member');
  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.joined', actorUserId: dave.userId, targetType: 'user', targetId: dave.userId });

  const again = await dave.post(`/invitations/${token}/accept`);
  t.equal(again.statusCode, 410, 'single use');
  t.match(again.json(), { code: 'GONE', message: /already used/ });
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${token}` })).statusCode, 410, 'the preview says so too');
  t.same((await ada.get(`/orgs/${orgId}/invitations`)).json().items, [], 'no longer pending');
  t.match(logs(), '/console/invitations/[REDACTED]', 'the requests were logged');
  t.notOk(logs().includes(token), 'without the token');
});

t.test('two accepts of one link at once: one joins, the other is told the link was used', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, orgId } = await invitedTeam(app);
  // Several rounds: the second accept can read the invitation before the first commits and look for
  // the membership after it (a full run of the suite once answered 409 there); it must still be 410.
  for (let round = 0; round < 6; round++) {
    const email = `dave${round}@example.com`;
    const dave = await signUp(app, email);
    const token = await invite(ada, orgId, email, 'admin');
    const [one, two] = await Promise.all([dave.post(`/invitations/${token}/accept`), dave.post(`/invitations/${token}/accept`)]);
    t.same([one.statusCode, two.statusCode].sort(), [200, 410], `round ${round}`);
    const memberships = await app.orm.em.fork().count(Membership, { organizationId: orgId, userId: dave.userId });
    t.equal(memberships, 1);
  }
});

t.test('accepting while already a member is 409 and leaves the invitation unused', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, orgId } = await invitedTeam(app);
  const dave = await signUp(app, 'dave@example.com');
  const token = await invite(ada, orgId, 'dave@example.com', 'admin');
  // Dave joined another way meanwhile (as the operator's CLI or a future route might add him).
  await app.orm.em
    .fork()
    .insert(Membership, { id: newId('mem'), organizationId: orgId, userId: dave.userId, role: 'member', createdAt: new Date() });
  const res = await dave.post(`/invitations/${token}/accept`);
  t.equal(res.statusCode, 409);
  t.match(res.json().message, /already a member/);
  t.equal((await dave.get(`/orgs/${orgId}`)).json().role, 'member', 'his role is unchanged');
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${token}` })).statusCode, 200, 'the invitation was not consumed');
});

t.test('an invitation expires after 7 days', async (t) => {
  const clock = manualClock();
  // Sessions outlive the invitation here: only the invitation's lifetime is under test.
  const env = { SESSION_IDLE_TIMEOUT_MINUTES: String(30 * 24 * 60), SESSION_MAX_AGE_MINUTES: String(60 * 24 * 60) };
  const { app } = await buildTestApp(t, { clock, env });
  const { ada, orgId } = await invitedTeam(app);
  const token = await invite(ada, orgId, 'dave@example.com', 'member');
  const dave = await signUp(app, 'dave@example.com');
  clock.advance(7 * DAY - 60_000);
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${token}` })).statusCode, 200, 'a minute before: still valid');
  t.equal((await ada.get(`/orgs/${orgId}/invitations`)).json().items.length, 1);
  clock.advance(60_000);
  const preview = await app.inject({ url: `${CONSOLE}/invitations/${token}` });
  t.equal(preview.statusCode, 410);
  t.match(preview.json().message, /expired/);
  t.equal((await dave.post(`/invitations/${token}/accept`)).statusCode, 410);
  t.same((await ada.get(`/orgs/${orgId}/invitations`)).json().items, [], 'not pending any more');
  t.equal((await dave.get(`/orgs/${orgId}`)).statusCode, 404, 'dave did not join');
  t.equal(
    (await ada.post(`/orgs/${orgId}/invitations`, { email: 'dave@example.com', role: 'member' })).statusCode,
    201,
    'a new one may be sent',
  );
});

t.test('revoking: admins only, once, never an accepted one', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, carol, eve, orgId, otherOrgId } = await invitedTeam(app);
  const token = await invite(ada, orgId, 'dave@example.com', 'member');
  const [pending] = (await ada.get(`/orgs/${orgId}/invitations`)).json().items;
  const eveToken = await invite(eve, otherOrgId, 'frank@example.com', 'member');
  const [evePending] = (await eve.get(`/orgs/${otherOrgId}/invitations`)).json().items;

  t.equal((await carol.delete(`/orgs/${orgId}/invitations/${pending.id}`)).statusCode, 403, 'a member cannot revoke');
  t.equal((await bob.delete(`/orgs/${orgId}/invitations/${evePending.id}`)).statusCode, 404, "another organization's invitation");
  t.equal((await bob.delete(`/orgs/${otherOrgId}/invitations/${evePending.id}`)).statusCode, 404, 'through its organization');
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${eveToken}` })).statusCode, 200, "eve's invitation untouched");

  t.equal((await bob.delete(`/orgs/${orgId}/invitations/${pending.id}`)).statusCode, 204);
  const gone = await app.inject({ url: `${CONSOLE}/invitations/${token}` });
  t.equal(gone.statusCode, 410);
  t.match(gone.json().message, /revoked/);
  t.same((await ada.get(`/orgs/${orgId}/invitations`)).json().items, []);
  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'invitation.revoked', actorUserId: bob.userId, targetId: pending.id });
  t.equal((await bob.delete(`/orgs/${orgId}/invitations/${pending.id}`)).statusCode, 204, 'revoking twice is harmless');
  const revocations = (await app.services.audit.list(orgId, 50)).items.filter((e) => e.action === 'invitation.revoked');
  t.equal(revocations.length, 1, 'and audited once');
  const signUpWithRevoked = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: { email: 'dave@example.com', password: TEST_PASSWORD, invitationToken: token },
  });
  t.equal(signUpWithRevoked.statusCode, 410, 'a revoked link does not admit a sign-up');

  const [carolJoined] = (await app.services.audit.list(orgId, 50)).items.filter(
    (e) => e.action === 'member.joined' && e.targetId === carol.userId,
  );
  const carolInvitationId = (carolJoined!.detail as { invitationId: string }).invitationId;
  const used = await ada.delete(`/orgs/${orgId}/invitations/${carolInvitationId}`);
  t.equal(used.statusCode, 409, 'an accepted invitation is not revoked');
  t.match(used.json().message, /remove the member instead/);
  t.equal((await ada.delete(`/orgs/${orgId}/invitations/inv_unknown`)).statusCode, 404);
});

t.test("another organization's ids are 404 on every invitation route", async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, eve, orgId, otherOrgId } = await invitedTeam(app);
  await invite(ada, orgId, 'dave@example.com', 'member');
  const [pending] = (await ada.get(`/orgs/${orgId}/invitations`)).json().items;
  for (const res of [
    await eve.get(`/orgs/${orgId}/invitations`),
    await eve.post(`/orgs/${orgId}/invitations`, { email: 'mallory@example.com', role: 'admin' }),
    await eve.delete(`/orgs/${orgId}/invitations/${pending.id}`),
    await ada.get(`/orgs/${otherOrgId}/invitations`),
    await ada.post(`/orgs/${otherOrgId}/invitations`, { email: 'mallory@example.com', role: 'admin' }),
  ])
    t.equal(res.statusCode, 404);
  t.equal((await ada.get(`/orgs/${orgId}/invitations`)).json().items.length, 1, 'nothing revoked');
  t.same((await eve.get(`/orgs/${otherOrgId}/invitations`)).json().items, [], 'nothing created');
});

t.test('invite-only: sign-up needs a pending invitation for that email, and joins its organization', async (t) => {
  const { app } = await buildTestApp(t, { env: { CONSOLE_SIGN_UP: 'invite-only' } });
  t.same((await app.inject({ url: `${CONSOLE}/auth/options` })).json(), {
    signUp: 'invite-only',
    firstUser: true,
    firstUserOrganization: 'new',
  });
  const ada = await signUp(app, 'ada@example.com');
  const orgId = (await ada.get('/orgs')).json().items[0].id;
  const signUpAs = (email: string, invitationToken?: string) =>
    app.inject({
      method: 'POST',
      url: `${CONSOLE}/auth/sign-up`,
      payload: { email, password: TEST_PASSWORD, ...(invitationToken ? { invitationToken } : {}) },
    });

  const uninvited = await signUpAs('dave@example.com');
  t.equal(uninvited.statusCode, 403);
  t.match(uninvited.json().message, /by invitation only/);
  t.equal((await signUpAs('dave@example.com', 'y'.repeat(43))).statusCode, 404, 'an unknown token');

  const token = await invite(ada, orgId, 'dave@example.com', 'admin');
  const otherEmail = await signUpAs('mallory@example.com', token);
  t.equal(otherEmail.statusCode, 403, "someone else's invitation does not admit me");
  t.match(otherEmail.json().message, /another email address/);

  const res = await signUpAs('DAVE@example.com', token);
  t.equal(res.statusCode, 201);
  const dave = await signIn(app, 'dave@example.com');
  t.same(
    (await dave.get('/orgs')).json().items.map((o: { id: string; role: string }) => [o.id, o.role]),
    [[orgId, 'admin']],
    'joined with the invited role',
  );
  const [entry] = (await app.services.audit.list(orgId, 1)).items;
  t.match(entry, { action: 'member.joined', actorUserId: dave.userId, actorEmail: 'dave@example.com', ip: '127.0.0.1' });
  t.equal((await signUpAs('dave2@example.com', token)).statusCode, 410, 'the link was used');
  t.equal((await signIn(app, 'dave@example.com')).userId, dave.userId);
  const failed = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-in`,
    payload: { email: 'mallory@example.com', password: TEST_PASSWORD },
  });
  t.equal(failed.statusCode, 401, 'the refused sign-ups created no account');
});

t.test('an open instance honours a token given at sign-up', async (t) => {
  const { app } = await buildTestApp(t);
  const ada = await signUp(app, 'ada@example.com');
  const orgId = (await ada.get('/orgs')).json().items[0].id;
  const token = await invite(ada, orgId, 'dave@example.com', 'member');
  const dave = await signUp(app, 'dave@example.com', { invitationToken: token });
  t.equal((await dave.get(`/orgs/${orgId}`)).json().role, 'member');
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${token}` })).statusCode, 410, 'consumed');
  const bad = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: { email: 'erin@example.com', password: TEST_PASSWORD, invitationToken: token },
  });
  t.equal(bad.statusCode, 410, 'a used token is refused even where sign-up is open (no silent account without the organization)');
});

t.test('an invitation is void once its sender no longer holds the role it takes to send it', async (t) => {
  const { app } = await buildTestApp(t);
  const { ada, bob, orgId } = await invitedTeam(app);
  const dave = await signUp(app, 'dave@example.com');
  const byBob = await invite(bob, orgId, 'dave@example.com', 'admin');
  const forFrank = await invite(bob, orgId, 'frank@example.com', 'member');
  const ownerLink = await invite(ada, orgId, 'grace@example.com', 'owner');
  const adminLink = await invite(ada, orgId, 'heidi@example.com', 'admin');

  t.equal((await ada.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'member' })).statusCode, 200, 'bob demoted to member');
  const preview = await app.inject({ url: `${CONSOLE}/invitations/${byBob}` });
  t.equal(preview.statusCode, 410, 'the preview says so');
  const accept = await dave.post(`/invitations/${byBob}/accept`);
  t.equal(accept.statusCode, 410);
  t.match(accept.json(), { code: 'GONE', message: /may no longer grant this role/ });
  t.equal((await dave.get(`/orgs/${orgId}`)).statusCode, 404, 'dave did not join');
  const frank = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: { email: 'frank@example.com', password: TEST_PASSWORD, invitationToken: forFrank },
  });
  t.equal(frank.statusCode, 410, 'nor does a sign-up with it admit anyone');

  // Bob is made admin again: his links carry his power again (they were never consumed).
  t.equal((await ada.patch(`/orgs/${orgId}/members/${bob.userId}`, { role: 'admin' })).statusCode, 200);
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${byBob}` })).statusCode, 200);
  // ... and removed: they are void for good.
  t.equal((await ada.delete(`/orgs/${orgId}/members/${bob.userId}`)).statusCode, 204);
  t.equal((await dave.post(`/invitations/${byBob}/accept`)).statusCode, 410, 'a removed sender');

  // An owner demoted to admin: the owner link is void, the admin link still stands.
  const ivan = await signUp(app, 'ivan@example.com');
  const ivanLink = await invite(ada, orgId, 'ivan@example.com', 'owner');
  t.equal((await ivan.post(`/invitations/${ivanLink}/accept`)).statusCode, 200);
  t.equal((await ivan.patch(`/orgs/${orgId}/members/${ada.userId}`, { role: 'admin' })).statusCode, 200, 'ada demoted to admin');
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${ownerLink}` })).statusCode, 410, 'her owner link is void');
  t.equal((await app.inject({ url: `${CONSOLE}/invitations/${adminLink}` })).statusCode, 200, 'her admin link stands');
});
