/**
 * Console API keys (spec 4.11, 5.5): created through the console and usable at once, stored as a
 * hash, shown once; revocation refused at once on another instance; connections unaffected.
 */
import t from 'tap';
import { buildTestApp, createTestDatabase } from '../../helpers/app.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { channelUp, nextDrop } from '../cache/helpers.js';
import { hashApiKey } from '../../../src/tenancy/api-keys.js';
import { AuditEntry, Connection } from '../../../src/db/entities/index.js';
import { firstOwner, otherOrganization, personWithRole } from './org-fixtures.js';

const toolkits = (app: Awaited<ReturnType<typeof buildTestApp>>['app'], key: string) =>
  app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': key } });

t.test('a key made in the console works at once, is stored as a hash and is shown once', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const url = `/orgs/${organizationId}/projects/${projectId}/api-keys`;

  const created = await owner.post(url, { name: 'production agent' });
  t.equal(created.statusCode, 201, created.body);
  const { key, apiKey } = created.json();
  t.match(key, /^cb_live_[A-Za-z0-9_-]{40,}$/);
  t.match(apiKey, { id: /^key_/, name: 'production agent', start: key.slice(0, 12), lastUsedAt: null, revokedAt: null });
  t.same(Object.keys(apiKey).sort(), ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'revokedAt', 'scopes', 'start']);

  const used = await toolkits(app, key);
  t.equal(used.statusCode, 200, 'works against the native API at once');

  const rows: Record<string, unknown>[] = await app.orm.em
    .fork()
    .getConnection()
    .execute('select * from api_keys where id = ?', [apiKey.id]);
  t.equal(rows.length, 1);
  t.equal(rows[0]!.hash, hashApiKey(key), 'the sha256 of the key is stored');
  const everything = JSON.stringify(await app.orm.em.fork().getConnection().execute('select * from api_keys'));
  t.notOk(everything.includes(key), 'the plain key is nowhere in the table');
  t.notOk(everything.includes(key.slice(12)), 'nor its secret part');

  const listed = await owner.get(url);
  t.equal(listed.statusCode, 200);
  t.equal(listed.json().items.length, 1);
  t.match(listed.json().items[0], { id: apiKey.id, name: 'production agent', start: apiKey.start, revokedAt: null });
  t.ok(listed.json().items[0].lastUsedAt, 'last use shown');
  t.notOk(listed.body.includes(key.slice(12)), 'the list never shows the key');
  t.notOk(listed.body.includes(hashApiKey(key)), 'nor its hash');

  const audit = await app.orm.em.fork().find(AuditEntry, { organizationId, targetType: 'api_key' });
  t.match(audit, [
    {
      action: 'api_key.created',
      targetId: apiKey.id,
      projectId,
      actorUserId: owner.userId,
      detail: { name: 'production agent', start: apiKey.start },
    },
  ]);
  t.notOk(JSON.stringify(audit).includes(key.slice(12)), 'the audit log never holds the key');
});

t.test('revoking on one instance refuses the key on another at once', async (t) => {
  const db = await createTestDatabase(t);
  const one = await buildTestApp(t, { db });
  const two = await buildTestApp(t, { db });
  await channelUp(two.app);
  const { owner, organizationId, projectId } = await firstOwner(one.app);
  const url = `/orgs/${organizationId}/projects/${projectId}/api-keys`;
  const { key, apiKey } = (await owner.post(url, { name: 'agent' })).json();
  const kept = (await owner.post(url, { name: 'kept' })).json().key as string;
  t.equal((await toolkits(two.app, key)).statusCode, 200, 'instance two has the key cached');
  t.equal((await toolkits(two.app, kept)).statusCode, 200);

  // PostgreSQL pushes the change to instance two; on SQLite it reads the epoch within 25 ms.
  const dropped = nextDrop(two.app);
  const revoked = await owner.delete(`${url}/${apiKey.id}`);
  t.equal(revoked.statusCode, 200, revoked.body);
  t.match(revoked.json(), { id: apiKey.id, revokedAt: /^\d{4}-/ });
  await dropped();
  const refused = await toolkits(two.app, key);
  t.equal(refused.statusCode, 401, 'refused on instance two');
  t.equal(refused.json().code, 'UNAUTHORIZED');
  t.equal((await toolkits(one.app, key)).statusCode, 401, 'and on instance one');
  t.equal((await toolkits(two.app, kept)).statusCode, 200, "the project's other keys still work");

  const again = await owner.delete(`${url}/${apiKey.id}`);
  t.equal(again.statusCode, 200, 'revoking twice is harmless');
  t.equal(again.json().revokedAt, revoked.json().revokedAt, 'the first revocation time stays');
  const actions = (await one.app.services.audit.list(organizationId, 10)).items
    .map((e) => e.action)
    .filter((a) => a.startsWith('api_key.'));
  t.same(actions, ['api_key.revoked', 'api_key.created', 'api_key.created'], 'one revocation entry');
  const listed = (await owner.get(url)).json().items;
  t.match(
    listed,
    [
      { id: apiKey.id, revokedAt: revoked.json().revokedAt },
      { name: 'kept', revokedAt: null },
    ],
    'revoked keys stay listed',
  );
});

