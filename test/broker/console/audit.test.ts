/**
 * The organization's audit log in the console: who changed what, newest first, cursor-paged, for
 * owners and admins; the operator's CLI changes recorded as the operator's; never a key.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { appDb, buildTestApp } from '../../helpers/app.js';
import { CONSOLE } from '../../helpers/console.js';
import { commands } from '../../../bin/cli.js';
import { Organization } from '../../../src/db/entities/index.js';
import { firstOwner, otherOrganization, personWithRole } from './org-fixtures.js';
import { createAuditService } from '../../../src/console/audit-service.js';
import { createAuditRepository } from '../../../src/db/repositories/audit-repository.js';
import { createAudited } from '../../../src/tenancy/audited.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

/** Runs a CLI command on the app, returning what it printed. */
async function cli(app: FastifyInstance, name: string, args: string[], flags: Record<string, string> = {}): Promise<string> {
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((c: string) => (printed.push(String(c)), true)) as typeof process.stdout.write;
  try {
    await commands[name]!(app, args, flags);
  } finally {
    process.stdout.write = write;
  }
  return printed.join('');
}

t.test('changes are listed newest first with who, from where and what; paged by cursor', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const signUpEntries = (await owner.get(`/orgs/${organizationId}/audit`)).json().items.length;
  const projects = `/orgs/${organizationId}/projects`;
  const made = (await owner.post(projects, { name: 'Audited' })).json().id as string;
  await owner.patch(`${projects}/${made}`, { name: 'Audited twice' });
  const { key, apiKey } = (await owner.post(`${projects}/${projectId}/api-keys`, { name: 'agent' })).json();
  await owner.delete(`${projects}/${projectId}/api-keys/${apiKey.id}`);

  const res = await owner.get(`/orgs/${organizationId}/audit`);
  t.equal(res.statusCode, 200, res.body);
  // Only the entries of this test's changes (the sign-up's are the oldest).
  const all = res.json().items as { targetType: string; action: string }[];
  const mine = all.slice(0, all.length - signUpEntries);
  t.same(
    mine.map((e: { action: string }) => e.action),
    ['api_key.revoked', 'api_key.created', 'project.renamed', 'project.created'],
  );
  t.match(mine[0], {
    id: /^aud_/,
    createdAt: /^\d{4}-/,
    actor: { userId: owner.userId, email: 'owner@example.com' },
    targetType: 'api_key',
    targetId: apiKey.id,
    projectId,
    ip: '127.0.0.1',
    detail: { name: 'agent', start: apiKey.start },
  });
  t.match(mine[2], { targetType: 'project', targetId: made, projectId: made, detail: { from: 'Audited', to: 'Audited twice' } });
  t.notOk(res.body.includes(key.slice(12)), 'never the key');

  const ids = res.json().items.map((e: { id: string }) => e.id);
  const paged: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await owner.get(`/orgs/${organizationId}/audit?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(page.statusCode, 200);
    paged.push(...page.json().items.map((e: { id: string }) => e.id));
    cursor = page.json().nextCursor;
  } while (cursor && paged.length < 50);
  t.same(paged, ids, 'pages of one hold every entry once, in order');
  t.equal((await owner.get(`/orgs/${organizationId}/audit?cursor=bogus`)).statusCode, 400);
  t.equal((await owner.get(`/orgs/${organizationId}/audit?limit=0`)).statusCode, 400);
});

t.test('owners and admins read it; members are refused; other organizations are 404', async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId } = await firstOwner(app);
  const admin = await personWithRole(app, organizationId, 'admin@example.com', 'admin');
  const member = await personWithRole(app, organizationId, 'member@example.com', 'member');
  const other = await otherOrganization(app);
  await owner.post(`/orgs/${organizationId}/projects`, { name: 'Mine' });
  await other.owner.post(`/orgs/${other.organizationId}/projects`, { name: 'Theirs' });
  const url = `/orgs/${organizationId}/audit`;

  t.equal((await admin.get(url)).statusCode, 200, 'an admin reads');
  const refused = await member.get(url);
  t.equal(refused.statusCode, 403);
  t.match(refused.json().message, /admin role/);
  t.equal((await other.owner.get(url)).statusCode, 404);
  t.equal((await app.inject({ url: `${CONSOLE}${url}` })).statusCode, 401);
  const theirs = (await other.owner.get(`/orgs/${other.organizationId}/audit`)).json().items;
  t.same(
    theirs.map((e: { detail: { name?: string }; actorKind: string }) => `${e.detail.name} by ${e.actorKind}`),
    // The fixture's organization, project and key are the operator's.
    ['Theirs by user', 'other by operator', 'Other project by operator', 'Other organization by operator'],
    'each organization sees only its own entries',
  );
  t.notOk(JSON.stringify((await owner.get(url)).json()).includes('Theirs'));
});

t.test("the operator's CLI records project, key and quota changes as the operator's, never the key", async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const org = await app.orm.em.fork().findOneOrFail(Organization, { id: organizationId });
  const signUpEntries = (await owner.get(`/orgs/${organizationId}/audit`)).json().items.length;

  const createdProject = await cli(app, 'create-project', [], { org: org.name, project: 'From the CLI' });
  const projectKey = /API key: +(\S+)/.exec(createdProject)![1]!;
  const createdKey = await cli(app, 'create-key', [], { project: projectId, name: 'cli key' });
  const keyId = /API key id: +(\S+)/.exec(createdKey)![1]!;
  const key = /API key: +(\S+)/.exec(createdKey)![1]!;
  await cli(app, 'revoke-key', [keyId]);
  await cli(app, 'revoke-key', [keyId]);
  await cli(app, 'set-quota', [], { org: organizationId, executions: '100' });

  const res = await owner.get(`/orgs/${organizationId}/audit`);
  type Entry = {
    actor: unknown;
    actorKind: string;
    actorApiKey: unknown;
    action: string;
    targetType: string;
    targetId: string;
    projectId: string;
    ip: unknown;
    detail: object;
  };
  // Only the CLI's entries (the sign-up's are the oldest).
  const all = res.json().items as Entry[];
  const items = all.slice(0, all.length - signUpEntries);
  // create-project writes the project and its first key, often in the same millisecond: still in that order.
  t.same(
    items.map((e) => e.action),
    ['organization.quota_changed', 'api_key.revoked', 'api_key.created', 'api_key.created', 'project.created'],
    'an already revoked key adds nothing',
  );
  t.ok(
    items.every((e) => e.actor === null && e.actorKind === 'operator' && e.actorApiKey === null && e.ip === null),
    'the operator, no person and no address',
  );
  t.match(items[0], { targetType: 'organization', targetId: organizationId, detail: { from: null, to: 100 } });
  t.match(items[1], { targetId: keyId, projectId, detail: { name: 'cli key', start: key.slice(0, 12) } });
  t.match(
    items.find((e) => e.action === 'project.created'),
    { detail: { name: 'From the CLI' } },
  );
  t.notOk(res.body.includes(key.slice(12)) || res.body.includes(projectKey.slice(12)), 'never a key');
});

t.test("the first user's sign-up is audited: creating the first organization, or joining the existing one", async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const entries = (await owner.get(`/orgs/${organizationId}/audit`)).json().items;
  t.same(
    entries.map((e: { action: string }) => e.action),
    ['member.joined', 'project.created', 'organization.created'],
  );
  t.match(entries[0], {
    actor: { userId: owner.userId, email: 'owner@example.com' },
    ip: '127.0.0.1',
    detail: { role: 'owner', firstUser: true },
  });
  t.match(entries[1], { targetId: projectId, detail: { name: 'Default project', firstUser: true } });
  t.match(entries[2], { targetId: organizationId, detail: { firstUser: true } });

  // An instance bootstrapped by `npm start` in development already has an organization: the first
  // user joins it as owner and nothing else is created.
  const { app: bootstrapped } = await buildTestApp(t);
  const org = await bootstrapped.services.tenancy.organizations.create(OPERATOR, 'Default organization');
  await bootstrapped.services.tenancy.projects.create(OPERATOR, org.id, 'Default project');
  const joined = await firstOwner(bootstrapped, 'first@example.com');
  t.equal(joined.organizationId, org.id);
  const log = (await joined.owner.get(`/orgs/${org.id}/audit`)).json().items;
  t.same(
    log.map((e: { action: string; actorKind: string }) => `${e.action} by ${e.actorKind}`),
    ['member.joined by user', 'project.created by operator', 'organization.created by operator'],
    "the first user's joining only; the organization and project are the operator's",
  );
});

t.test('entries written in the same millisecond list in the order they were written', async (t) => {
  const test = await buildTestApp(t);
  const { organizationId } = await firstOwner(test.app);
  const at = Date.now();
  // The audit writer on the app's database, with a clock that stands still.
  const db = appDb(test);
  const repository = createAuditRepository(db);
  const clocked = createAudited({ db, audit: repository, clock: { now: () => at } });
  for (const n of [1, 2, 3, 4, 5]) {
    await clocked.record(OPERATOR, { organizationId, action: 'project.renamed', targetType: 'project', targetId: `p${n}` });
  }
  const items = (await createAuditService({ audit: repository }).list(organizationId, 5)).items;
  t.same(
    items.map((e) => e.targetId),
    ['p5', 'p4', 'p3', 'p2', 'p1'],
    'newest first, within one millisecond too',
  );
  t.ok(
    items.every((e) => e.createdAt.getTime() === at),
    'all in one millisecond',
  );
});
