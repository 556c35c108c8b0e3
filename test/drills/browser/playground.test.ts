/**
 * The Playground in a real browser (issue 32): with a HubSpot connection made through the
 * sandbox's consent, an owner opens the Playground by its deep link, fills HUBSPOT_CONTACTS_CREATE's
 * form generated from its input schema, runs it and sees the request as sent (the token masked),
 * the provider's 201 and body; switches to raw JSON and back with the same arguments; copies the
 * call as curl, TypeScript and MCP. A toolkit without a connection says so with a link to
 * Connections. At 1280 px and at 390 px, without sideways scrolling.
 */
import t from 'tap';
import { browserSkip, launchBrowser, listeningBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { signUp } from '../../helpers/console.js';

const skip = browserSkip();

t.test('run HUBSPOT_CONTACTS_CREATE from the form, see what was sent and answered, copy the call', { skip }, async (t) => {
  const b = await listeningBroker(t);
  const owner = await signUp(b.app, 'owner@example.com');
  t.ok((await b.http('POST', 'auth_configs', b.key, { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true })).ok);
  const initiated = await b.http('POST', 'connectors/hubspot/initiate', b.key, { entityId: 'ada' });
  const { connectionId, redirectUrl } = (await initiated.json()) as { connectionId: string; redirectUrl: string };
  t.equal((await b.consent(redirectUrl)).res.statusCode, 200);

  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  const playground = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}/playground`;

  // Search, then choose the tool; the only ACTIVE connection is chosen for it.
  await page.goto(playground);
  await page.getByTestId('playground-search').fill('create contact');
  await page.getByTestId('playground-tool-option').filter({ hasText: 'HUBSPOT_CONTACTS_CREATE' }).click();
  await page.getByTestId('playground-form').waitFor();
  // The address names the choice once the connection is preselected: it can be shared.
  await page.waitForURL(new RegExp(`playground\\?tool=HUBSPOT_CONTACTS_CREATE&connection=${connectionId}$`));
  t.equal(await page.getByTestId('playground-connection').inputValue(), connectionId, 'the connection is preselected');

  // The deep link preselects both.
  await page.goto('about:blank');
  await page.goto(`${playground}?tool=HUBSPOT_CONTACTS_CREATE&connection=${connectionId}`);
  await page.getByTestId('playground-form').waitFor();
  t.equal(await page.getByTestId('playground-tool').innerText(), 'HUBSPOT_CONTACTS_CREATE');
  t.match(await page.getByText('properties', { exact: false }).first().innerText(), /properties/);
  t.match(await page.locator('label[for="arg-properties"]').innerText(), /properties\s*\*/, 'required is marked');

  await page.getByTestId('arg-properties').fill('{"email": "grace@example.com", "firstname": "Grace"}');
  // Raw JSON shows the same arguments, and an edit there comes back to the form.
  await page.getByTestId('mode-json').click();
  const json = JSON.parse(await page.getByTestId('playground-json').inputValue()) as unknown;
  t.same(json, { properties: { email: 'grace@example.com', firstname: 'Grace' } }, 'the form as JSON');
  await page
    .getByTestId('playground-json')
    .fill(`{"properties": {"email": "grace@example.com", "firstname": "Grace", "lastname": "O'Hopper"}}`);
  await page.getByTestId('mode-form').click();
  t.same(JSON.parse(await page.getByTestId('arg-properties').inputValue()), {
    email: 'grace@example.com',
    firstname: 'Grace',
    lastname: "O'Hopper",
  });

  await page.getByTestId('playground-run').click();
  await page.getByTestId('playground-result').waitFor();
  t.equal(await page.getByTestId('playground-status').innerText(), '201', "the provider's status");
  const sent = await page.getByTestId('playground-request').innerText();
  t.match(sent, /^POST http:\/\/127\.0\.0\.1:\d+\/crm\/v3\/objects\/contacts/, 'the request line as sent');
  t.match(sent, /Authorization: \[REDACTED\]/, 'the token masked');
  t.match(await page.getByTestId('playground-request-body').innerText(), /"lastname": "O'Hopper"/);
  t.match(await page.getByTestId('playground-response-body').innerText(), /"email": "grace@example.com"/, "the provider's body");
  t.match(await page.getByTestId('playground-response-headers').innerText(), /^HTTP 201\ncontent-type: application\/json/);
  const tokens = b.hubspot.apiRequests().flatMap((r) => (r.bearer ? [r.bearer] : []));
  t.ok(tokens.length > 0);
  const shown = await page.locator('main').innerText();
  for (const token of tokens) t.notOk(shown.includes(token), 'no token on the page');
  t.equal(await sidewaysOverflow(page), 0, 'no sideways scrolling at 1280 px');
  await screenshot(page, 'playground-run');

  // Copy as: each names the tool, the connection and the arguments.
  const snippet = () => page.getByTestId('playground-snippet').inputValue();
  t.match(await snippet(), /curl -s -X POST '.*\/api\/v1\/tools\/HUBSPOT_CONTACTS_CREATE\/execute'[\s\S]*x-api-key: \$BROKER_API_KEY/);
  t.match(await snippet(), new RegExp(`"connectedAccountId":"${connectionId}"`));
  t.match(await snippet(), `"lastname":"O'\\''Hopper"`, 'a quote in the arguments survives the shell');
  await page.getByTestId('copy-as-typescript').click();
  t.match(await snippet(), /broker\.tools\.execute\("HUBSPOT_CONTACTS_CREATE", \{[\s\S]*"lastname": "O'Hopper"/);
  await page.getByTestId('copy-as-mcp').click();
  t.match(JSON.parse(await snippet()), {
    jsonrpc: '2.0',
    method: 'tools/call',
    params: { name: 'HUBSPOT_CONTACTS_CREATE', arguments: { properties: { lastname: "O'Hopper" } } },
  });

  // The run is an execution.
  await page.getByTestId('playground-execution').click();
  await page.getByTestId('execution-facts').waitFor();
  t.match(await page.getByTestId('execution-facts').innerText(), /HTTP 201/);
  // And an execution leads back here, with its tool and connection chosen.
  await page.getByTestId('execution-playground').click();
  await page.getByTestId('playground-form').waitFor();
  t.equal(await page.getByTestId('playground-tool').innerText(), 'HUBSPOT_CONTACTS_CREATE');
  t.equal(await page.getByTestId('playground-connection').inputValue(), connectionId);

  // A toolkit without a connection says so, with the way to make one.
  await page.goto(`${playground}?tool=BITLY_CREATE_FULL_SHORTLINK`);
  await page.getByTestId('playground-no-connection').waitFor();
  t.match(await page.getByTestId('playground-no-connection').innerText(), /no ACTIVE connection of bitly/);
  t.ok(await page.getByTestId('playground-no-connection').getByRole('link', { name: 'Go to Connections' }).isVisible());
  t.ok(await page.getByTestId('playground-run').isDisabled(), 'nothing to run with');
  await screenshot(page, 'playground-no-connection');

  await page.setViewportSize(PHONE);
  await page.goto(`${playground}?tool=HUBSPOT_CONTACTS_CREATE&connection=${connectionId}`);
  await page.getByTestId('arg-properties').fill('{"email": "ada@example.com"}');
  await page.getByTestId('playground-run').click();
  await page.getByTestId('playground-result').waitFor();
  t.equal(await sidewaysOverflow(page), 0, 'the playground fits at 390 px');
  await screenshot(page, 'playground-run-phone');
  t.same(problems, [], 'no script error nor refused load in the page');
});
