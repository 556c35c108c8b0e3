/** Console projects: list, create, read, rename, redirect allow-list, delete when empty; roles, isolation, audit. */
import t from 'tap';
import { buildTestApp } from '../../helpers/app.js';
import { EXTRA_CATALOG } from '../../helpers/sandboxes.js';
import { CONSOLE } from '../../helpers/console.js';
import { firstOwner, notSignUp, otherOrganization, personWithRole } from './org-fixtures.js';
import { ApiKey, Event, Project } from '../../../src/db/entities/index.js';

const auditActions = async (app: Parameters<typeof firstOwner>[0], organizationId: string) =>
  (await app.services.audit.list(organizationId, 100)).items
    .filter((e) => e.targetType === 'project' && notSignUp(e))
    .map((e) => e.action)
    .reverse();

t.test('an owner lists, creates, reads, renames and sets the redirect allow-list; each change is audited', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const base = `/orgs/${organizationId}/projects`;

  const listed = await owner.get(base);
  t.equal(listed.statusCode, 200);
  t.equal(listed.json().items.length, 1);
  t.match(listed.json().items[0], { id: projectId, name: 'Default project', createdAt: /^\d{4}-\d\d-\d\dT/, allowedRedirectUrls: [] });

  const created = await owner.post(base, { name: '  Agents  ' });
  t.equal(created.statusCode, 201, created.body);
  t.match(created.json(), { id: /^prj_/, name: 'Agents', allowedRedirectUrls: [] });
  const id = created.json().id as string;
  t.same(
    (await owner.get(base)).json().items.map((p: { name: string }) => p.name),
    ['Default project', 'Agents'],
    'oldest first',
  );
  t.equal((await owner.get(`${base}/${id}`)).json().name, 'Agents');

  const renamed = await owner.patch(`${base}/${id}`, { name: 'Agents v2' });
  t.equal(renamed.statusCode, 200, renamed.body);
  t.equal(renamed.json().name, 'Agents v2');
  const urls = ['https://app.example.com/done', ' http://localhost:5173/cb ', 'https://app.example.com/done'];
  const set = await owner.patch(`${base}/${id}`, { allowedRedirectUrls: urls });
  t.equal(set.statusCode, 200, set.body);
  t.same(set.json().allowedRedirectUrls, ['https://app.example.com/done', 'http://localhost:5173/cb'], 'trimmed, duplicates dropped');
  t.same((await owner.get(`${base}/${id}`)).json().allowedRedirectUrls, set.json().allowedRedirectUrls, 'stored');
  const unchanged = await owner.patch(`${base}/${id}`, { name: 'Agents v2', allowedRedirectUrls: set.json().allowedRedirectUrls });
  t.equal(unchanged.statusCode, 200);

  t.same(
    await auditActions(app, organizationId),
    ['project.created', 'project.renamed', 'project.settings_changed'],
    'no entry for a no-op',
  );
  const entries = (await app.services.audit.list(organizationId, 10)).items.filter((e) => e.targetType === 'project' && notSignUp(e));
  t.match(entries[1], { action: 'project.renamed', detail: { from: 'Agents', to: 'Agents v2' }, actorUserId: owner.userId, projectId: id });
  t.match(entries[0], { detail: { before: [], after: ['https://app.example.com/done', 'http://localhost:5173/cb'] } });
});

t.test('project names are unique per organization: 409 naming the project that has it', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const other = await otherOrganization(app);
  const base = `/orgs/${organizationId}/projects`;
  const clash = await owner.post(base, { name: 'Default project' });
  t.equal(clash.statusCode, 409);
  t.equal(clash.json().code, 'CONFLICT');
  t.match(clash.json().message, new RegExp(`"Default project" \\(${projectId}\\)`));
  const second = (await owner.post(base, { name: 'Second' })).json().id;
  const renameClash = await owner.patch(`${base}/${second}`, { name: 'Default project' });
  t.equal(renameClash.statusCode, 409);
  t.equal((await owner.post(base, { name: '   ' })).statusCode, 400, 'a blank name');
  t.equal((await owner.post(base, { name: 'x'.repeat(201) })).statusCode, 400, 'a name too long');
  t.equal(
    (await other.owner.post(`/orgs/${other.organizationId}/projects`, { name: 'Default project' })).statusCode,
    201,
    'another organization may use it',
  );
});

