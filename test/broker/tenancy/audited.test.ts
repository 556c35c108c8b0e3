/**
 * src/tenancy writes each change and its audit entry in one transaction: when the entry cannot be
 * written, the change is not either. The failure is the database's own (a trigger that refuses
 * one audit action), on SQLite and on PostgreSQL alike; sign-up is one transaction the same way.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createProjectWithKey, type TestApp } from '../../helpers/app.js';
import { CONSOLE, TEST_PASSWORD } from '../../helpers/console.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';
import { firstOwner } from '../console/org-fixtures.js';

/** Makes the database refuse audit entries of `action` until the returned function is called. */
async function refuseAuditOf({ app, config }: TestApp, action: string): Promise<() => Promise<void>> {
  const connection = app.orm.em.getConnection();
  if (config.database.kind === 'postgresql') {
    await connection.execute(
      `create function refuse_audit() returns trigger language plpgsql as $$
       begin if new.action = '${action}' then raise exception 'audit entry refused'; end if; return new; end $$`,
    );
    await connection.execute('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()');
    return async () => {
      await connection.execute('drop trigger refuse_audit on audit_log');
      await connection.execute('drop function refuse_audit()');
    };
  }
  await connection.execute(
    `create trigger refuse_audit before insert on audit_log when new.action = '${action}' begin select raise(abort, 'audit entry refused'); end`,
  );
  return async () => void (await connection.execute('drop trigger refuse_audit'));
}

/** How many rows `table` holds. */
async function count(app: FastifyInstance, table: string): Promise<number> {
  const [row] = await app.orm.em.getConnection().execute<{ n: number | string }[]>(`select count(*) as n from ${table}`);
  return Number(row?.n);
}

t.test('a change and its audit entry commit or roll back together', async (t) => {
  const test = await buildTestApp(t);
  const { app } = test;
  const { owner, organizationId, projectId } = await firstOwner(app);
  const base = `/orgs/${organizationId}/projects/${projectId}`;

  const allow = await refuseAuditOf(test, 'project.renamed');
  const refused = await owner.patch(base, { name: 'Renamed' });
  t.equal(refused.statusCode, 500, 'the audit write failed');
  t.equal((await owner.get(base)).json().name, 'Default project', 'so the rename was rolled back');
  await allow();

  t.equal((await owner.patch(base, { name: 'Renamed' })).statusCode, 200);
  t.equal((await owner.get(base)).json().name, 'Renamed');
  const [entry] = (await app.services.audit.list(organizationId, 1)).items;
  t.match(entry, { action: 'project.renamed', detail: { from: 'Default project', to: 'Renamed' } }, 'committed with its entry');

  // The operator's commands the same way: no key without its entry.
  const keys = await count(app, 'api_keys');
  const allowKeys = await refuseAuditOf(test, 'api_key.created');
  await t.rejects(app.services.tenancy.apiKeys.create(OPERATOR, projectId, 'never'), /audit entry refused/);
  t.equal(await count(app, 'api_keys'), keys, 'no key was left');
  await allowKeys();
});

t.test('sign-up is one transaction: a failure half-way leaves no account and no organization', async (t) => {
  const test = await buildTestApp(t);
  const { app } = test;
  // The first user's organization, project and owner membership come before the last entry.
  const allow = await refuseAuditOf(test, 'member.joined');
  const res = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: { email: 'first@example.com', password: TEST_PASSWORD },
  });
  t.equal(res.statusCode, 500);
  t.same(
    [
      await count(app, 'users'),
      await count(app, 'organizations'),
      await count(app, 'projects'),
      await count(app, 'memberships'),
      await count(app, 'audit_log'),
    ],
    [0, 0, 0, 0, 0],
    'no user, organization, project, membership or audit entry',
  );
  await allow();

  const again = await app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-up`,
    payload: { email: 'first@example.com', password: TEST_PASSWORD },
  });
  t.equal(again.statusCode, 201, 'the same sign-up succeeds once the entry can be written');
  t.same([await count(app, 'users'), await count(app, 'organizations'), await count(app, 'memberships')], [1, 1, 1]);
});

t.test("an API key's changes are audited as that key, with its id and name", async (t) => {
  const { app } = await buildTestApp(t);
  const { owner, organizationId, projectId } = await firstOwner(app);
  const agent = await app.services.tenancy.apiKeys.create(OPERATOR, projectId, 'agent key');
  const actor = { kind: 'apiKey', apiKeyId: agent.apiKey.id, projectId } as const;
  const made = await app.services.tenancy.apiKeys.create(actor, projectId, 'made by a key');

  const [entry] = (await owner.get(`/orgs/${organizationId}/audit?limit=1`)).json().items;
  t.match(entry, {
    action: 'api_key.created',
    targetId: made.apiKey.id,
    actor: null,
    actorKind: 'apiKey',
    actorApiKey: { id: agent.apiKey.id, name: 'agent key' },
  });
  const [byOperator] = (await owner.get(`/orgs/${organizationId}/audit?limit=2`)).json().items.slice(1);
  t.match(byOperator, { targetId: agent.apiKey.id, actor: null, actorKind: 'operator', actorApiKey: null });
});

t.test('createProjectWithKey leaves its organization, project and key audited as the operator', async (t) => {
  const { app } = await buildTestApp(t);
  const { organizationId } = await createProjectWithKey(app, 'fixture');
  const actions = (await app.services.audit.list(organizationId, 10)).items.map((e) => `${e.action}:${e.actorKind}`);
  t.same(actions, ['api_key.created:operator', 'project.created:operator', 'organization.created:operator']);
});
