/**
 * The account screens in a real browser (issue 30): a signed-in person opens "Account" from the top
 * bar and changes the password (a wrong current one is shown as refused), signing out the other
 * session; then an operator's reset link sets a new password from a signed-out browser.
 */
import t from 'tap';
import { browserSkip, launchBrowser, listeningEmptyBroker, openPage, screenshot } from '../../helpers/browser.js';
import { CONSOLE, TEST_PASSWORD, signIn, signUp } from '../../helpers/console.js';

const skip = browserSkip();
const NEW_PASSWORD = 'a brand new passphrase';

t.test('change the password from the top bar, then reset it with a link', { skip }, async (t) => {
  const b = await listeningEmptyBroker(t);
  const ada = await signUp(b.app, 'ada@example.com');
  const laptop = await signIn(b.app, 'ada@example.com');
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: ada } });

  await page.goto(b.consoleUrl);
  await page.getByTestId('account-link').click();
  await page.waitForURL(/#\/account$/);
  await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel(/New password/).fill(NEW_PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await page.getByText('Current password is incorrect').waitFor();
  t.pass('a wrong current password is refused on the screen');

  await page.getByLabel('Current password').fill(TEST_PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await page.getByText(/Password changed; 1 other session\(s\) signed out/).waitFor();
  t.pass('changed, the other session signed out');
  await screenshot(page, 'account-change-password');
  t.equal((await laptop.get('/auth/session')).statusCode, 401, 'the other session no longer works');
  t.equal((await ada.get('/auth/session')).statusCode, 200, 'this one still does');

  const reset = await b.app.services.accounts.issuePasswordReset('ada@example.com');
  const token = reset!.link.split('/reset-password/')[1]!;
  const other = await openPage(browser);
  await other.page.goto(`${b.consoleUrl}#/reset-password/${token}`);
  await other.page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  await other.page.getByLabel(/New password/).fill('the reset passphrase');
  await screenshot(other.page, 'reset-password');
  await other.page.getByTestId('reset-password-submit').click();
  await other.page.getByTestId('reset-password-done').waitFor();
  await screenshot(other.page, 'reset-password-done');
  t.equal((await ada.get('/auth/session')).statusCode, 401, 'the reset signed out every session');
  const signedIn = await b.app.inject({
    method: 'POST',
    url: `${CONSOLE}/auth/sign-in`,
    payload: { email: 'ada@example.com', password: 'the reset passphrase' },
  });
  t.equal(signedIn.statusCode, 200, 'the new password works');

  const again = await openPage(browser);
  await again.page.goto(`${b.consoleUrl}#/reset-password/${token}`);
  await again.page.getByLabel(/New password/).fill('yet another passphrase');
  await again.page.getByTestId('reset-password-submit').click();
  await again.page.getByText(/unknown, already used or expired/).waitFor();
  await screenshot(again.page, 'reset-password-used');
  t.pass('a used link is refused with a clear message');
  t.same([...problems, ...other.problems, ...again.problems], [], 'no script or console errors');
});