t.test('allowedRedirectUrls: absolute http(s) URLs, at most 20, each at most 2000 characters; 400 naming the bad one', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const url = `/orgs/${organizationId}/projects/${projectId}`;
  const bad: [string[], RegExp][] = [
    [
      ['https://ok.example.com', 'ftp://files.example.com/x'],
      /allowedRedirectUrls\[1\] "ftp:\/\/files\.example\.com\/x" is not an absolute http\(s\) URL/,
    ],
    [['/relative/path'], /allowedRedirectUrls\[0\] "\/relative\/path"/],
    [['http:no-slashes.example.com'], /allowedRedirectUrls\[0\] "http:no-slashes/],
    [['not a url'], /"not a url" is not an absolute/],
    [['javascript:alert(1)'], /javascript:alert/],
  ];
  for (const [urls, message] of bad) {
    const res = await owner.patch(url, { allowedRedirectUrls: urls });
    t.equal(res.statusCode, 400, urls.join(' '));
    t.match(res.json().message, message);
  }
  const tooMany = await owner.patch(url, { allowedRedirectUrls: Array.from({ length: 21 }, (_, i) => `https://e.example.com/${i}`) });
  t.equal(tooMany.statusCode, 400);
  t.match(tooMany.body, /allowedRedirectUrls/);
  const tooLong = await owner.patch(url, { allowedRedirectUrls: [`https://e.example.com/${'a'.repeat(2000)}`] });
  t.equal(tooLong.statusCode, 400);
  t.match(tooLong.body, /allowedRedirectUrls/);
  const twenty = Array.from({ length: 20 }, (_, i) => `https://e.example.com/${i}`);
  t.equal((await owner.patch(url, { allowedRedirectUrls: twenty })).statusCode, 200, 'twenty is fine');
  t.same((await owner.get(url)).json().allowedRedirectUrls, twenty);
  t.equal((await owner.patch(url, {})).statusCode, 400, 'an empty change');
  t.equal((await owner.patch(url, { allowedRedirectUrls: [] })).json().allowedRedirectUrls.length, 0, 'cleared');
});

t.test(
  'delete: refused with 409 while connections, auth configs, active keys or webhook subscriptions are left; then gone with its revoked keys and events',
  async (t) => {
    const { app } = await buildTestApp(t, { env: { CATALOG_PATHS: EXTRA_CATALOG } });
    const { owner, organizationId } = await firstOwner(app);
    const base = `/orgs/${organizationId}/projects`;
    const id = (await owner.post(base, { name: 'Temporary' })).json().id as string;
    const { key, apiKey } = (await owner.post(`${base}/${id}/api-keys`, { name: 'ci' })).json();
    const native = (method: 'POST' | 'DELETE', path: string, body?: object) =>
      app.inject({ method, url: `/api/v1/${path}`, headers: { 'x-api-key': key }, ...(body ? { payload: body } : {}) });
    const connected = await native('POST', 'connectors/acme/connect', {
      entityId: 'u1',
      authMethodId: 'acme_api_key',
      credentials: { api_key: 'acme-secret-value' },
    });
    t.equal(connected.statusCode, 200, connected.body);
    const subscribed = await native('POST', 'webhook_subscriptions', { url: 'https://example.com/hooks' });
    t.equal(subscribed.statusCode, 200, subscribed.body);

    const refused = await owner.delete(`${base}/${id}`);
    t.equal(refused.statusCode, 409);
    t.equal(refused.json().code, 'CONFLICT');
    t.match(
      refused.json().message,
      /Project "Temporary" still has 1 connection, 1 auth config, 1 active API key and 1 webhook subscription: delete its connections, delete its auth configs, revoke its API keys and delete its webhook subscriptions first/,
    );
    t.same(refused.json().data, { connections: 1, authConfigs: 1, activeKeys: 1, webhookSubscriptions: 1 });
    t.equal((await native('DELETE', `webhook_subscriptions/${subscribed.json().id}`)).statusCode, 200);

    const authConfigId = (await app.inject({ url: '/api/v1/auth_configs', headers: { 'x-api-key': key } })).json().items[0].id;
    t.equal((await owner.delete(`${base}/${id}/auth-configs/${authConfigId}`)).statusCode, 204, 'deletes its connection too');
    const keysLeft = await owner.delete(`${base}/${id}`);
    t.equal(keysLeft.statusCode, 409);
    t.equal(
      keysLeft.json().message,
      'Project "Temporary" still has 1 active API key: revoke its API keys first',
      'names only what is left',
    );

    t.equal((await owner.delete(`${base}/${id}/api-keys/${apiKey.id}`)).statusCode, 200);
    t.equal((await owner.delete(`${base}/${id}`)).statusCode, 204);
    t.equal((await owner.get(`${base}/${id}`)).statusCode, 404);
    const em = app.orm.em.fork();
    t.equal(await em.count(Project, { id }), 0);
    t.equal(await em.count(ApiKey, { projectId: id }), 0, 'revoked keys are deleted with the project');
    t.equal(await em.count(Event, { projectId: id }), 0, 'its event log too (connection.created, connection.deleted)');
    t.equal((await owner.delete(`${base}/${id}`)).statusCode, 404, 'deleting twice');
    const actions = await auditActions(app, organizationId);
    t.equal(actions[actions.length - 1], 'project.deleted');
  },
);

