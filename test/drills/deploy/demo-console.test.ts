/**
 * The console as a workbench against `npm run demo` (issue 32), as a new user tries it: sign up,
 * create a HubSpot auth config (the demo's managed client), connect an account through the hosted
 * link and the HubSpot sandbox's consent, run HUBSPOT_CONTACTS_CREATE from the Playground, then make
 * an agent's calls fail three ways with the printed API key (invalid arguments, no connection for
 * the end user, a provider 404) and find each in Executions with its reason and body, at 1280 px
 * and at 390 px. Runs once, on the demo's own SQLite database (its default).
 */
import t from 'tap';
import { startDemo } from './demo-process.js';
import { browserSkip, consentFromLinkDialog, launchBrowser, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';

const skip = browserSkip();

t.test('set up, try a tool and find failed calls in the console of npm run demo', { skip }, async (t) => {
  const demo = await startDemo(t);
  const port = demo.port;
  await demo.until((out) => /API key: \S+/.test(out));
  const out = demo.output();
  const key = /API key: (\S+)/.exec(out)?.[1];
  t.ok(key, 'the demo prints its API key', key ? {} : { output: out.slice(-2000) });
  const base = `http://127.0.0.1:${port}`;
  const agent = (path: string, body: unknown) =>
    fetch(`${base}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key!, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const browser = await launchBrowser(t);
  const { page, context, problems } = await openPage(browser);

  // Sign up: the first account owns the demo's organization and its project.
  await page.goto(`${base}/console/#/sign-up`);
  await page.getByTestId('sign-up-name').fill('Ada');
  await page.getByTestId('sign-up-email').fill('ada@example.com');
  await page.getByTestId('sign-up-password').fill('a long demo password');
  await page.getByTestId('sign-up-submit').click();
  await page.waitForURL(/#\/orgs\/[^/]+/);
  const orgId = /#\/orgs\/([^/?]+)/.exec(page.url())![1]!;
  await page.goto(`${base}/console/#/orgs/${orgId}/projects`);
  const projectRow = page.getByTestId('project-row').first();
  await projectRow.waitFor();
  const projectId = (await projectRow.getAttribute('data-project-id'))!;
  const project = `${base}/console/#/orgs/${orgId}/projects/${projectId}`;

  // An auth config with the deployment's managed HubSpot client.
  await page.goto(`${project}/auth-configs`);
  await page.getByTestId('create-auth-config').click();
  const configDialog = page.getByTestId('auth-config-dialog');
  await configDialog.getByTestId('ac-toolkit').selectOption('hubspot');
  t.ok(await configDialog.getByTestId('ac-managed').isChecked(), "the demo's managed client is offered first");
  await configDialog.getByTestId('ac-name').fill('HubSpot (demo)');
  await configDialog.getByTestId('ac-submit').click();
  const configRow = page.getByTestId('auth-config-row').filter({ hasText: 'HubSpot (demo)' });
  await configRow.waitFor();
  const authConfigId = (await configRow.getAttribute('data-auth-config-id'))!;
  await screenshot(page, 'demo-console-auth-configs');

  // Connect an account: the hosted link, the sandbox's consent, ACTIVE.
  await page.getByTestId('tab-connections').click();
  await page.getByTestId('connect-account').click();
  const connectDialog = page.getByTestId('connect-account-dialog');
  await connectDialog.getByTestId('connect-entity').fill('ada');
  await connectDialog.locator(`option[value="${authConfigId}"]`).waitFor({ state: 'attached' });
  await connectDialog.getByTestId('connect-auth-config').selectOption(authConfigId);
  await connectDialog.getByTestId('connect-submit').click();
  const linkDialog = page.getByTestId('connect-link-dialog');
  t.match(
    await linkDialog.getByTestId('connect-link-url').inputValue(),
    new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${port}/connect/`),
    "a hosted link on the demo's public URL",
  );
  await consentFromLinkDialog(page, context);
  const connectionRow = page.getByTestId('connection-row').filter({ hasText: 'ada' });
  await connectionRow.and(page.locator('[data-status="ACTIVE"]')).waitFor();
  const connectionId = (await connectionRow.getAttribute('data-connection-id'))!;

  // The Playground: HUBSPOT_CONTACTS_CREATE from its form.
  await page.goto(`${project}/playground?tool=HUBSPOT_CONTACTS_CREATE&connection=${connectionId}`);
  await page.getByTestId('arg-properties').fill('{"email": "grace@example.com", "firstname": "Grace"}');
  await page.getByTestId('playground-run').click();
  await page.getByTestId('playground-result').waitFor();
  t.equal(await page.getByTestId('playground-status').innerText(), '201', 'the sandbox created the contact');
  t.match(await page.getByTestId('playground-request').innerText(), /Authorization: \[REDACTED\]/, 'the token masked');
  await screenshot(page, 'demo-console-playground');

  // An agent's calls fail three ways.
  const invalid = await agent('tools/HUBSPOT_CONTACTS_GET/execute', { connectedAccountId: connectionId, arguments: { contactId: 5 } });
  t.equal(invalid.status, 400, 'invalid arguments');
  const unconnected = await agent('tools/HUBSPOT_CONTACTS_LIST/execute', { entityId: 'nobody', arguments: {} });
  t.equal(unconnected.status, 400, 'no connection for that end user');
  const missing = await agent('tools/HUBSPOT_CONTACTS_GET/execute', {
    connectedAccountId: connectionId,
    arguments: { contactId: '999999' },
  });
  t.match(await missing.json(), { successful: false, status: 404 }, "the provider's 404");

  // Each one in Executions, with its reason; the provider's body in the detail.
  const executions = `${project}/executions`;
  const rows = page.getByTestId('execution-row');
  for (const viewport of [undefined, PHONE]) {
    if (viewport) await page.setViewportSize(viewport);
    const suffix = viewport ? '-phone' : '';
    await page.goto(executions);
    // Written in batches: reload until the three calls are listed (bounded).
    for (let i = 0; i < 20 && (await rows.count()) < 4; i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await rows.first().waitFor();
    }
    t.equal(await rows.count(), 4, 'the playground run and the three failed calls');
    t.match(await rows.filter({ hasText: 'nobody' }).innerText(), /no ACTIVE hubspot connection/, 'no connection: its reason');
    t.match(await rows.filter({ hasText: 'Invalid arguments' }).innerText(), /HUBSPOT_CONTACTS_GET/, 'invalid arguments: its reason');
    t.equal(await sidewaysOverflow(page), 0, `Executions: no sideways scroll${suffix}`);
    await screenshot(page, `demo-console-executions${suffix}`);
    await rows.filter({ hasText: 'HTTP 404' }).getByTestId('view-execution').click();
    await page.getByTestId('execution-response').waitFor();
    t.match(await page.getByTestId('execution-response').innerText(), /999999|not found/i, "the provider's body");
    t.equal(await page.getByTestId('execution-request-id').innerText(), missing.headers.get('x-request-id'), "the answer's request id");
    t.equal(await sidewaysOverflow(page), 0, `the detail: no sideways scroll${suffix}`);
    await screenshot(page, `demo-console-execution-404${suffix}`);
  }
  t.same(problems, [], 'no script error nor refused load in the console');
});
