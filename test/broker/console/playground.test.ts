/**
 * The console's Playground (issue 32): a person runs a tool for one of the project's connections
 * through the service the native executeTool uses, and sees the request as sent (credentials
 * masked), the provider's status, headers and body, or the broker's error; every run is recorded
 * as an execution. Admins and owners run; members find tools and read their schemas.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { firstOwner, otherOrganization, personWithRole } from './org-fixtures.js';

interface Run {
  executionId: string | null;
  durationMs: number;
  successful: boolean;
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown } | null;
  response: { status: number; headers: Record<string, string>; body: unknown } | null;
  error: { code: string; status: number; message: string; data?: unknown } | null;
}

t.test('runs a tool as executeTool does and shows what was sent and answered, masked', async (t) => {
  const b = await brokerWithSandboxes(t);
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const base = `/orgs/${organizationId}/projects/${projectId}`;
  const hubspot = await b.connectOAuth('hubspot', 'alice');
  const run = (slug: string, body: unknown) => owner.post(`${base}/playground/tools/${slug}/execute`, body);
  const answers: string[] = [];
  const ran = async (slug: string, body: unknown) => {
    const res = await run(slug, body);
    t.equal(res.statusCode, 200, res.body);
    answers.push(res.body);
    return { res, run: res.json<Run>() };
  };

  // Success against the HubSpot sandbox.
  const created = await ran('HUBSPOT_CONTACTS_CREATE', {
    connectionId: hubspot,
    arguments: { properties: { email: 'ann@example.com', firstname: 'Ann' } },
  });
  const ok = created.run;
  t.match(ok, { successful: true, error: null, response: { status: 201, body: { id: /./, properties: { email: 'ann@example.com' } } } });
  t.match(ok.request, { method: 'POST', url: /\/crm\/v3\/objects\/contacts$/, body: { properties: { email: 'ann@example.com' } } });
  t.equal(ok.request?.headers.Authorization, '[REDACTED]', 'the credential header is masked');
  t.equal(ok.request?.headers['user-agent'], 'connector-broker', "headers as sent, the HTTP client's defaults included");
  t.match(ok.response?.headers, { 'content-type': /json/ }, "the provider's headers");
  t.type(ok.executionId, 'string');
  t.ok(ok.durationMs >= 0);
  const record = await owner.get(`${base}/executions/${ok.executionId}`);
  t.equal(record.statusCode, 200, 'recorded, and readable at once');
  t.match(record.json(), {
    outcome: 'succeeded',
    status: 201,
    entityId: 'alice',
    toolSlug: 'HUBSPOT_CONTACTS_CREATE',
    requestId: created.res.headers['x-request-id'],
    durationMs: ok.durationMs,
  });
  const audit = (await owner.get(`/orgs/${organizationId}/audit?limit=1`)).json().items[0];
  t.match(
    audit,
    {
      action: 'connection.tool_run',
      actor: { userId: owner.userId },
      targetId: hubspot,
      detail: { tool: 'HUBSPOT_CONTACTS_CREATE', executionId: ok.executionId, status: 201 },
    },
    'the audit log says who ran it',
  );

  // A provider 4xx: an answer with its body, not an error of the broker.
  const missing = (await ran('HUBSPOT_CONTACTS_GET', { connectionId: hubspot, arguments: { contactId: '987654321' } })).run;
  t.match(missing, { successful: false, error: null, response: { status: 404, body: { message: /./ } } });
  t.match(missing.request, { method: 'GET', url: /\/crm\/v3\/objects\/contacts\/987654321/ });
  t.notOk('body' in (missing.request ?? {}), 'a GET has no body');

  // Invalid arguments: refused with the native API's message, nothing sent, still recorded.
  const invalid = (await ran('HUBSPOT_CONTACTS_GET', { connectionId: hubspot, arguments: {} })).run;
  const native = await b.api('POST', 'tools/HUBSPOT_CONTACTS_GET/execute', { connectedAccountId: hubspot, arguments: {} });
  t.equal(native.statusCode, 400);
  t.match(invalid, { successful: false, request: null, response: null, error: { code: 'BAD_REQUEST', status: 400 } });
  t.equal(invalid.error?.message, native.json<{ message: string }>().message, 'the same message as executeTool');
  t.match(invalid.error?.data, { errors: [{ field: 'arguments.contactId' }] });
  t.match((await owner.get(`${base}/executions/${invalid.executionId}`)).json(), {
    outcome: 'refused',
    errorCode: 'BAD_REQUEST',
    errorMessage: /Invalid arguments for HUBSPOT_CONTACTS_GET/,
    input: '{}',
  });

  // A connection of another project, or none: refused as executeTool refuses, and recorded.
  const other = await otherOrganization(b.app);
  const foreign = await b.connectOAuth('hubspot', 'mallory');
  t.match((await ran('HUBSPOT_CONTACTS_LIST', { connectionId: 'ca_nope', arguments: {} })).run, {
    error: { code: 'NOT_FOUND', status: 404 },
    executionId: /^ex_/,
  });
  const otherRun = await other.owner.post(
    `/orgs/${other.organizationId}/projects/${other.projectId}/playground/tools/HUBSPOT_CONTACTS_LIST/execute`,
    {
      connectionId: foreign,
    },
  );
  t.equal(otherRun.statusCode, 200);
  t.match(otherRun.json<Run>(), { request: null, error: { status: /^40[34]$/ } }, "another project's connection is not run");
  t.equal((await other.owner.post(`${base}/playground/tools/HUBSPOT_CONTACTS_LIST/execute`, { connectionId: hubspot })).statusCode, 404);

  // No credential anywhere in an answer.
  const tokens = [...new Set(b.hubspot.apiRequests().flatMap((r) => (r.bearer ? [r.bearer] : [])))];
  t.ok(tokens.length > 0);
  for (const token of tokens) for (const answer of answers) t.notMatch(answer, token, 'no access token in the answer');

  // Unknown fields and a missing connection are the route's own 400s.
  t.equal((await run('HUBSPOT_CONTACTS_LIST', { arguments: {} })).statusCode, 400);
  t.equal((await run('HUBSPOT_CONTACTS_LIST', { connectionId: hubspot, entityId: 'alice' })).statusCode, 400);
});

t.test('members find tools and read their schema; only admins and owners run them', async (t) => {
  const b = await brokerWithSandboxes(t);
  const { organizationId, projectId } = await firstOwner(b.app);
  const base = `/orgs/${organizationId}/projects/${projectId}`;
  const hubspot = await b.connectOAuth('hubspot');
  const member = await personWithRole(b.app, organizationId, 'mia@example.com', 'member');
  const admin = await personWithRole(b.app, organizationId, 'abe@example.com', 'admin');

  const found = await member.get(`${base}/playground/tools?search=${encodeURIComponent('create contact')}&toolkit=hubspot&limit=5`);
  t.equal(found.statusCode, 200, found.body);
  t.ok(
    found.json<{ items: { slug: string }[] }>().items.some((x) => x.slug === 'HUBSPOT_CONTACTS_CREATE'),
    'search finds the tool',
  );
  const tool = await member.get(`${base}/playground/tools/HUBSPOT_CONTACTS_CREATE`);
  t.equal(tool.statusCode, 200);
  t.match(tool.json(), {
    slug: 'HUBSPOT_CONTACTS_CREATE',
    toolkit: 'hubspot',
    inputParameters: { type: 'object', properties: { properties: {} } },
  });
  t.equal((await member.get(`${base}/playground/tools/HUBSPOT_NO_SUCH_TOOL`)).statusCode, 404);

  const body = { connectionId: hubspot, arguments: {} };
  const before = b.hubspot.apiRequests().length;
  const refused = await member.post(`${base}/playground/tools/HUBSPOT_CONTACTS_LIST/execute`, body);
  t.equal(refused.statusCode, 403, 'a member may not run tools');
  t.match(refused.json(), { code: 'FORBIDDEN', message: /admin/ });
  t.equal(b.hubspot.apiRequests().length, before, 'nothing was sent');
  const byAdmin = await admin.post(`${base}/playground/tools/HUBSPOT_CONTACTS_LIST/execute`, body);
  t.equal(byAdmin.statusCode, 200, byAdmin.body);
  t.match(byAdmin.json(), { successful: true, response: { status: 200 } });
});
