/**
 * Setting up from the browser (issue 32), as a new user would: create a HubSpot auth config with
 * the project's own OAuth client (registered at the HubSpot sandbox), make a connect link for an
 * end user, open it, consent at the sandbox, see the connection ACTIVE; Reconnect it once EXPIRED (the
 * same connection comes back ACTIVE);
 * read HubSpot's toolkit page (tools with their parameters and scopes, triggers). Screenshots at
 * 1280 px and 390 px in test-artifacts/e2e/setup-*.png.
 */
import t from 'tap';
import type { BrowserContext } from 'playwright-core';
import {
  browserSkip,
  consentFromLinkDialog,
  DESKTOP,
  launchBrowser,
  listeningBroker,
  openPage,
  PHONE,
  screenshot,
  sidewaysOverflow,
} from '../../helpers/browser.js';
import { signUp } from '../../helpers/console.js';
import { CUSTOM_CLIENTS } from '../../helpers/sandboxes.js';

const skip = browserSkip();

/**
 * The broker hands out URLs on PUBLIC_BASE_URL (the port is not known before listening): the
 * browser's requests there (the connect link, the provider's redirect to the callback) go to the
 * listening broker. Cookies do not depend on the port, so the callback still carries the cookie
 * the connect page set.
 */
async function reachBrokerAtPublicUrl(context: BrowserContext, publicBaseUrl: string, onBroker: (url: string) => string) {
  await context.route(`${publicBaseUrl}/**`, async (route) => {
    // Redirects are the browser's to follow (to the provider, back to the callback).
    const response = await route.fetch({ url: onBroker(route.request().url()), maxRedirects: 0 });
    await route.fulfill({ response });
  });
}