t.test('roles: a member reads but may not change; an admin may', async (t) => {
  const { app } = await buildTestApp(t);
  const { organizationId, projectId } = await firstOwner(app);
  const member = await personWithRole(app, organizationId, 'member@example.com', 'member');
  const admin = await personWithRole(app, organizationId, 'admin@example.com', 'admin');
  const base = `/orgs/${organizationId}/projects`;
  t.equal((await member.get(base)).statusCode, 200);
  t.equal((await member.get(`${base}/${projectId}`)).statusCode, 200);
  for (const res of [
    await member.post(base, { name: 'Nope' }),
    await member.patch(`${base}/${projectId}`, { name: 'Nope' }),
    await member.patch(`${base}/${projectId}`, { allowedRedirectUrls: ['https://x.example.com'] }),
    await member.delete(`${base}/${projectId}`),
  ]) {
    t.equal(res.statusCode, 403);
    t.match(res.json().message, /admin role/);
  }
  t.equal((await member.get(`${base}/${projectId}`)).json().name, 'Default project', 'nothing changed');
  const made = await admin.post(base, { name: 'By admin' });
  t.equal(made.statusCode, 201);
  t.equal((await admin.patch(`${base}/${made.json().id}`, { name: 'Renamed by admin' })).statusCode, 200);
  t.equal((await admin.delete(`${base}/${made.json().id}`)).statusCode, 204);
});

t.test("isolation: another organization's ids are 404 whatever they are paired with; no session is 401", async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const other = await otherOrganization(app);
  const mine = `/orgs/${organizationId}/projects`;
  const theirs = `/orgs/${other.organizationId}/projects`;
  for (const res of [
    await owner.get(theirs),
    await owner.post(theirs, { name: 'Intruder' }),
    await owner.get(`${theirs}/${other.projectId}`),
    await owner.patch(`${theirs}/${other.projectId}`, { name: 'Intruder' }),
    await owner.delete(`${theirs}/${other.projectId}`),
  ]) {
    t.equal(res.statusCode, 404);
    t.match(res.json().message, new RegExp(`Organization ${other.organizationId} not found`));
  }
  for (const res of [
    await owner.get(`${mine}/${other.projectId}`),
    await owner.patch(`${mine}/${other.projectId}`, { name: 'Intruder' }),
    await owner.delete(`${mine}/${other.projectId}`),
  ]) {
    t.equal(res.statusCode, 404);
    t.match(res.json().message, new RegExp(`Project ${other.projectId} not found`));
  }
  t.equal((await other.owner.get(`${theirs}/${projectId}`)).statusCode, 404, 'and the other way round');
  t.same(
    (await other.owner.get(theirs)).json().items.map((p: { name: string }) => p.name),
    ['Other project'],
  );
  t.equal((await app.inject({ url: `${CONSOLE}${mine}` })).statusCode, 401);
  const noCsrf = await app.inject({ method: 'POST', url: `${CONSOLE}${mine}`, headers: { cookie: owner.cookie }, payload: { name: 'x' } });
  t.equal(noCsrf.statusCode, 403);
  const withKey = await app.inject({ url: `${CONSOLE}${mine}`, headers: { cookie: owner.cookie, 'x-api-key': other.key } });
  t.equal(withKey.statusCode, 401, 'API keys are refused on the console');
});
