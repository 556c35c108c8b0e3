/**
 * Webhooks and events in the web console, in a real browser on a listening broker: the owner
 * subscribes a loopback receiver, sees the signing secret once, sends a test event, finds its
 * delivery attempts in the subscription's log and redelivers it, finds the event on the Events tab
 * with its JSON, rotates the secret, and sees the notice of a subscription the broker disabled
 * after failing deliveries. At 1280 and 390 px wide.
 *
 * The delivery worker is not part of this branch: `deliverDue` plays it through the events plane's
 * repositories (claim the due deliveries, POST each body to its URL, record the attempt), so the
 * receiver really gets the event and the log shows what the worker would write.
 */
import t from 'tap';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { browserSkip, launchBrowser, listeningBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { signUp } from '../../helpers/console.js';
import type { TestContext } from '../../helpers/app.js';
import { payloadFor } from '../../../src/events/payloads.js';
import { newOrderedId } from '../../../src/ids.js';
import { EVENT_TYPE_NAMES } from '../../../src/events/event-types.js';

const skip = browserSkip();

/** How many pixels a table scrolls sideways inside its frame (0: every column shows). */
const tableOverflow = (page: Page, testid: string) =>
  // A string: test/ is type-checked without the DOM library.
  page.evaluate(
    `(() => { const w = document.querySelector('[data-testid="${testid}"]').parentElement; return w.scrollWidth - w.clientWidth; })()`,
  );

/** A receiver on a loopback port: answers 503 to its first request, then 200 with a short body. */
async function startReceiver(t: TestContext) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (received.length === 1) res.writeHead(503, { 'content-type': 'text/plain' }).end('receiver warming up');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/broker`, received };
}

/** One pass of a delivery worker over the due deliveries: POST, then record the attempt. */
async function deliverDue(app: FastifyInstance): Promise<number> {
  const { webhookDeliveries, webhookSubscriptions, events } = app.services.eventRepos;
  const due = await webhookDeliveries.claimDue(10, 30_000, new Date());
  for (const delivery of due) {
    const subscription = (await webhookSubscriptions.findById(delivery.subscriptionId))!;
    const event = (await events.findById(delivery.eventId))!;
    const started = Date.now();
    const res = await fetch(subscription.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': delivery.id, 'webhook-attempt': String(delivery.attempts) },
      body: payloadFor(subscription, event, delivery),
    });
    const text = await res.text();
    const attempt = {
      id: newOrderedId('wha', started),
      attempt: delivery.attempts,
      startedAt: new Date(started),
      durationMs: Date.now() - started,
      statusCode: res.status,
      responseExcerpt: text,
      error: null,
    };
    const result = { statusCode: res.status, error: res.ok ? null : `HTTP ${res.status}` };
    if (res.ok) await webhookDeliveries.complete(delivery, result, attempt);
    else await webhookDeliveries.scheduleRetry(delivery, new Date(), result, attempt);
  }
  return due.length;
}

t.test('webhooks and events in the browser', { skip }, async (t) => {
  const b = await listeningBroker(t);
  // The first sign-up owns the oldest organization: the one holding b's project and key.
  const owner = await signUp(b.app, 'owner@example.com');
  const receiver = await startReceiver(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  const project = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}`;
  const row = page.getByTestId('webhook-row');
  let subscriptionId = '';
  let secret = '';
  let eventId = '';

  await t.test('subscribe the receiver: the signing secret is shown once', async (t) => {
    await page.goto(`${project}/webhooks`);
    await page.getByText('No webhook subscriptions yet.').waitFor();
    t.equal(await page.getByTestId('tab-webhooks').getAttribute('aria-current'), 'page', 'on the Webhooks tab');

    await page.getByTestId('create-webhook').click();
    const dialog = page.getByTestId('create-webhook-dialog');
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    t.equal(await dialog.getByTestId('webhook-event-type').count(), EVENT_TYPE_NAMES.length, 'every event type is offered');
    t.ok(await dialog.getByTestId('webhook-all-events').isChecked(), 'all events by default');
    await dialog.getByTestId('webhook-some-events').check();
    await dialog.getByTestId('webhook-all-events').check();
    await screenshot(page, 'webhooks-create-dialog');
    await dialog.getByTestId('create-webhook-submit').click();

    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    secret = await shown.inputValue();
    t.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/, 'a Standard Webhooks secret');
    t.match(await page.getByTestId('webhook-secret-dialog').innerText(), /shown only once/);
    await screenshot(page, 'webhooks-secret-dialog');
    await page.getByTestId('close-webhook-secret').click();
    await page.getByTestId('webhook-secret-dialog').waitFor({ state: 'detached' });
    t.notOk((await page.content()).includes(secret), 'the secret is gone from the page once the dialog is closed');

    await row.waitFor();
    subscriptionId = (await row.getAttribute('data-subscription-id'))!;
    t.match(subscriptionId, /^whs_/);
    const text = await row.innerText();
    t.match(text, receiver.url, 'the row names the URL');
    t.match(text, /All events/);
    t.match(text, /Enabled/);
    await screenshot(page, 'webhooks');
  });

  await t.test("send a test event; its attempts show in the subscription's log", async (t) => {
    await row.getByTestId('webhook-deliveries-link').click();
    await page.waitForURL(new RegExp(`/webhooks/${subscriptionId}$`));
    await page.getByText('Nothing was sent to this subscription yet.').waitFor();
    await page.getByTestId('send-test-event').click();
    const notice = page.getByText(/A webhook\.test event \(evt_[\w-]+\) is on its way/);
    await notice.waitFor();
    eventId = /\((evt_[\w-]+)\)/.exec(await notice.innerText())![1]!;

    t.equal(await deliverDue(b.app), 1, 'one delivery due: the test event to this subscription');
    t.equal(await deliverDue(b.app), 1, 'due again at once after the 503 (the test retries without waiting)');
    t.equal(receiver.received.length, 2, 'the receiver got it twice');
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string });
    t.match(bodies, [
      { id: eventId, type: 'webhook.test' },
      { id: eventId, type: 'webhook.test' },
    ]);
    t.equal(receiver.received[0]!.headers['webhook-id'], receiver.received[1]!.headers['webhook-id'], 'with one webhook-id');

    await page.getByRole('button', { name: 'Refresh' }).click();
    const rows = page.getByTestId('delivery-row');
    await rows.nth(1).waitFor();
    t.equal(await rows.count(), 2, 'two attempts');
    const [latest, first] = [await rows.nth(0).innerText(), await rows.nth(1).innerText()];
    t.match(latest, /webhook\.test/);
    t.match(latest, /Succeeded/);
    t.match(latest, /\b200\b/);
    t.match(latest, '{"received":true}', 'the start of the answer');
    t.match(latest, /\d+ ms/, 'the duration');
    t.match(first, /Will retry/);
    t.match(first, /\b503\b/);
    t.match(first, 'receiver warming up');
    t.equal(await tableOverflow(page, 'delivery-table'), 0, 'every column of the log shows at 1280 px');
    await screenshot(page, 'webhook-deliveries');

    await rows.nth(0).getByTestId('redeliver-event').click();
    await page.getByText(`Event ${eventId} is queued again for this subscription, with the same webhook-id.`).waitFor();
    t.equal(await deliverDue(b.app), 1, 'redelivered');
    t.equal(receiver.received.length, 3);
    t.equal(receiver.received[2]!.headers['webhook-id'], receiver.received[0]!.headers['webhook-id'], 'the same webhook-id again');
    t.equal(receiver.received[2]!.body, receiver.received[0]!.body, 'and the same body');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await rows.nth(2).waitFor();
    t.match(await rows.nth(0).innerText(), /Succeeded/, 'the redelivery is in the log');
  });

  await t.test('rotate the secret: a new one, shown once', async (t) => {
    await page.getByTestId('rotate-webhook-secret').click();
    const confirm = page.getByTestId('confirm-dialog');
    t.match(await confirm.innerText(), /keeps signing for 24 hours/);
    await confirm.getByTestId('confirm-button').click();
    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    const rotated = await shown.inputValue();
    t.match(rotated, /^whsec_/);
    t.not(rotated, secret, 'a different secret');
    await page.getByTestId('close-webhook-secret').click();
    await page.getByText('The signing secret was rotated.', { exact: false }).waitFor();
  });

  await t.test('the Events tab lists a connection event and the test event; its page shows the JSON', async (t) => {
    // A HubSpot connection made as the demo makes one: connection.created, delivered to the receiver.
    await b.http('POST', 'auth_configs', b.key, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
    const initiated = (await (await b.http('POST', 'connectors/hubspot/initiate', b.key, { entityId: 'demo-user' })).json()) as {
      connectionId: string;
      redirectUrl: string;
    };
    t.equal((await b.consent(initiated.redirectUrl)).res.statusCode, 200, 'the consent came back through the callback');
    t.equal(await deliverDue(b.app), 1, 'connection.created is delivered to the subscription');
    t.match(JSON.parse(receiver.received.at(-1)!.body), {
      type: 'connection.created',
      data: { id: initiated.connectionId, status: 'ACTIVE' },
    });

    await page.getByTestId('tab-events').click();
    const created = page.locator('[data-testid="event-row"][data-type="connection.created"]');
    await created.waitFor();
    t.match(await created.innerText(), /hubspot, end user demo-user/, 'what it is about');
    const event = page.locator(`[data-testid="event-row"][data-event-id="${eventId}"]`);
    await event.waitFor();
    t.match(await event.innerText(), /webhook\.test/);
    t.equal(await tableOverflow(page, 'event-table'), 0, 'every column shows at 1280 px');
    await screenshot(page, 'events');

    await page.getByTestId('event-type-filter').selectOption('connection.expired');
    await page.getByText('No events of this type.').waitFor();
    await page.getByTestId('event-type-filter').selectOption('webhook.test');
    await event.waitFor();

    await event.getByTestId('view-event').click();
    const json = page.getByTestId('event-json');
    await json.waitFor();
    const shown = JSON.parse(await json.innerText()) as Record<string, unknown>;
    t.match(shown, { id: eventId, type: 'webhook.test', projectId: b.projectId, data: { subscriptionId } }, 'the event as delivered');
    t.equal(JSON.stringify(shown), receiver.received[0]!.body, 'the very body the receiver got');
    await screenshot(page, 'event-detail');
  });

  await t.test('a subscription the broker disabled after failing deliveries says so', async (t) => {
    const reason = 'Every delivery failed for 5 days (last: HTTP 503)';
    t.ok(await b.app.services.eventRepos.webhookSubscriptions.disable(subscriptionId, reason, new Date()), 'disabled as the worker does');
    await page.goto(`${project}/webhooks`);
    const notice = page.getByTestId('webhook-disabled-notice');
    await notice.waitFor();
    t.match(await notice.innerText(), reason);
    t.match(await row.innerText(), /Disabled after failures/);
    await screenshot(page, 'webhooks-disabled');

    await notice.getByRole('link').click();
    await page.getByTestId('enable-webhook').click();
    await page.getByText('The subscription is enabled.').waitFor();
    // The screen reloads the subscription after the message (as every screen does): wait for it.
    await page
      .getByTestId('webhook-disabled-notice')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    t.equal(await page.getByTestId('webhook-disabled-notice').count(), 0, 'enabling clears the notice');
    t.match(await page.getByTestId('webhook-facts').innerText(), /Enabled/);
  });

  await t.test('at phone width the screens keep to one column', async (t) => {
    await page.setViewportSize(PHONE);
    for (const [path, ready, name] of [
      ['webhooks', 'webhook-row', 'webhooks-phone'],
      [`webhooks/${subscriptionId}`, 'delivery-row', 'webhook-deliveries-phone'],
      ['events', 'event-row', 'events-phone'],
      [`events/${eventId}`, 'event-json', 'event-detail-phone'],
    ] as const) {
      await page.goto(`${project}/${path}`);
      await page.getByTestId(ready).first().waitFor();
      t.equal(await sidewaysOverflow(page), 0, `${path}: no sideways scrolling of the page`);
      await screenshot(page, name);
    }
  });

  await t.test('the audit log has every change, never the secret', async (t) => {
    const res = await owner.get(`/orgs/${b.organizationId}/audit`);
    const entries = res
      .json<{ items: { action: string; targetId: string }[] }>()
      .items.filter((e) => /^(webhook_subscription|event)\./.test(e.action));
    t.same(
      entries.map((e) => e.action),
      [
        'webhook_subscription.enabled',
        'webhook_subscription.secret_rotated',
        'event.redelivered',
        'webhook_subscription.test_sent',
        'webhook_subscription.created',
      ],
    );
    t.notOk(res.body.includes(secret), 'no secret in the audit log');
  });

  t.same(problems, [], 'no script error nor refused load in the page');
});