t.test('create a HubSpot auth config, connect an account through its link, reconnect it, read the toolkit', { skip }, async (t) => {
  const b = await listeningBroker(t);
  const owner = await signUp(b.app, 'owner@example.com');
  const browser = await launchBrowser(t);
  const { page, context, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  await reachBrokerAtPublicUrl(context, b.config.publicBaseUrl, b.onBroker);
  const project = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}`;
  const callbackUrl = `${b.config.publicBaseUrl}/api/v1/connectors/hubspot/callback`;

  let authConfigId = '';
  await t.test('a new auth config with our own OAuth client, and the redirect URL to register', async (t) => {
    await page.goto(`${project}/auth-configs`);
    await page.getByText('No auth configs in this project').waitFor();
    t.notMatch(await page.locator('main').innerText(), /only through the API/i);
    await page.getByTestId('create-auth-config').click();
    const dialog = page.getByTestId('auth-config-dialog');
    await dialog.getByTestId('ac-toolkit').selectOption('hubspot');
    t.ok(await dialog.getByTestId('ac-managed').isChecked(), 'the managed client first, when the deployment has one');
    await dialog.getByTestId('ac-own-client').check();
    t.equal(await dialog.getByTestId('ac-callback-url').inputValue(), callbackUrl, "the broker's callback URL to register");
    await dialog.getByTestId('ac-name').fill('Our HubSpot app');
    await dialog.getByTestId('ac-client-id').fill(CUSTOM_CLIENTS.hubspot.clientId);
    await dialog.getByTestId('ac-client-secret').fill(CUSTOM_CLIENTS.hubspot.clientSecret);
    await dialog.getByTestId('ac-scopes').fill('crm.objects.contacts.read\ncrm.objects.contacts.write');
    await screenshot(page, 'setup-auth-config-form');
    await dialog.getByTestId('ac-submit').click();
    const row = page.getByTestId('auth-config-row').filter({ hasText: 'Our HubSpot app' });
    await row.waitFor();
    authConfigId = (await row.getAttribute('data-auth-config-id'))!;
    t.match(await row.innerText(), /Own client, secret set/);
    t.notOk((await page.content()).includes(CUSTOM_CLIENTS.hubspot.clientSecret), 'the secret is not in the page');
    const native = await (await b.http('GET', `auth_configs/${authConfigId}`, b.key)).json();
    t.match(native, {
      isManaged: false,
      clientId: CUSTOM_CLIENTS.hubspot.clientId,
      scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    });

    // Edit: the secret is never shown back, only that one is set.
    await row.getByTestId('edit-auth-config').click();
    const edit = page.getByTestId('auth-config-dialog');
    t.equal(await edit.getByTestId('ac-client-secret').inputValue(), '', 'the secret field is empty');
    t.match(await edit.innerText(), /A secret is set\. Leave this empty to keep it/);
    await edit.getByTestId('ac-name').fill('HubSpot (ours)');
    await edit.getByTestId('ac-submit').click();
    await page.getByTestId('auth-config-row').filter({ hasText: 'HubSpot (ours)' }).waitFor();
    await screenshot(page, 'setup-auth-configs');
  });

  let connectionId = '';
  await t.test('Connect an account: the link opens the connect page, the sandbox consents, the row is ACTIVE', async (t) => {
    await page.getByTestId('tab-connections').click();
    await page.getByTestId('connect-account').click();
    const dialog = page.getByTestId('connect-account-dialog');
    await dialog.getByTestId('connect-entity').fill('browser-user');
    await dialog.locator(`option[value="${authConfigId}"]`).waitFor({ state: 'attached' });
    t.equal(await dialog.getByTestId('connect-auth-config').inputValue(), authConfigId, 'the only enabled config');
    await dialog.getByTestId('connect-submit').click();
    const linkDialog = page.getByTestId('connect-link-dialog');
    const url = await linkDialog.getByTestId('connect-link-url').inputValue();
    t.match(url, new RegExp(`^${b.config.publicBaseUrl}/connect/`), 'a hosted link on PUBLIC_BASE_URL');
    await screenshot(page, 'setup-connect-link');

    await consentFromLinkDialog(page, context);
    const row = page.getByTestId('connection-row').filter({ hasText: 'browser-user' });
    await row.and(page.locator('[data-status="ACTIVE"]')).waitFor();
    connectionId = (await row.getAttribute('data-connection-id'))!;
    t.match(await (await b.http('GET', `connectors/connections/${connectionId}`, b.key)).json(), { status: 'ACTIVE', authConfigId });
    await screenshot(page, 'setup-connections');
  });

  await t.test('an EXPIRED connection offers Reconnect: the link brings back the same connection, ACTIVE, same id', async (t) => {
    b.hubspot.control.tokenEndpoint('invalid_grant');
    const refused = await b.http('POST', `connectors/connections/${connectionId}/refresh`, b.key, {});
    t.match(await refused.json(), { status: 'EXPIRED' }, 'the refresh was refused: EXPIRED');
    b.hubspot.control.tokenEndpoint('ok');
    await page.reload();
    const row = page.locator(`[data-testid="connection-row"][data-connection-id="${connectionId}"]`);
    await row.and(page.locator('[data-status="EXPIRED"]')).waitFor();
    await row.getByTestId('reconnect-button').click();
    const dialog = page.getByTestId('connect-link-dialog');
    t.match(
      await dialog.getByTestId('reconnect-explanation').innerText(),
      new RegExp(`reconnect their HubSpot account\\. The same connection, ${connectionId}, becomes ACTIVE again`),
    );
    await screenshot(page, 'setup-reconnect');
    await page.setViewportSize(PHONE);
    t.equal(await sidewaysOverflow(page), 0, 'the reconnect dialog fits a phone');
    await screenshot(page, 'setup-reconnect-phone');
    await page.setViewportSize(DESKTOP);

    await consentFromLinkDialog(page, context, { heading: 'Reconnect your HubSpot account' });
    await row.and(page.locator('[data-status="ACTIVE"]')).waitFor();
    t.equal(await page.getByTestId('connection-row').count(), 1, 'one connection: the same one, ACTIVE again');
    t.match(await (await b.http('GET', `connectors/connections/${connectionId}`, b.key)).json(), { status: 'ACTIVE' });
  });

  await t.test("HubSpot's toolkit page: tools searched, a tool's parameters and scopes, triggers", async (t) => {
    await page.getByTestId('nav-toolkits').click();
    await page.getByTestId('toolkit-card').filter({ hasText: 'hubspot' }).getByTestId('toolkit-link').click();
    await page.getByRole('heading', { level: 1, name: 'HubSpot' }).waitFor();
    t.match(page.url(), /#\/orgs\/[^/]+\/toolkits\/hubspot$/, 'an address of its own');
    t.equal(await page.getByTestId('api-reference-link').getAttribute('href'), '/api/v1/docs');
    t.equal(await page.getByTestId('toolkit-callback-url').inputValue(), callbackUrl);
    t.ok((await page.getByTestId('trigger-type').count()) > 0, 'its triggers');
    t.match(await page.getByTestId('tool-count').innerText(), /^Tools 1 to \d+ of \d+$/);
    await page.getByTestId('tool-search').fill('create contact');
    await page.getByTestId('tool-search-submit').click();
    await page.getByTestId('tool-count').filter({ hasText: 'Best matches' }).waitFor();
    const tool = page.getByTestId('tool-item').first();
    t.equal(await tool.getAttribute('data-tool-slug'), 'HUBSPOT_CONTACTS_CREATE');
    await tool.locator('summary').click();
    const param = tool.locator('[data-param="properties"]').first();
    t.match(await param.innerText(), /properties\s+object of string values\s+required/);
    t.match(await tool.innerText(), /Scopes: crm\.objects\.contacts\.write/);
    await screenshot(page, 'setup-toolkit');

    await page.setViewportSize(PHONE);
    t.equal(await sidewaysOverflow(page), 0, 'the toolkit page fits a phone');
    await screenshot(page, 'setup-toolkit-phone');
    await page.goto(`${project}/auth-configs`);
    await page.getByTestId('auth-config-row').first().waitFor();
    await page.getByTestId('create-auth-config').click();
    await page.getByTestId('ac-toolkit').selectOption('hubspot');
    await page.getByTestId('ac-own-client').check();
    t.equal(await sidewaysOverflow(page), 0, 'the auth config form fits a phone');
    await screenshot(page, 'setup-auth-config-form-phone');
    await page.goto(`${project}/connections`);
    await page.getByTestId('connection-row').first().waitFor();
    await screenshot(page, 'setup-connections-phone');
  });

  t.same(problems, [], 'no script error nor refused load in the console');
});
