/**
 * Triggers in the web console (issue 29), in a real browser on a listening broker wired to the
 * provider sandboxes: trigger instances made through the native API (HubSpot contacts for alice,
 * Bitly links for bob) show on the project's Triggers tab with their last poll and last event and,
 * for the one whose connection was revoked, the broker's reason; the owner disables, enables and
 * deletes one (delete asks first) from the Triggers tab and from its connection on the Connections
 * tab; the Events tab says which trigger and connection trigger events are about. At 1280 and
 * 390 px wide, without the page scrolling sideways. The poller is driven by hand (`runDue`).
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { browserSkip, launchBrowser, listeningBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { signUp } from '../../helpers/console.js';

const skip = browserSkip();

/** How many pixels a table scrolls sideways inside its frame (0: every column shows). */
const tableOverflow = (page: Page, testid: string) =>
  // A string: test/ is type-checked without the DOM library.
  page.evaluate(
    `(() => { const w = document.querySelector('[data-testid="${testid}"]').parentElement; return w.scrollWidth - w.clientWidth; })()`,
  );

const rowOf = (page: Page, id: string) => page.locator(`[data-testid="trigger-row"][data-trigger-id="${id}"]`);

t.test('trigger instances made through the native API are seen, disabled, enabled and deleted in the console', { skip }, async (t) => {
  const b = await listeningBroker(t);
  const owner = await signUp(b.app, 'owner@example.com');
  const hubspot = await b.connectOAuth('hubspot', 'alice');
  const bitly = await b.connectOAuth('bitly', 'bob');
  const carols = await b.connectOAuth('hubspot', 'carol');

  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  const project = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}`;

  // Before any: the empty state says how to make one.
  await page.goto(`${project}/triggers`);
  const empty = page.getByTestId('triggers-empty');
  await empty.waitFor();
  t.match(await empty.innerText(), /upsertTriggerInstance/, 'the empty state names the operation');
  t.match(await empty.innerText(), /\/api\/v1\/trigger_instances/, 'and shows the call');
  await screenshot(page, 'triggers-empty');

  const upsert = async (body: Record<string, unknown>) => {
    const res = await b.http('POST', 'trigger_instances', b.key, body);
    t.equal(res.status, 200, `upsert ${String(body.triggerSlug)}`);
    return ((await res.json()) as { id: string }).id;
  };
  const contacts = await upsert({ triggerSlug: 'HUBSPOT_CONTACT_CREATED', entityId: 'alice' });
  const deals = await upsert({ triggerSlug: 'HUBSPOT_DEAL_CREATED', entityId: 'carol' });
  const links = await upsert({
    triggerSlug: 'BITLY_SHORTLINK_CREATED',
    entityId: 'bob',
    config: { group_guid: b.bitly.fixtures.groupGuid },
  });

  // The first poll records where the portal stands; a new contact then makes one trigger.event.
  const poller = b.app.services.triggerPoller;
  await poller.runDue();
  b.hubspot.control.createObject('contacts', { email: 'ada@example.com', firstname: 'Ada' });
  await poller.pollSoon([contacts]);
  await poller.runDue();
  // Carol's HubSpot connection is revoked: the broker disables its trigger (trigger.disabled).
  t.equal((await b.http('POST', `connectors/connections/${carols}/revoke`, b.key, {})).status, 200, "carol's connection revoked");

  await page.reload();
  const contactsRow = rowOf(page, contacts);
  const linksRow = rowOf(page, links);
  const dealsRow = rowOf(page, deals);
  await contactsRow.waitFor();
  await dealsRow.waitFor();
  const contactsText = await contactsRow.innerText();
  t.match(contactsText, /Contact created/, 'the trigger name');
  t.match(contactsText, hubspot, 'its connection');
  t.match(contactsText, /end user alice/, 'its end user');
  t.match(contactsText, /every 1 min/, 'its config');
  t.match(contactsText, /Enabled/);
  t.notMatch(contactsText, /Last event:\s+Never/, 'the last event time');
  t.notMatch(contactsText, /Last poll:\s+Never/, 'the last poll time');
  t.match(await linksRow.innerText(), new RegExp(`${bitly}[\\s\\S]*end user bob`), "bob's Bitly trigger");
  t.equal(await dealsRow.getAttribute('data-enabled'), 'false');
  t.match(await dealsRow.innerText(), /Disabled by the broker/, 'disabled by the broker');
  t.match(await dealsRow.getByTestId('trigger-reason').innerText(), /connection was revoked/, 'with the reason');
  t.equal(await sidewaysOverflow(page), 0, 'the page does not scroll sideways at 1280 px');
  t.equal(await tableOverflow(page, 'trigger-table'), 0, 'every column of the table shows at 1280 px');
  await screenshot(page, 'triggers');

  // The status filter.
  await page.getByTestId('trigger-status-filter').selectOption('disabled');
  await contactsRow.waitFor({ state: 'detached' });
  t.equal(await page.getByTestId('trigger-row').count(), 1, 'only the disabled one');
  t.equal(await dealsRow.count(), 1);
  await page.getByTestId('trigger-status-filter').selectOption('');
  await contactsRow.waitFor();

  // Disable (asked first), then enable.
  await contactsRow.getByRole('button', { name: 'Disable' }).click();
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByTestId('confirm-button').click();
  await page.locator(`[data-testid="trigger-row"][data-trigger-id="${contacts}"][data-enabled="false"]`).waitFor();
  const disabled = (await (await b.http('GET', `trigger_instances/${contacts}`, b.key)).json()) as Record<string, unknown>;
  t.match(disabled, { enabled: false, disabledBy: 'user' }, 'disabled on the native API');
  await contactsRow.getByRole('button', { name: 'Enable' }).click();
  await page.locator(`[data-testid="trigger-row"][data-trigger-id="${contacts}"][data-enabled="true"]`).waitFor();
  t.match(await (await b.http('GET', `trigger_instances/${contacts}`, b.key)).json(), { enabled: true }, 'enabled again');

  await page.setViewportSize(PHONE);
  await contactsRow.waitFor();
  t.equal(await sidewaysOverflow(page), 0, 'the page does not scroll sideways at 390 px');
  await screenshot(page, 'triggers-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Events tab: what the trigger events are about.
  await page.getByTestId('tab-events').click();
  const eventRow = page.locator('[data-testid="event-row"][data-type="trigger.event"]');
  await eventRow.waitFor();
  const eventText = await eventRow.innerText();
  t.match(eventText, /HUBSPOT_CONTACT_CREATED/, 'the trigger event names its trigger');
  t.match(eventText, `connection ${hubspot}`, 'and its connection');
  const disabledText = await page.locator('[data-testid="event-row"][data-type="trigger.disabled"]').innerText();
  t.match(disabledText, /HUBSPOT_DEAL_CREATED/, 'the disabled event names its trigger');
  t.match(disabledText, `connection ${carols}`, 'its connection');
  t.match(disabledText, /connection_revoked/, 'and the reason');
  await screenshot(page, 'triggers-events');

  // The connection's own triggers, on the Connections tab; delete from there (asked first).
  await page.getByTestId('tab-connections').click();
  await page.locator(`[data-testid="connection-row"][data-connection-id="${hubspot}"]`).getByTestId('connection-triggers-button').click();
  const panel = page.getByTestId('connection-triggers');
  await panel.waitFor();
  const panelRow = panel.locator(`[data-testid="trigger-row"][data-trigger-id="${contacts}"]`);
  await panelRow.waitFor();
  t.equal(await panel.getByTestId('trigger-row').count(), 1, "only this connection's trigger");
  t.equal(await sidewaysOverflow(page), 0);
  t.equal(await tableOverflow(page, 'connection-trigger-table'), 0, "every column of the connection's triggers shows at 1280 px");
  await screenshot(page, 'connection-triggers');
  await page.setViewportSize(PHONE);
  await panelRow.waitFor();
  t.equal(await sidewaysOverflow(page), 0, 'the connection triggers fit at 390 px');
  await screenshot(page, 'connection-triggers-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await panelRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-dialog').waitFor();
  t.match(await page.getByTestId('confirm-dialog').innerText(), /cannot be undone/, 'delete asks first');
  await page.getByTestId('confirm-button').click();
  await panel.getByTestId('triggers-empty').waitFor();
  t.equal((await b.http('GET', `trigger_instances/${contacts}`, b.key)).status, 404, 'deleted on the native API');
  t.match(await panel.getByTestId('triggers-empty').innerText(), hubspot, "the empty state's call names this connection");

  t.same(problems, [], 'no script error nor refused load in the page');
});
