/** GET /metrics: Prometheus text, its bearer token, and the series the broker's work produces. */
import t from 'tap';
import { buildTestApp, createProjectWithKey } from '../../helpers/app.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { channelUp } from '../cache/helpers.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line `name{labels} value` (labels in any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

t.test('the token guards /metrics, which spec.json does not list', async (t) => {
  const { app } = await buildTestApp(t, { env: { METRICS_TOKEN: TOKEN } });
  t.equal((await app.inject({ url: '/metrics' })).statusCode, 401, 'no token');
  const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-wrong-wrong' } });
  t.equal(wrong.statusCode, 401, 'wrong token');
  t.notMatch(wrong.body, TOKEN, 'the token is never echoed');
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  t.match(res.body, /# TYPE broker_http_request_duration_seconds histogram/);
  t.ok(sample(res.body, 'broker_process_resident_memory_bytes')! > 0, 'process metrics');
  const spec = (await app.inject({ url: '/api/v1/spec.json' })).json() as { paths: Record<string, unknown> };
  t.notOk('/metrics' in spec.paths, 'hidden from the API description');

  const open = await buildTestApp(t);
  t.equal((await open.app.inject({ url: '/metrics' })).statusCode, 200, 'no METRICS_TOKEN: open');
});

t.test('requests by route pattern, cache hit rate, database pools', async (t) => {
  const { app, config } = await buildTestApp(t);
  const { key } = await createProjectWithKey(app);
  await channelUp(app);
  for (let i = 0; i < 3; i++) await app.inject({ url: '/api/v1/connectors/connections/con_x', headers: { 'x-api-key': key } });
  await app.inject({ url: '/no/such/path' });
  const text = (await app.inject({ url: '/metrics' })).body;
  const route = '/api/v1/connectors/connections/:connectionId';
  t.equal(
    sample(text, 'broker_http_request_duration_seconds_count', { method: 'GET', route, status_code: '404' }),
    3,
    'by pattern, not by URL',
  );
  t.notMatch(text, 'con_x', 'no raw URL in a label');
  t.equal(sample(text, 'broker_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }), 1);
  t.equal(sample(text, 'broker_cache_lookups_total', { result: 'miss' }), 1, 'the key missed once');
  t.equal(sample(text, 'broker_cache_lookups_total', { result: 'hit' }), 2, 'then hit');
  const postgres = config.database.kind === 'postgresql';
  t.equal(sample(text, 'broker_cache_channel', { state: postgres ? 'up' : 'none' }), 1, 'invalidation channel state');
  t.ok(sample(text, 'broker_db_pool_connections', { pool: 'orm', state: 'idle' })! >= 0, 'ORM pool');
  t.ok(sample(text, 'broker_db_pool_connections', { pool: 'epoch', state: 'idle' })! >= 0, 'epoch pool');
});

t.test('executions by toolkit and outcome, provider latency, token refreshes', async (t) => {
  const b = await brokerWithSandboxes(t);
  const id = await b.connectOAuth('hubspot');
  const exec = () => b.api('POST', 'tools/HUBSPOT_CONTACTS_LIST/execute', { connectedAccountId: id, arguments: {} });
  t.equal((await exec()).json().successful, true);
  b.hubspot.control.failNext(404);
  t.equal((await exec()).json().successful, false);
  t.equal((await b.api('POST', `connectors/connections/${id}/refresh`)).statusCode, 200, 'forced refresh');
  b.hubspot.control.tokenEndpoint('fail');
  await b.api('POST', `connectors/connections/${id}/refresh`);
  const text = (await b.app.inject({ url: '/metrics' })).body;
  const ex = (outcome: string) => sample(text, 'broker_executions_total', { kind: 'tool', toolkit: 'hubspot', outcome });
  t.equal(ex('success'), 1);
  t.equal(ex('provider_error'), 1);
  t.equal(sample(text, 'broker_provider_call_duration_seconds_count', { kind: 'tool', toolkit: 'hubspot' }), 2);
  t.equal(sample(text, 'broker_token_refreshes_total', { toolkit: 'hubspot', outcome: 'success' }), 1);
  t.equal(sample(text, 'broker_token_refreshes_total', { toolkit: 'hubspot', outcome: 'error' }), 1);
});
