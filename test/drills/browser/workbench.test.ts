/**
 * Finding out what happened, in a real browser (issue 32): a HubSpot connection made through the
 * sandbox's consent runs HUBSPOT_CONTACTS_CREATE, then an agent's calls fail three ways (invalid
 * arguments and no connection for the end user, both refused before the provider, and a provider
 * 404); each is found on the Executions tab with its reason, and its detail page shows the request
 * id of the answer, the arguments and the provider's body. At 1280 px and at 390 px, without
 * sideways scrolling. Creating the auth config and connecting from the console are in setup.test.ts,
 * running the tool from the Playground in playground.test.ts, and all of it against `npm run demo`
 * in test/drills/deploy/demo-console.test.ts.
 */
import t from 'tap';
import { browserSkip, launchBrowser, listeningBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { signUp } from '../../helpers/console.js';

const skip = browserSkip();

t.test('each failed agent call is found in Executions with its reason, request id, arguments and body', { skip }, async (t) => {
  const b = await listeningBroker(t);
  const owner = await signUp(b.app, 'owner@example.com');
  t.ok((await b.http('POST', 'auth_configs', b.key, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).ok);
  const initiated = await b.http('POST', 'connectors/hubspot/initiate', b.key, { entityId: 'ada' });
  const { connectionId, redirectUrl } = (await initiated.json()) as { connectionId: string; redirectUrl: string };
  t.equal((await b.consent(redirectUrl)).res.statusCode, 200);

  const run = (slug: string, body: unknown) => b.http('POST', `tools/${slug}/execute`, b.key, body);
  const created = await run('HUBSPOT_CONTACTS_CREATE', {
    connectedAccountId: connectionId,
    arguments: { properties: { email: 'ada@example.com' } },
  });
  t.match(await created.json(), { successful: true });
  const invalid = await run('HUBSPOT_CONTACTS_GET', { connectedAccountId: connectionId, arguments: { contactId: 5 } });
  t.equal(invalid.status, 400);
  const unconnected = await run('HUBSPOT_CONTACTS_LIST', { entityId: 'grace', arguments: {} });
  t.equal(unconnected.status, 400);
  const missing = await run('HUBSPOT_CONTACTS_GET', { connectedAccountId: connectionId, arguments: { contactId: '999999' } });
  t.match(await missing.json(), { successful: false, status: 404 });
  await b.app.services.recorder.flush();

  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  const executions = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}/executions`;
  await page.goto(executions);
  await page.getByTestId('execution-row').first().waitFor();
  t.equal(await page.getByTestId('execution-row').count(), 4, 'every call is listed, the refused ones too');
  t.equal(await sidewaysOverflow(page), 0, 'no sideways scrolling at 1280 px');
  await screenshot(page, 'workbench-executions');

  await page.getByTestId('execution-outcome-filter').selectOption('refused');
  await page.getByText('no ACTIVE hubspot connection').waitFor();
  // The filtered page has replaced the whole list (the refused rows were on it already).
  await page.getByTestId('execution-row').nth(2).waitFor({ state: 'detached' });
  const refused = page.getByTestId('execution-row');
  t.equal(await refused.count(), 2, 'two refused before the provider');
  t.match(
    await refused.filter({ hasText: 'grace' }).innerText(),
    /Refused[\s\S]*BAD_REQUEST[\s\S]*no ACTIVE hubspot connection/,
    'no connection',
  );
  t.match(
    await refused.filter({ hasText: 'HUBSPOT_CONTACTS_GET' }).innerText(),
    /Invalid arguments for HUBSPOT_CONTACTS_GET/,
    'invalid arguments',
  );

  await refused.filter({ hasText: 'HUBSPOT_CONTACTS_GET' }).getByTestId('view-execution').click();
  await page.getByTestId('execution-facts').waitFor();
  t.equal(await page.getByTestId('execution-request-id').innerText(), invalid.headers.get('x-request-id'), "the answer's request id");
  t.match(await page.getByTestId('execution-input').innerText(), /"contactId": 5/, 'the arguments as sent');
  t.match(await page.getByTestId('execution-error').innerText(), /BAD_REQUEST/);
  await screenshot(page, 'workbench-execution-refused');

  await page.goto(executions);
  await page.getByTestId('execution-outcome-filter').selectOption('failed');
  await page.getByTestId('execution-row').filter({ hasText: 'HTTP 404' }).waitFor();
  await page.getByTestId('execution-row').filter({ hasText: 'HTTP 201' }).waitFor({ state: 'detached' });
  t.equal(await page.getByTestId('execution-row').count(), 1, 'one provider error');
  await page.getByTestId('view-execution').click();
  await page.getByTestId('execution-response').waitFor();
  t.match(await page.getByTestId('execution-facts').innerText(), /HTTP 404/);
  t.match(await page.getByTestId('execution-response').innerText(), /999999|not found/i, "the provider's body");
  t.equal(await page.getByTestId('execution-request-id').innerText(), missing.headers.get('x-request-id'));
  await screenshot(page, 'workbench-execution-failed');

  await page.setViewportSize(PHONE);
  t.equal(await sidewaysOverflow(page), 0, 'the detail fits at 390 px');
  await screenshot(page, 'workbench-execution-failed-phone');
  await page.goto(executions);
  await page.getByTestId('execution-row').first().waitFor();
  await screenshot(page, 'workbench-executions-phone');
  t.same(problems, [], 'no script error nor refused load in the page');
});
