/** A project's execution records in the console: newest first, kind filter, keyset paging; roles and isolation. */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { ToolExecution } from '../../../src/db/entities/index.js';
import { firstOwner, otherOrganization, personWithRole } from './org-fixtures.js';

t.test('tool executions and proxy calls, newest first, filtered by kind and paged by cursor', async (t) => {
  const b = await brokerWithSandboxes(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const url = `/orgs/${organizationId}/projects/${projectId}/executions`;
  const hubspot = await b.connectOAuth('hubspot');
  const bitly = await b.connectOAuth('bitly');
  t.equal((await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: hubspot, arguments: {} })).statusCode, 200);
  t.equal((await b.api('POST', 'tools/BITLY_GET_USER/execute', { connectedAccountId: bitly })).statusCode, 200);
  t.equal((await b.api('POST', 'connectors/proxy', { connectionId: bitly, endpoint: '/user', method: 'GET' })).statusCode, 200);
  t.equal((await b.api('POST', 'connectors/proxy', { connectionId: bitly, endpoint: '/no-such-endpoint', method: 'GET' })).statusCode, 200);
  // Records are written in batches: flush before reading.
  await b.app.services.recorder.flush();

  const all = await owner.get(url);
  t.equal(all.statusCode, 200, all.body);
  const items = all.json().items;
  t.equal(items.length, 4);
  t.equal(all.json().nextCursor, null);
  t.same(
    items.map((e: { kind: string; toolSlug: string | null }) => [e.kind, e.toolSlug]),
    [
      ['proxy', null],
      ['proxy', null],
      ['tool', 'BITLY_GET_USER'],
      ['tool', 'HUBSPOT_CONTACTS_LIST'],
    ],
    'newest first',
  );
  t.match(items[3], { id: /^ex_/, toolkitSlug: 'hubspot', connectionId: hubspot, status: 200, successful: true, errorCode: null });
  t.match(items[0], { toolkitSlug: 'bitly', connectionId: bitly, status: 404, successful: false });
  t.ok(items.every((e: { durationMs: number }) => Number.isInteger(e.durationMs) && e.durationMs >= 0));
  const times = items.map((e: { createdAt: string }) => Date.parse(e.createdAt));
  t.same(
    times,
    [...times].sort((x: number, y: number) => y - x),
    'createdAt descending',
  );
  const ids = items.map((e: { id: string }) => e.id);
  t.same(ids, [...ids].sort().reverse(), 'ids sort in the order the calls were made (one millisecond keeps its order)');

  t.same(
    (await owner.get(`${url}?kind=tool`)).json().items.map((e: { toolSlug: string }) => e.toolSlug),
    ['BITLY_GET_USER', 'HUBSPOT_CONTACTS_LIST'],
  );
  t.equal((await owner.get(`${url}?kind=proxy`)).json().items.length, 2);
  t.equal((await owner.get(`${url}?kind=other`)).statusCode, 400);

  const first = await owner.get(`${url}?limit=3`);
  t.equal(first.json().items.length, 3);
  t.type(first.json().nextCursor, 'string');
  const second = await owner.get(`${url}?limit=3&cursor=${first.json().nextCursor}`);
  t.same(
    [...first.json().items, ...second.json().items].map((e: { id: string }) => e.id),
    items.map((e: { id: string }) => e.id),
    'two pages hold every record once',
  );
  t.equal(second.json().nextCursor, null);
  const bad = await owner.get(`${url}?cursor=garbage`);
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, /cursor/);
});

t.test('keyset paging: records of the same millisecond are each shown once', async (t) => {
  const b = await brokerWithSandboxes(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const at = new Date('2026-05-01T10:00:00.123Z');
  const rows = Array.from({ length: 7 }, (_, i) => ({
    id: `ex_same_${i}`,
    projectId,
    connectionId: '',
    kind: 'tool' as const,
    toolSlug: 'HUBSPOT_CONTACTS_LIST',
    toolkitSlug: 'hubspot',
    status: 200,
    successful: true,
    durationMs: i,
    errorCode: null,
    createdAt: i < 5 ? at : new Date(at.getTime() - 1000),
  }));
  await b.app.orm.em.fork().insertMany(ToolExecution, rows);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await owner.get(`/orgs/${organizationId}/projects/${projectId}/executions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(res.statusCode, 200);
    seen.push(...res.json().items.map((e: { id: string }) => e.id));
    cursor = res.json().nextCursor;
  } while (cursor && seen.length < 20);
  t.same(seen, ['ex_same_4', 'ex_same_3', 'ex_same_2', 'ex_same_1', 'ex_same_0', 'ex_same_6', 'ex_same_5']);
  const one = (await owner.get(`/orgs/${organizationId}/projects/${projectId}/executions?limit=1`)).json().items[0];
  t.equal(one.connectionId, null, "a call with the caller's own credentials has no connection");
});

t.test('members read; other projects and organizations see nothing of it', async (t) => {
  const b = await brokerWithSandboxes(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const member = await personWithRole(b.app, organizationId, 'member@example.com', 'member');
  const other = await otherOrganization(b.app);
  const hubspot = await b.connectOAuth('hubspot');
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: hubspot, arguments: {} });
  await b.app.services.recorder.flush();
  const url = `/orgs/${organizationId}/projects/${projectId}/executions`;
  t.equal((await member.get(url)).json().items.length, 1, 'a member reads');
  const second = (await owner.post(`/orgs/${organizationId}/projects`, { name: 'Second' })).json().id;
  t.same((await owner.get(`/orgs/${organizationId}/projects/${second}/executions`)).json().items, [], 'another project has its own');
  t.equal((await other.owner.get(url)).statusCode, 404);
  t.equal((await other.owner.get(`/orgs/${other.organizationId}/projects/${projectId}/executions`)).statusCode, 404);
  t.equal((await owner.get(`/orgs/${organizationId}/projects/${other.projectId}/executions`)).statusCode, 404);
});
