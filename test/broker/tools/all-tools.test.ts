/**
 * Every one of the 109 catalog tools executed through a real OAuth connection against the
 * sandboxes, checking what the provider received (method, path, query, body, bearer token) and
 * the result envelope.
 */
import t, { type Test } from 'tap';
import { brokerWithSandboxes, type BrokerWithSandboxes } from '../../helpers/sandboxes.js';
import { seedBitlySamples, seedHubspotSamples, type SampleResources } from '../../helpers/sample-resources.js';
import { loadToolMap, startReceiver } from '../../unit/sandbox/helpers.js';
import type { ToolFile } from '../../../src/catalog/catalog-schema.js';
import type { OAuthTokens } from '../../../src/connections/oauth2-client.js';
import type { RecordedRequest } from '../../../sandbox/index.js';

function expectedPath(tool: ToolFile, args: Record<string, unknown>): string {
  const raw = new Set(tool.request.rawPathParams ?? []);
  return tool.request.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = String(args[name]);
    return raw.has(name) ? v.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(v);
  });
}

// The success status each provider documents, from the provider reference map (the catalog does not record it).
const successStatus = new Map(loadToolMap().map((e) => [e.slug, e.successStatus]));

async function sweep(t: Test, b: BrokerWithSandboxes, slug: 'hubspot' | 'bitly', samples: SampleResources) {
  const sandbox = slug === 'hubspot' ? b.hubspot : b.bitly;
  const connectionId = await b.connectOAuth(slug, `sweeper-${slug}`);
  const token = (await b.app.services.vault.get<OAuthTokens>({ ownerType: 'connection', ownerId: connectionId, name: 'oauth_tokens' }))!
    .value.access_token;
  const basePath = new URL(sandbox.apiBaseUrl).pathname.replace(/\/$/, '');
  const tools = [...b.app.services.catalog.toolsOf(slug)].sort(
    (x, y) => Number(x.request.method === 'DELETE') - Number(y.request.method === 'DELETE'),
  );
  t.equal(tools.length, slug === 'hubspot' ? 18 : 91);
  for (const tool of tools) {
    const del = tool.request.method === 'DELETE';
    const values = samples.pathValues(del);
    const args: Record<string, unknown> = { ...(samples.bodies[tool.slug] ?? {}) };
    for (const name of (tool.request.path.match(/\{([^}]+)\}/g) ?? []).map((p) => p.slice(1, -1))) args[name] = values[name];
    // Required arguments without a default (metrics `unit`): the first allowed value.
    const props = tool.input.properties as Record<string, { enum?: unknown[]; default?: unknown }>;
    for (const name of tool.input.required ?? []) {
      if (args[name] === undefined && props[name]?.default === undefined && props[name]?.enum) args[name] = props[name]!.enum![0];
    }
    const before = sandbox.apiRequests().length;
    const res = await b.api('POST', `tools/${tool.slug}/execute`, { connectedAccountId: connectionId, arguments: args });
    t.equal(res.statusCode, 200, `${tool.slug}: broker answered 200 (${res.body.slice(0, 200)})`);
    const envelope = res.json() as { status: number; successful: boolean; data?: unknown };
    t.ok(successStatus.has(tool.slug), `${tool.slug}: in the provider reference map`);
    t.match(envelope, { status: successStatus.get(tool.slug), successful: true }, `${tool.slug}: envelope`);
    const sent = sandbox.apiRequests().slice(before);
    t.equal(sent.length, 1, `${tool.slug}: exactly one provider request`);
    const got = sent[0] as RecordedRequest | undefined;
    if (!got) continue;
    t.equal(got.method, tool.request.method, `${tool.slug}: method`);
    t.equal(got.path, basePath + expectedPath(tool, args), `${tool.slug}: path`);
    t.equal(got.bearer, token, `${tool.slug}: the connection's token was injected`);
    for (const q of tool.request.query ?? []) {
      if (args[q] !== undefined) t.ok(q in got.query, `${tool.slug}: query ${q} sent`);
    }
    const bodyFields = tool.request.body === 'all' ? Object.keys(samples.bodies[tool.slug] ?? {}) : (tool.request.body?.fields ?? []);
    const expectedBody = Object.fromEntries(
      bodyFields.filter((f) => samples.bodies[tool.slug]?.[f] !== undefined).map((f) => [f, samples.bodies[tool.slug]![f]]),
    );
    if (Object.keys(expectedBody).length > 0) t.match(got.body, expectedBody, `${tool.slug}: body`);
  }
}

t.test('all 18 HubSpot tools', async (t) => {
  const b = await brokerWithSandboxes(t);
  await sweep(t, b, 'hubspot', seedHubspotSamples(b.hubspot));
});

t.test('all 91 Bitly tools', async (t) => {
  const b = await brokerWithSandboxes(t);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  await sweep(t, b, 'bitly', await seedBitlySamples(b.bitly, receiver.url));
  t.equal(receiver.received.length, 1, 'VERIFY_WEBHOOK pinged the loopback receiver');
});
