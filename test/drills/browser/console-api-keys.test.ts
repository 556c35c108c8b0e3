/**
 * The web console in a real browser against a listening broker on an empty database: the first
 * person signs up (and owns the first organization), creates a project, makes an API key that is
 * shown once, uses it against the native API over HTTP, then revokes it behind the confirmation
 * dialog and the native API refuses it; a second key with some scopes and an expiry is refused outside
 * them. The usage and audit screens follow what happened.
 */
import t from 'tap';
import { browserSkip, launchBrowser, listeningEmptyBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { TEST_PASSWORD } from '../../helpers/console.js';

const skip = browserSkip();

t.test('sign up, create a project and an API key in the browser, use it, revoke it', { skip }, async (t) => {
  const b = await listeningEmptyBroker(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser);

  await t.test('the first person signs up and owns the first organization', async (t) => {
    await page.goto(`${b.consoleUrl}#/sign-up`);
    const hint = page.getByTestId('first-user-hint');
    await hint.waitFor();
    t.match(await hint.innerText(), /first person on this broker: your account will own a new organization/, 'the first-user hint');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await screenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/#\/orgs\/org_[^/]+\/projects$/);
    await page.getByTestId('project-row').filter({ hasText: 'Default project' }).waitFor();
    t.equal(await page.getByTestId('signed-in-email').innerText(), 'ada@example.com', 'signed in as the new account');
    t.equal(
      await page.getByTestId('org-switcher').locator('option:checked').innerText(),
      "Ada Lovelace's organization",
      'the new organization is the current one',
    );
    t.equal(await page.getByTestId('project-row').count(), 1, 'with its Default project');
    t.equal(await page.getByTestId('nav-audit').count(), 1, 'as its owner (the audit log is for owners and admins)');
    await screenshot(page, 'projects');
  });

  let key = '';
  await t.test('a project and an API key made in the UI; the key works over HTTP', async (t) => {
    await page.getByLabel('Project name').fill('Support agent');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/#\/orgs\/org_[^/]+\/projects\/prj_[^/]+\/api-keys$/);
    await page.getByRole('heading', { level: 1, name: 'Support agent' }).waitFor();
    await page.getByText('No API keys yet.').waitFor();
    t.equal(await page.getByTestId('tab-api-keys').getAttribute('aria-current'), 'page', 'on the API keys tab');

    await page.getByTestId('create-api-key').click();
    const create = page.getByTestId('create-api-key-dialog');
    await create.getByLabel('Key name').fill('production agent');
    await create.getByTestId('create-api-key-submit').click();
    const shown = page.getByTestId('new-api-key');
    await shown.waitFor();
    key = await shown.inputValue();
    t.match(key, /^cb_live_[A-Za-z0-9_-]{40,}$/, 'the new key is shown');
    t.match(await page.getByTestId('new-api-key-dialog').innerText(), /shown only once/);
    await screenshot(page, 'api-keys-new-key-dialog');
    await page.getByTestId('close-new-api-key').click();
    await page.getByTestId('new-api-key-dialog').waitFor({ state: 'detached' });

    const used = await b.http('GET', 'toolkits', key);
    t.equal(used.status, 200, 'the key works against the native API at once');
    t.match(await used.json(), { items: [{ slug: 'bitly' }, { slug: 'hubspot' }] });

    const row = page.getByTestId('api-key-row');
    await row.filter({ hasText: 'production agent' }).waitFor();
    t.equal(await row.count(), 1);
    const text = await row.innerText();
    t.match(text, 'production agent', 'the row names the key');
    t.ok(text.includes(`${key.slice(0, 12)}…`), 'and shows its prefix');
    t.notOk(text.includes(key.slice(12)), 'never the rest of it');
    t.notOk((await page.content()).includes(key.slice(12)), 'the key is gone from the page once the dialog is closed');
    t.match(text, /Active/);
  });

  await t.test('a key with some scopes and an expiry (issue 30): shown in the list, refused outside its scopes', async (t) => {
    await page.getByTestId('create-api-key').click();
    const create = page.getByTestId('create-api-key-dialog');
    await create.getByLabel('Key name').fill('catalog reader');
    await create.getByTestId('api-key-some-scopes').check();
    for (const scope of ['tools:read', 'connections:read']) await create.locator(`[data-testid="api-key-scope"][value="${scope}"]`).check();
    await create.getByTestId('api-key-expires-at').fill('2099-01-31T12:00');
    await screenshot(page, 'api-keys-create-scoped');
    await create.getByTestId('create-api-key-submit').click();
    const scoped = await page.getByTestId('new-api-key').inputValue();
    await page.getByTestId('close-new-api-key').click();

    const row = page.getByTestId('api-key-row').filter({ hasText: 'catalog reader' });
    await row.waitFor();
    t.equal(await row.getByTestId('api-key-scopes').innerText(), 'tools:read connections:read', 'its scopes');
    t.match(await row.getByTestId('api-key-expires').innerText(), /2099/, 'its expiry');
    t.equal(
      await page.getByTestId('api-key-row').filter({ hasText: 'production agent' }).getByTestId('api-key-scopes').innerText(),
      'All',
      'a key made without choosing has every scope',
    );
    await screenshot(page, 'api-keys-scoped-list');

    t.equal((await b.http('GET', 'toolkits', scoped)).status, 200, 'within its scopes');
    const refused = await b.http('POST', 'tools/BITLY_GET_GROUPS/execute', scoped, {});
    t.equal(refused.status, 403, 'outside its scopes');
    t.match(await refused.json(), { code: 'FORBIDDEN', message: /tools:execute/ });
  });

  await t.test('revoking asks first; once confirmed, the native API answers 401', async (t) => {
    const row = page.getByTestId('api-key-row').filter({ hasText: 'production agent' });
    const confirm = page.getByTestId('confirm-dialog');

    await row.getByTestId('revoke-api-key').click();
    await confirm.waitFor();
    t.match(await confirm.innerText(), /Revoke production agent \(cb_live_.{4}…\)\? Agents and backends using it get 401/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    t.equal((await b.http('GET', 'toolkits', key)).status, 200, 'Cancel revokes nothing');

    await row.getByTestId('revoke-api-key').click();
    await confirm.getByTestId('confirm-button').click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked').waitFor();
    t.equal(await row.getByTestId('revoke-api-key').count(), 0, 'a revoked key has no Revoke button');
    await page.getByText('The key production agent was revoked.').waitFor();

    const refused = await b.http('GET', 'toolkits', key);
    t.equal(refused.status, 401, 'the revoked key is refused');
  });

  await t.test('usage and the audit log', async (t) => {
    await page.getByTestId('nav-usage').click();
    const totals = page.getByTestId('usage-totals');
    await totals.waitFor();
    t.match(await totals.innerText(), /Tool executions\s+0/, 'listing toolkits is not an execution');
    await page.getByTestId('usage-project-table').getByText('Support agent').waitFor();
    await screenshot(page, 'usage-empty');

    await page.getByTestId('nav-audit').click();
    await page.locator('[data-testid="audit-row"][data-action="api_key.revoked"]').waitFor();
    const actions = await page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    t.same(
      actions.slice(0, 4),
      ['api_key.revoked', 'api_key.created', 'api_key.created', 'project.created'],
      'what was done in the browser, newest first',
    );
    // The sign-up's three entries may share a millisecond (then their order is the ids' order).
    t.same(actions.slice(4).sort(), ['member.joined', 'organization.created', 'project.created'], 'after the sign-up');
    t.match(await page.getByTestId('audit-row').first().innerText(), /ada@example\.com/, 'by the signed-in person');
    await screenshot(page, 'audit-log');
  });

  await t.test('members: the only owner is told they cannot leave, and may invite an owner', async (t) => {
    await page.getByTestId('nav-members').click();
    const note = page.getByTestId('last-owner-note');
    await note.waitFor();
    t.match(await note.innerText(), /Last owner: make another member owner to leave/);
    t.equal(await page.getByRole('button', { name: 'Leave' }).count(), 0, 'no Leave button that would only fail');
    const roles = await page.locator('#invite-role option').evaluateAll((options) => options.map((o) => o.textContent));
    t.same(roles, ['Member', 'Admin', 'Owner'], 'an owner can invite an owner');
    await screenshot(page, 'members-last-owner');
    await page.goBack();
  });

  await t.test('at phone width the console keeps to one column', async (t) => {
    await page.setViewportSize(PHONE);
    await page.goBack();
    await page.goBack();
    await page.getByTestId('api-key-row').first().waitFor();
    const overflow = await sidewaysOverflow(page);
    t.equal(overflow, 0, 'no sideways scrolling of the page');
    t.ok(await page.getByRole('button', { name: 'Menu' }).isVisible(), 'the sections fold behind a Menu button');
    await screenshot(page, 'api-keys-phone');
  });

  t.same(problems, [], 'no script error nor refused load in the page');
});
