/**
 * Connections end to end, with a real browser on a listening broker wired to the provider
 * sandboxes: one made the way the demo does (native API + OAuth consent at the HubSpot sandbox)
 * and one made by an end user on the hosted connect page for the API-key toolkit `acme`; both
 * appear on the project's Connections tab of the console.
 */
import t from 'tap';
import { browserSkip, launchBrowser, listeningBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { signUp, TEST_PASSWORD } from '../../helpers/console.js';

const skip = browserSkip();
const ACME_KEY = 'acme-key-7f3e9a1c55d2';

t.test('a HubSpot connection made through the native API shows in the console', { skip }, async (t) => {
  const b = await listeningBroker(t);
  // The first sign-up owns the oldest organization: the one holding b's project and key.
  const owner = await signUp(b.app, 'owner@example.com');

  // The demo's walkthrough, over HTTP with the project's key.
  const authConfig = await b.http('POST', 'auth_configs', b.key, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  t.ok(authConfig.ok, `auth config created (${authConfig.status})`);
  const initiated = await b.http('POST', 'connectors/hubspot/initiate', b.key, { entityId: 'demo-user' });
  t.equal(initiated.status, 200);
  const { connectionId, redirectUrl } = (await initiated.json()) as { connectionId: string; redirectUrl: string };
  const { res: callback } = await b.consent(redirectUrl);
  t.equal(callback.statusCode, 200, 'the consent came back through the callback');
  const read = await b.http('GET', `connectors/connections/${connectionId}`, b.key);
  t.match(await read.json(), { id: connectionId, status: 'ACTIVE' }, 'ACTIVE on the native API');
  const run = await b.http('POST', 'tools/HUBSPOT_CONTACTS_CREATE/execute', b.key, {
    connectedAccountId: connectionId,
    arguments: { properties: { email: 'ada@example.com', firstname: 'Ada' } },
  });
  t.match(await run.json(), { successful: true }, 'a tool runs through it');

  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  const project = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}`;

  await page.goto(`${project}/connections`);
  const row = page.locator(`[data-testid="connection-row"][data-connection-id="${connectionId}"]`);
  await row.waitFor();
  t.equal(await row.getAttribute('data-status'), 'ACTIVE', 'the row is ACTIVE');
  t.equal(await page.getByTestId('connection-row').count(), 1, 'the only connection');
  const text = await row.innerText();
  t.match(text, /hubspot\s+\(oauth2\)/, 'the toolkit and auth method');
  t.match(text, 'demo-user', 'the end user');
  t.equal(await row.getByText('ACTIVE', { exact: true }).count(), 1, 'the status badge');
  t.match(text, /Enabled/, 'and in use');
  await screenshot(page, 'connections');

  await page.getByTestId('connection-status-filter').selectOption('EXPIRED');
  await page.getByText('No connections match.').waitFor();
  t.equal(await row.count(), 0, 'the status filter hides it');
  await page.getByTestId('connection-status-filter').selectOption('ACTIVE');
  await row.waitFor();

  await page.getByTestId('tab-executions').click();
  await page.getByTestId('execution-row').filter({ hasText: 'HUBSPOT_CONTACTS_CREATE' }).waitFor();
  t.equal(await page.getByTestId('execution-row').count(), 1, 'the execution is listed');
  await screenshot(page, 'executions');

  await page.getByTestId('nav-usage').click();
  const totals = page.getByTestId('usage-totals');
  await totals.waitFor();
  const stats = await totals.innerText();
  t.match(stats, /Tool executions\s+1\b/, 'one tool execution this month');
  t.match(stats, /Active connections\s+1\b/, 'one active connection');
  await page.getByTestId('usage-chart').waitFor();
  await screenshot(page, 'usage');

  await page.setViewportSize(PHONE);
  await page.goto(`${project}/connections`);
  await row.waitFor();
  await screenshot(page, 'connections-phone');
  t.equal(await sidewaysOverflow(page), 0, 'connections: the page does not scroll sideways on a phone');
  // The other tables and the chart at phone width: tables scroll inside their frame, the page never.
  await page.goto(`${project}/executions`);
  await page.getByTestId('execution-row').first().waitFor();
  await screenshot(page, 'executions-phone');
  t.equal(await sidewaysOverflow(page), 0, 'executions: no sideways scroll on a phone');
  await page.goto(`${b.consoleUrl}#/orgs/${b.organizationId}/usage`);
  await page.getByTestId('usage-chart').waitFor();
  await screenshot(page, 'usage-phone');
  t.equal(await sidewaysOverflow(page), 0, 'usage: no sideways scroll on a phone');
  await page.goto(`${b.consoleUrl}#/orgs/${b.organizationId}/audit`);
  await page.getByTestId('audit-row').first().waitFor();
  await screenshot(page, 'audit-phone');
  t.equal(await sidewaysOverflow(page), 0, 'audit: no sideways scroll on a phone');

  t.same(problems, [], 'no script error nor refused load in the page');
});

t.test('an API-key toolkit linked through the hosted connect page shows in the console', { skip }, async (t) => {
  const b = await listeningBroker(t);
  await signUp(b.app, 'owner@example.com');
  const made = await b.http('POST', 'auth_configs', b.key, { slug: 'acme', authMethodId: 'acme_api_key' });
  t.ok(made.ok, `auth config created (${made.status})`);
  const { authConfigId } = (await made.json()) as { authConfigId: string };
  const created = await b.http('POST', 'connect-links', b.key, { authConfigId, entityId: 'user-7' });
  t.equal(created.status, 201);
  const link = (await created.json()) as { connectionId: string; url: string };
  t.equal(new URL(link.url).origin, b.config.publicBaseUrl, 'a link on the public origin');

  const browser = await launchBrowser(t);
  const user = await openPage(browser);
  const page = user.page;

  await t.test('the page names the toolkit and the project and asks for the key', async (t) => {
    await page.goto(b.onBroker(link.url));
    await page.getByRole('heading', { level: 1, name: 'Connect your Acme Widgets account' }).waitFor();
    t.match(await page.locator('body').innerText(), /test project is asking for your Acme API key to connect your Acme Widgets account/);
    const form = page.locator('#connect-form');
    const field = form.getByLabel('API key');
    t.equal(await field.getAttribute('type'), 'password', 'a labelled password input');
    t.equal(await field.getAttribute('required'), '', 'that is required');
    t.match(await form.innerText(), /API key from Acme settings > API\./, "with the schema's help text");
    await field.fill(ACME_KEY);
    await screenshot(page, 'connect-page-form');

    // The same link at phone width (opening it does not use it).
    const phone = await openPage(browser, { viewport: PHONE });
    await phone.page.goto(b.onBroker(link.url));
    await phone.page.locator('#connect-form').getByLabel('API key').waitFor();
    const overflow = await sidewaysOverflow(phone.page);
    t.equal(overflow, 0, 'no sideways scrolling at phone width');
    await screenshot(phone.page, 'connect-page-phone');
    await phone.context.close();
    t.same(phone.problems, [], 'no script error nor refused load (phone)');
  });

  await t.test('Connect links the account: ACTIVE on the native API', async (t) => {
    await page.locator('#connect-form').getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { level: 1, name: 'Connected' }).waitFor();
    t.match(
      await page.locator('body').innerText(),
      /Your Acme Widgets account is now connected to test project\. You can close this window\./,
      'the done page',
    );
    t.notOk((await page.content()).includes(ACME_KEY), 'the key is not shown back');
    await screenshot(page, 'connect-page-done');
    const read = await b.http('GET', `connectors/connections/${link.connectionId}`, b.key);
    t.match(await read.json(), { id: link.connectionId, status: 'ACTIVE' });
    t.same(user.problems, [], 'no script error nor refused load in the connect page');
  });

  await t.test('the owner signs in and finds it on the Connections tab', async (t) => {
    const { page, problems } = await openPage(browser);
    // Signed out, the tab's address asks to sign in, then opens it.
    await page.goto(`${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}/connections`);
    await page.getByTestId('sign-in-email').fill('owner@example.com');
    await page.getByTestId('sign-in-password').fill(TEST_PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    const row = page.locator(`[data-testid="connection-row"][data-connection-id="${link.connectionId}"]`);
    await row.waitFor();
    t.equal(await row.getAttribute('data-status'), 'ACTIVE');
    const text = await row.innerText();
    t.match(text, /acme\s+\(api_key\)/, 'the toolkit and auth method');
    t.match(text, 'user-7', 'the end user');
    t.same(problems, [], 'no script error nor refused load in the console');
  });
});
