/**
 * Provider webhooks in, end to end: the HubSpot sandbox's real app-webhook sender delivers signed
 * batches to a listening broker through a loopback "load balancer" (PUBLIC_BASE_URL is the
 * balancer's address, as HubSpot calls it). The balancer answers the sender 500 on its first
 * request after the broker has accepted it, so the sender retries the same eventIds: the broker
 * records each event once and hands it to the listeners once.
 */
import t from 'tap';
import { createServer, type Server } from 'node:http';
import { Connection, ProviderWebhookEvent } from '../../../src/db/entities/index.js';
import type { IngressEvent } from '../../../src/triggers/ingress/ingress-service.js';
import { MANAGED_CLIENTS } from '../../../sandbox/broker-env.js';
import { parseSubscriptionList } from '../../../sandbox/hubspot/app-webhooks.js';
import { freePort } from '../../../sandbox/support/processes.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { appDb } from '../../helpers/app.js';

interface Forwarded {
  status: number;
  answer: unknown;
  answeredSender: number;
}

/** Forwards POSTs to the broker as received; answers the sender 500 for the first `failFirst` requests. */
async function loadBalancer(port: number, target: () => string, failFirst: number) {
  const forwarded: Forwarded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && (k.startsWith('x-hubspot-') || k === 'content-type')) headers[k] = v;
      void fetch(target() + (req.url ?? '/'), { method: req.method, headers, body: Buffer.concat(chunks) }).then(async (r) => {
        const answer: unknown = await r.json();
        const answeredSender = forwarded.length < failFirst ? 500 : r.status;
        forwarded.push({ status: r.status, answer, answeredSender });
        res.statusCode = answeredSender;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { forwarded, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits (without a time bound of its own: tap's timeout is the bound) until `done()` holds. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 20));
}

t.test('the sandbox delivers through a balancer: accepted once, a retry deduplicated, routed to the connection', async (t) => {
  const lbPort = await freePort();
  const b = await brokerWithSandboxes(t, { env: { PUBLIC_BASE_URL: `http://127.0.0.1:${lbPort}` } });
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const lb = await loadBalancer(lbPort, () => origin, 1);
  t.teardown(lb.close);

  const connectionId = await b.connectOAuth('hubspot', 'alice');
  const db = appDb(b);
  const conn = await db.em().findOneOrFail(Connection, { id: connectionId });
  t.equal(conn.providerAccountId, String(b.hubspot.fixtures.hubId), 'the connection carries its portal id from the token exchange');

  const received: IngressEvent[] = [];
  b.app.services.providerWebhooks.onEvents((events) => {
    received.push(...events);
  });

  b.hubspot.control.configureAppWebhooks({
    targetUrl: `http://127.0.0.1:${lbPort}/api/v1/provider_webhooks/hubspot`,
    clientSecret: MANAGED_CLIENTS.hubspot.clientSecret,
    subscriptions: parseSubscriptionList('contact.creation,contact.propertyChange:email'),
    batchMs: 0,
    retryBaseMs: 5,
  });
  const created = b.hubspot.control.createObject('contacts', { email: 'ada@example.com', firstname: 'Ada' });
  b.hubspot.control.flushAppWebhooks();

  // The first request is accepted by the broker and failed by the balancer; the retry is a duplicate.
  await until(() => b.hubspot.control.appWebhookDeliveries().some((d) => d.statusCode === 200));
  const deliveries = b.hubspot.control.appWebhookDeliveries();
  t.same(
    deliveries.map((d) => [d.attemptNumber, d.statusCode]),
    [
      [0, 500],
      [1, 200],
    ],
  );
  t.same(deliveries[1]!.eventIds, deliveries[0]!.eventIds, 'the retry repeats the eventIds');
  t.same(
    lb.forwarded.map((f) => f.answer),
    [
      { received: 2, accepted: 2, duplicates: 0 },
      { received: 2, accepted: 0, duplicates: 2 },
    ],
  );

  const rows = await db.em().find(ProviderWebhookEvent, {}, { orderBy: { subscriptionType: 'asc' } });
  t.same(
    rows.map((r) => [r.subscriptionType, r.objectId, r.accountId, r.connectionIds, r.source]),
    [
      ['contact.creation', String(created.id), String(b.hubspot.fixtures.hubId), [connectionId], 'managed'],
      ['contact.propertyChange', String(created.id), String(b.hubspot.fixtures.hubId), [connectionId], 'managed'],
    ],
  );
  t.same(rows.map((r) => r.providerEventId).sort(), deliveries[0]!.eventIds.map(String).sort());

  await until(async () => (await b.app.services.providerWebhooks.inbox.pending(10)).length === 0);
  t.equal(received.length, 2, 'each event reached the listener once');
  t.match(
    received.find((e) => e.subscriptionType === 'contact.propertyChange'),
    { toolkit: 'hubspot', propertyName: 'email', propertyValue: 'ada@example.com', connectionIds: [connectionId] },
  );
});
