/**
 * The TypeScript SDK (sdk/typescript, imported from its source) against a real listening broker
 * with the sandboxes: connect an end user through the HubSpot sandbox's OAuth consent, wait until
 * ACTIVE, list and execute tools, the connection's lifecycle, typed errors with the request id,
 * trigger types, and a webhook subscription whose real delivery webhooks.verify accepts.
 */
import t from 'tap';
import { sharedBrokerWithSandboxes } from '../../helpers/shared-broker.js';
import { startWebhookReceiver } from '../../../sandbox/webhook-receiver.js';
import { BrokerError, ConnectorBroker, WebhookVerificationError } from '../../../sdk/typescript/src/index.js';

const shared = sharedBrokerWithSandboxes(t, { env: { WEBHOOK_CONCURRENCY: '2', WEBHOOK_POLL_INTERVAL_MS: '50' } });
let listening: Promise<string> | undefined;
const receiverReady = startWebhookReceiver();
t.teardown(async () => (await receiverReady).close());

async function tenant() {
  const b = await shared.tenant();
  const origin = await (listening ??= b.app.listen({ port: 0, host: '127.0.0.1' }));
  return { ...b, broker: new ConnectorBroker({ baseUrl: origin, apiKey: b.key }) };
}

t.test('connect an end user through OAuth, wait until ACTIVE, list and execute tools', async (t) => {
  const { broker, consent, sent } = await tenant();
  const config = await broker.authConfigs.create({ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  const { connectionId, redirectUrl } = await broker.connections.initiate('hubspot', {
    entityId: 'ada',
    authConfigId: config.authConfigId,
  });
  t.ok(redirectUrl, 'OAuth: a URL for the user');
  t.equal((await broker.connections.get(connectionId)).status, 'INITIATED');

  // The user consents while the SDK polls.
  const active = broker.connections.waitUntilActive(connectionId, { intervalMs: 50 });
  await consent(redirectUrl!);
  t.match(await active, { id: connectionId, status: 'ACTIVE', entityId: 'ada', providerSlug: 'hubspot' });

  const tools = await broker.tools.list({ toolkit: 'hubspot', limit: 100 });
  t.ok(tools.items.some((tool) => tool.slug === 'HUBSPOT_CONTACTS_CREATE'));
  const tool = await broker.tools.get('HUBSPOT_CONTACTS_CREATE');
  t.ok(tool.inputParameters, 'a single tool has its input schema');

  const created = await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', {
    entityId: 'ada',
    arguments: { properties: { email: 'ada@example.com' } },
  });
  t.match(created, { successful: true, status: 201, data: { properties: { email: 'ada@example.com' } } });
  t.equal(sent.hubspot.api().length, 1, 'one call reached the provider');
  const again = await broker.tools.execute('HUBSPOT_CONTACTS_CREATE', {
    connectedAccountId: connectionId,
    arguments: { properties: { email: 'ada@example.com' } },
  });
  t.match(again, { successful: false, status: 409 }, "a provider's error is an answer, not a throw");

  const listed = await broker.connections.list({ entityId: 'ada' });
  t.same(
    listed.items.map((c) => c.id),
    [connectionId],
  );
});

t.test('the connection lifecycle: refresh, revoke, delete; errors are BrokerErrors with the request id', async (t) => {
  const { broker, connectOAuth } = await tenant();
  const connectionId = await connectOAuth('hubspot', 'grace');
  t.match(await broker.connections.refresh(connectionId), { status: 'ACTIVE' });
  t.match(await broker.connections.revoke(connectionId), { status: 'REVOKED' });
  await t.rejects(broker.connections.waitUntilActive(connectionId), { code: 'CONNECTION_NOT_ACTIVE' });
  t.same(await broker.connections.delete(connectionId), { deleted: true });

  const error = await broker.connections.get(connectionId).catch((e: unknown) => e);
  t.ok(error instanceof BrokerError);
  if (!(error instanceof BrokerError)) return;
  t.match(error, { code: 'NOT_FOUND', status: 404 });
  t.match(error.requestId, /\S/, 'the x-request-id of the answer');

  const denied = new ConnectorBroker({ baseUrl: await listening!, apiKey: 'not-a-key' });
  await t.rejects(denied.tools.list(), { code: 'UNAUTHORIZED', status: 401 });
  await t.rejects(broker.connections.initiate('hubspot', { entityId: '' }), { code: 'BAD_REQUEST', status: 400 });
});