t.test("revoking a key leaves the project's connections as they are", async (t) => {
  const b = await brokerWithSandboxes(t);
  // The first sign-up owns the sandbox broker's organization, project and key.
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  t.equal(projectId, b.projectId);
  const url = `/orgs/${organizationId}/projects/${projectId}/api-keys`;
  const { key, apiKey } = (await owner.post(url, { name: 'short-lived' })).json();

  const init = await b.api('POST', 'connectors/hubspot/initiate', { entityId: 'alice' }, key);
  t.equal(init.statusCode, 200, init.body);
  const { res } = await b.consent(init.json().redirectUrl);
  t.equal(res.statusCode, 200);
  const oauthId = init.json().connectionId as string;
  const acme = await b.api(
    'POST',
    'connectors/acme/connect',
    { entityId: 'bob', authMethodId: 'acme_api_key', credentials: { api_key: 'acme-k-1' } },
    key,
  );
  t.equal(acme.statusCode, 200, acme.body);

  t.equal((await owner.delete(`${url}/${apiKey.id}`)).statusCode, 200);
  t.equal((await b.api('GET', 'connectors/connections', undefined, key)).statusCode, 401, 'the key is refused');

  const rows = await b.app.orm.em.fork().find(Connection, { projectId }, { orderBy: { createdAt: 'asc' } });
  t.same(
    rows.map((r) => [r.id, r.status, r.disabled]),
    [
      [oauthId, 'ACTIVE', false],
      [acme.json().connectionId, 'ACTIVE', false],
    ],
    'both connections are ACTIVE and enabled',
  );
  const other = (await owner.post(url, { name: 'next' })).json().key as string;
  const executed = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: oauthId, arguments: {} }, other);
  t.equal(executed.statusCode, 200, executed.body);
  t.equal(executed.json().successful, true, 'the connection made with the revoked key serves another key');
  t.equal((await b.api('GET', `connectors/connections/${acme.json().connectionId}`, undefined, b.key)).json().status, 'ACTIVE');
});

t.test('roles and isolation: members list, admins create and revoke; other projects and organizations are 404', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const member = await personWithRole(app, organizationId, 'member@example.com', 'member');
  const admin = await personWithRole(app, organizationId, 'admin@example.com', 'admin');
  const other = await otherOrganization(app);
  const url = `/orgs/${organizationId}/projects/${projectId}/api-keys`;
  const mine = (await owner.post(url, { name: 'mine' })).json();

  t.equal((await member.get(url)).statusCode, 200, 'a member lists');
  t.equal((await member.post(url, { name: 'nope' })).statusCode, 403);
  t.equal((await member.delete(`${url}/${mine.apiKey.id}`)).statusCode, 403);
  t.equal((await toolkits(app, mine.key)).statusCode, 200, 'the member did not revoke it');
  const byAdmin = await admin.post(url, { name: 'by admin' });
  t.equal(byAdmin.statusCode, 201);
  t.equal((await admin.delete(`${url}/${byAdmin.json().apiKey.id}`)).statusCode, 200);

  // Another organization's key, through my organization and project: not found, not revoked.
  const notMine = await owner.delete(`${url}/${other.apiKeyId}`);
  t.equal(notMine.statusCode, 404);
  t.match(notMine.json().message, new RegExp(`API key ${other.apiKeyId} not found`));
  t.equal((await toolkits(app, other.key)).statusCode, 200, 'still works');
  const theirs = `/orgs/${other.organizationId}/projects/${other.projectId}/api-keys`;
  t.equal((await owner.get(theirs)).statusCode, 404);
  t.equal((await owner.post(theirs, { name: 'intruder' })).statusCode, 404);
  t.equal((await owner.delete(`${theirs}/${other.apiKeyId}`)).statusCode, 404);
  t.equal((await owner.get(`/orgs/${organizationId}/projects/${other.projectId}/api-keys`)).statusCode, 404);
  t.equal((await other.owner.get(url)).statusCode, 404);

  // A key of another project of the same organization, through this project's path.
  const second = (await owner.post(`/orgs/${organizationId}/projects`, { name: 'Second' })).json().id;
  const secondKey = (await owner.post(`/orgs/${organizationId}/projects/${second}/api-keys`, { name: 's' })).json();
  t.equal((await owner.delete(`${url}/${secondKey.apiKey.id}`)).statusCode, 404);
  t.equal((await toolkits(app, secondKey.key)).statusCode, 200);
  t.same(
    (await owner.get(`/orgs/${organizationId}/projects/${second}/api-keys`)).json().items.map((k: { name: string }) => k.name),
    ['s'],
    'each project lists its own keys',
  );

  t.equal((await owner.post(url, {})).statusCode, 400, 'a name is required');
  t.equal((await owner.delete(`${url}/${mine.key}`)).statusCode, 400, 'a full key is not an id');
});
