/**
 * A connect link forwarded to someone else (issue 30), with two real browser profiles: the OAuth
 * attempt continued from a hosted link in browser A is bound to A by an HttpOnly cookie, so the
 * provider's consent finished in browser B (the consent URL forwarded to a victim, who would
 * authorize their own account into the sender's connection) is refused with a page that says why;
 * the same steps all in A connect. PUBLIC_BASE_URL is the listening origin, so the provider sends
 * the browser back to this broker as it would in production.
 */
import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSkip, launchBrowser, openPage, screenshot } from '../../helpers/browser.js';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';
import { freePort } from '../../../sandbox/support/processes.js';

const skip = browserSkip();

t.test('an OAuth consent forwarded to another browser is refused; in the browser that opened the link it connects', { skip }, async (t) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const b = await brokerWithSandboxes(t, { env: { PUBLIC_BASE_URL: origin } });
  await b.app.listen({ port, host: '127.0.0.1' });
  const made = await b.api('POST', 'auth_configs', { slug: 'hubspot', authMethodId: 'hubspot_oauth2', isManaged: true });
  t.ok(made.statusCode < 300, `auth config created (${made.statusCode})`);
  const authConfigId = made.json<{ authConfigId: string }>().authConfigId;
  const newLink = async (entityId: string) => {
    const res = await b.api('POST', 'connect-links', { authConfigId, entityId });
    t.equal(res.statusCode, 201, 'connect link created');
    return res.json<{ url: string; connectionId: string }>();
  };
  const statusOf = async (id: string) =>
    (await b.api('GET', `connectors/connections/${id}`)).json<{ status: string; statusReason: string | null }>();

  const browser = await launchBrowser(t);
  const a = await openPage(browser);
  const other = await openPage(browser);

  /** In `page`: opens the hosted link and continues to the provider's consent page. */
  async function continueToProvider(page: Page, url: string): Promise<string> {
    await page.goto(url);
    await page.getByRole('button', { name: /Continue to HubSpot/ }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    return page.url();
  }
  const bindingCookie = async (context: BrowserContext, connectionId: string) =>
    (await context.cookies(origin + '/api/v1/connectors/hubspot/callback')).find((c) => c.name === `connect_browser_${connectionId}`);

  await t.test('the consent finished in another browser is refused with a page that says why', async (t) => {
    const link = await newLink('alice');
    const consentUrl = await continueToProvider(a.page, link.url);
    t.equal(new URL(consentUrl).origin, new URL(b.hubspot.url).origin, "A is at the provider's consent page");
    const cookie = await bindingCookie(a.context, link.connectionId);
    t.ok(cookie, 'continuing the link set the binding cookie in A');
    t.equal(cookie?.httpOnly, true, 'HttpOnly: no script of any page reads it');
    t.equal(await bindingCookie(other.context, link.connectionId), undefined, 'B has no such cookie');

    // The consent URL forwarded: B opens it, approves, and the provider sends B to the callback.
    await other.page.goto(consentUrl);
    await other.page.getByRole('button', { name: 'Approve' }).click();
    await other.page.waitForURL((u) => u.pathname === '/api/v1/connectors/hubspot/callback');
    const text = await other.page.locator('body').innerText();
    t.match(text, /finished in a different browser from the one that opened the connect link, so it was refused/, 'the page says why');
    t.match(text, /Ask the application that sent the link for a new one and open it in the browser you use/, 'and what to do');
    t.notMatch(text, /Connected/, 'and does not claim success');
    await screenshot(other.page, 'connect-link-other-browser-refused');
    t.match(
      await statusOf(link.connectionId),
      { status: 'FAILED', statusReason: /different browser/ },
      'the attempt failed, with the reason',
    );
  });

  await t.test('the same steps all in the browser that opened the link connect', async (t) => {
    const link = await newLink('alice');
    await continueToProvider(a.page, link.url);
    await a.page.getByRole('button', { name: 'Approve' }).click();
    await a.page.getByRole('heading', { level: 1, name: 'Connected' }).waitFor();
    await screenshot(a.page, 'connect-link-same-browser-connected');
    t.equal((await statusOf(link.connectionId)).status, 'ACTIVE', 'ACTIVE on the native API');
  });

  t.same([...a.problems, ...other.problems], [], 'no script error nor refused load in either browser');
});
