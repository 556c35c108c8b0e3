/**
 * Every call an agent makes is recorded (issue 32): provider answers, provider timeouts and calls
 * refused before the provider (unknown tool, no ACTIVE connection, invalid arguments, a proxy
 * target not allowed), on the native, compat and MCP planes, each with its end user, outcome, error
 * code and message and the request id of the answer's `x-request-id` and the log line's reqId. The
 * console lists them with filters and shows one with its arguments and response body, redacted
 * and bounded; retention prunes details first, records later.
 */
import t from 'tap';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { firstOwner, otherOrganization } from './org-fixtures.js';
import { DETAIL_MAX_CHARS } from '../../../src/tools/execution-detail.js';

interface Row {
  id: string;
  kind: string;
  toolSlug: string | null;
  toolkitSlug: string;
  entityId: string | null;
  outcome: string;
  status: number;
  errorCode: string | null;
  errorMessage: string | null;
  requestId: string | null;
}

t.test('refusals, timeouts and answers are recorded with their reason and request id; detail, filters, retention', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { PROVIDER_TIMEOUT_MS: '300' } });
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  t.equal(projectId, b.projectId);
  const url = `/orgs/${organizationId}/projects/${projectId}/executions`;
  const hubspot = await b.connectOAuth('hubspot', 'alice');

  const ok = await b.api('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', {
    connectedAccountId: hubspot,
    arguments: { properties: { email: 'ann@example.com', firstname: 'Ann', password: 'not-for-the-record' } },
  });
  t.equal(ok.statusCode, 200, ok.body);
  const invalid = await b.api('POST', 'tools/HUBSPOT_CONTACTS_GET/execute', { connectedAccountId: hubspot, arguments: {} });
  t.equal(invalid.statusCode, 400);
  const noConnection = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { entityId: 'bob', arguments: {} });
  t.equal(noConnection.statusCode, 400, noConnection.body);
  const unknown = await b.api('POST', 'tools/HUBSPOT_NO_SUCH_TOOL/execute', { entityId: 'alice', arguments: {} });
  t.equal(unknown.statusCode, 404);
  const offHost = await b.api('POST', 'connectors/proxy', { connectionId: hubspot, endpoint: 'https://evil.example/x', method: 'GET' });
  t.equal(offHost.statusCode, 400, offHost.body);
  const big = 'x'.repeat(DETAIL_MAX_CHARS + 500);
  const proxied = await b.api('POST', 'connectors/proxy', {
    connectionId: hubspot,
    endpoint: '/crm/v3/objects/contacts',
    method: 'POST',
    body: { properties: { email: 'big@example.com', note: big } },
  });
  t.equal(proxied.statusCode, 200, proxied.body);
  b.hubspot.control.latencyMs(1500);
  const slow = await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: hubspot, arguments: {} });
  t.equal(slow.statusCode, 408);
  b.hubspot.control.latencyMs(0);
  const compat = await b.api('POST', '/compat/api/v3.1/tools/execute/HUBSPOT_CONTACTS_GET', {
    connected_account_id: hubspot,
    arguments: {},
  });
  t.equal(compat.statusCode, 400, compat.body);
  await b.app.services.recorder.flush();

  const list = await owner.get(url);
  t.equal(list.statusCode, 200, list.body);
  const items = list.json().items as Row[];
  t.equal(items.length, 8, 'every call is recorded, refusals included');
  const byRequest = (res: { headers: Record<string, unknown> }) => {
    const id = res.headers['x-request-id'];
    t.type(id, 'string');
    const row = items.find((r) => r.requestId === id);
    t.ok(row, `a record carries request id ${String(id)}`);
    return row!;
  };
  t.match(byRequest(ok), { outcome: 'succeeded', status: 201, entityId: 'alice', toolkitSlug: 'hubspot', errorCode: null });
  t.match(byRequest(invalid), {
    outcome: 'refused',
    status: 0,
    entityId: 'alice',
    errorCode: 'BAD_REQUEST',
    errorMessage: /Invalid arguments for HUBSPOT_CONTACTS_GET/,
  });
  t.match(byRequest(noConnection), {
    outcome: 'refused',
    entityId: 'bob',
    toolSlug: 'HUBSPOT_CONTACTS_LIST',
    errorCode: 'BAD_REQUEST',
    errorMessage: /no ACTIVE hubspot connection/,
  });
  t.match(byRequest(unknown), { outcome: 'refused', toolSlug: 'HUBSPOT_NO_SUCH_TOOL', toolkitSlug: '', errorCode: 'NOT_FOUND' });
  t.match(byRequest(offHost), { outcome: 'refused', kind: 'proxy', entityId: 'alice', errorCode: 'BAD_REQUEST' });
  t.match(byRequest(proxied), { outcome: 'succeeded', kind: 'proxy' });
  t.match(byRequest(slow), { outcome: 'error', status: 0, errorCode: 'TIMEOUT', errorMessage: /./ });
  t.match(byRequest(compat), { outcome: 'refused', errorCode: 'BAD_REQUEST' });

  // The log line of the request names the same id.
  const logged = b
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
  t.ok(
    logged.some((l) => l.reqId === invalid.headers['x-request-id'] && l.msg === 'request completed'),
    "the log line's reqId",
  );

  // Detail: arguments and response body, redacted as logs are; bounded with a marker.
  const okDetail = await owner.get(`${url}/${byRequest(ok).id}`);
  t.equal(okDetail.statusCode, 200, okDetail.body);
  const detail = okDetail.json() as { input: string; response: string; detailKept: boolean; requestId: string };
  t.equal(detail.detailKept, true);
  t.equal(detail.requestId, ok.headers['x-request-id']);
  t.match(JSON.parse(detail.input), { properties: { email: 'ann@example.com', password: '[REDACTED]' } });
  t.notMatch(detail.input, 'not-for-the-record', 'a secret key loses its value');
  t.match(JSON.parse(detail.response), { id: /./, properties: { email: 'ann@example.com' } }, "the provider's body");
  const refusedDetail = (await owner.get(`${url}/${byRequest(invalid).id}`)).json() as { input: string; response: string | null };
  t.equal(refusedDetail.input, '{}', 'the arguments of a refused call');
  t.equal(refusedDetail.response, null);
  const bigDetail = (await owner.get(`${url}/${byRequest(proxied).id}`)).json() as { input: string };
  t.ok(bigDetail.input.length < DETAIL_MAX_CHARS + 100, 'bounded');
  t.match(bigDetail.input, /…\[truncated: \d+ more characters\]$/, 'cut with a marker');
  const everything = JSON.stringify(await Promise.all(items.map(async (r) => (await owner.get(`${url}/${r.id}`)).body)));
  const tokens = [
    ...new Set(
      b.hubspot
        .apiRequests()
        .map((r) => r.bearer)
        .filter((x): x is string => !!x),
    ),
  ];
  t.ok(tokens.length > 0);
  for (const token of tokens) t.notMatch(everything, token, 'no access token in any detail');

  // Filters.
  const ids = async (q: string) => ((await owner.get(`${url}?${q}`)).json().items as Row[]).map((r) => r.requestId);
  t.same(
    await ids('outcome=refused'),
    items.filter((r) => r.outcome === 'refused').map((r) => r.requestId),
    'by outcome',
  );
  t.same(await ids('entityId=bob'), [noConnection.headers['x-request-id']], 'by end user');
  t.same(await ids('toolSlug=HUBSPOT_CONTACTS_CREATE'), [ok.headers['x-request-id']], 'by tool');
  t.equal((await ids('toolkitSlug=hubspot')).length, 7, 'by toolkit (the unknown tool has none)');
  t.same(await ids('kind=proxy&outcome=succeeded'), [proxied.headers['x-request-id']], 'combined');
  t.same(await ids(`to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`), [], 'by time');
  t.equal((await ids(`from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).length, 8);
  t.equal((await owner.get(`${url}?outcome=maybe`)).statusCode, 400);

  // Another organization's owner reaches neither the list nor a detail.
  const other = await otherOrganization(b.app);
  t.equal((await other.owner.get(`${url}/${byRequest(ok).id}`)).statusCode, 404);
  t.equal((await owner.get(`${url}/ex_nope`)).statusCode, 404);

  // Retention: details go after EXECUTION_BODY_RETENTION_DAYS (7), records after EXECUTION_RETENTION_DAYS (90).
  const day = 86_400_000;
  t.same(await b.app.services.executionRetention.prune(Date.now() + 6 * day), { details: 0, records: 0 });
  const pruned = await b.app.services.executionRetention.prune(Date.now() + 8 * day);
  t.ok(pruned.details >= 7, 'details pruned after 7 days');
  t.equal(pruned.records, 0);
  const after = (await owner.get(`${url}/${byRequest(ok).id}`)).json();
  t.match(after, { detailKept: false, input: null, response: null, outcome: 'succeeded' }, 'the summary stays');
  t.same(await b.app.services.executionRetention.prune(Date.now() + 91 * day), { details: 0, records: 8 });
  t.equal((await owner.get(url)).json().items.length, 0);
});

t.test('EXECUTION_BODY_RETENTION_DAYS=0 stores no detail', async (t) => {
  const b = await brokerWithSandboxes(t, { env: { EXECUTION_BODY_RETENTION_DAYS: '0' } });
  const { owner, organizationId, projectId } = await firstOwner(b.app);
  const hubspot = await b.connectOAuth('hubspot');
  await b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: hubspot, arguments: {} });
  await b.app.services.recorder.flush();
  const url = `/orgs/${organizationId}/projects/${projectId}/executions`;
  const [row] = (await owner.get(url)).json().items as Row[];
  t.match((await owner.get(`${url}/${row!.id}`)).json(), { outcome: 'succeeded', detailKept: false, input: null, response: null });
});