t.test('connect links, toolkits and trigger types', async (t) => {
  const { broker } = await tenant();
  const config = await broker.authConfigs.create({ slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  t.equal((await broker.authConfigs.get(config.authConfigId)).id, config.authConfigId);
  const link = await broker.connectLinks.create({ authConfigId: config.authConfigId, entityId: 'lin' });
  t.match(link, { connectionId: String, url: /^https?:\/\// });
  t.equal((await broker.toolkits.get('hubspot')).slug, 'hubspot');
  const types = await broker.triggerTypes.list({ toolkit: 'hubspot' });
  t.ok(types.items.length > 0, 'HubSpot has trigger types');
  t.equal((await broker.triggerTypes.get(types.items[0]!.slug)).slug, types.items[0]!.slug);
});

t.test('a webhook subscription: its real delivery verifies with webhooks.verify; deliveries, events, redeliver', async (t) => {
  const { broker, connectOAuth } = await tenant();
  const receiver = await receiverReady;
  const subscription = await broker.webhooks.create({ url: receiver.url('/sdk-hook'), eventTypes: ['connection.created'] });
  t.match(subscription.secret, /^whsec_/);
  await connectOAuth('hubspot', 'hedy');

  const [delivery] = await receiver.waitFor('/sdk-hook', 1);
  const event = await broker.webhooks.verify({ headers: delivery!.headers, body: delivery!.body }, subscription.secret);
  t.match(event, { type: 'connection.created', data: { entityId: 'hedy' } });
  await t.rejects(
    broker.webhooks.verify({ headers: delivery!.headers, body: delivery!.body }, `whsec_${Buffer.alloc(24).toString('base64')}`),
    WebhookVerificationError,
  );

  const seen = [];
  for await (const e of broker.events.iterate({ type: ['connection.created'], limit: 1 })) seen.push(e.id);
  t.same(seen, [event.id], 'the event log has it');
  const redelivered = await broker.webhooks.redeliver(event.id, { subscriptionId: subscription.id });
  t.equal(redelivered.deliveries.length, 1);
  const test = await broker.webhooks.sendTest(subscription.id);
  const all = await receiver.waitFor('/sdk-hook', 3);
  for (const d of all) await broker.webhooks.verify({ headers: d.headers, body: d.body }, subscription.secret);
  t.pass('every delivery verifies');
  t.ok(all.some((d) => d.headers['webhook-id'] === test.deliveryId));

  const rotated = await broker.webhooks.rotateSecret(subscription.id);
  t.not(rotated.secret, subscription.secret);
  const attempts = await broker.webhooks.deliveries(subscription.id);
  t.ok(attempts.items.length >= 3);
  t.equal((await broker.webhooks.list()).items.length, 1);
  t.same(await broker.webhooks.delete(subscription.id), { deleted: true });
});

t.test('agentSessions: create one for an end user, use its token with the SDK, list and revoke it', async (t) => {
  const { broker } = await tenant();
  const origin = await listening!;
  const session = await broker.agentSessions.create({ entityId: 'grace', toolkits: ['hubspot'], expiresInSeconds: 600 });
  t.match(session, { id: /^ags_/, entityId: 'grace', toolkits: ['hubspot'], tools: null, token: /^cb_sess_/, mcpUrl: /\/mcp$/ });
  const agent = new ConnectorBroker({ baseUrl: origin, apiKey: session.token });
  const tools = await agent.tools.list({ limit: 5 });
  t.ok(tools.items.length > 0 && tools.items.every((tool) => tool.slug.startsWith('HUBSPOT_')), "only the session's toolkit");
  const refused = await agent.connections.list().catch((err: unknown) => err);
  t.ok(refused instanceof BrokerError && refused.status === 403, 'everything else is 403');
  t.match((await broker.agentSessions.list()).items, [{ id: session.id, status: 'ACTIVE' }]);
  t.match(await broker.agentSessions.revoke(session.id), { id: session.id, status: 'REVOKED' });
  const after = await agent.tools.list({ limit: 1 }).catch((err: unknown) => err);
  t.ok(after instanceof BrokerError && after.status === 401, 'revoked: 401');
});
