/**
 * Browser end-to-end tests (test/drills/browser/): headless Chromium driven by playwright-core against a real
 * broker listening on a loopback port. The browser is the system's Chromium (`/usr/bin/chromium`,
 * or `CHROMIUM_PATH`), never a download: without it the tests are skipped with the reason. Pages
 * are watched for script errors and refused loads (the console's CSP), and screenshots land in
 * test-artifacts/e2e/ for a person to look at.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { brokerWithSandboxes } from './sandboxes.js';
import { ensureWebBuilt } from './web-build.js';
import type { ConsoleClient } from './console.js';
import { buildTestApp, type TestContext } from './app.js';
import type { FastifyInstance } from 'fastify';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = fileURLToPath(new URL('../../test-artifacts/e2e/', import.meta.url));

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Why the browser tests cannot run here, for `t.test(name, { skip: browserSkip() }, fn)`; false
 * when they can.
 */
export function browserSkip(): string | false {
  if (existsSync(CHROMIUM_PATH)) return false;
  return `no Chromium at ${CHROMIUM_PATH}: install Debian's chromium or set CHROMIUM_PATH to run the browser tests`;
}

/** Headless Chromium (we run as root, hence --no-sandbox), closed on teardown. */
export async function launchBrowser(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
  t.teardown(() => browser.close());
  return browser;
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught script errors and console errors (CSP refusals among them), except failed HTTP answers the app handles. */
  problems: string[];
}

/** A fresh browser profile (no cookies) with one page, its problems recorded. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; session?: { origin: string; client: ConsoleClient } } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, colorScheme: 'light' });
  context.setDefaultTimeout(10_000);
  if (options.session) {
    // The session cookie as the broker set it (host-only, path /, HttpOnly, SameSite=Lax).
    const { cookie } = options.session.client;
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: options.session.origin, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // A 401/404 the app expects (the signed-out session check) is logged by Chromium as a failed load.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(`console: ${msg.text()}`);
  });
  return { page, context, problems };
}

/** How many pixels the page scrolls sideways (0 when it fits the viewport's width). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  // A string: test/ is type-checked without the DOM library.
  return Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
}

/** A full-page PNG in test-artifacts/e2e/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** Listens on 127.0.0.1 with a random port; returns the origin and HTTP helpers for it. */
async function listenOnLoopback(app: FastifyInstance) {
  ensureWebBuilt();
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  /** The same path and query on the listening broker (for URLs that name PUBLIC_BASE_URL). */
  const onBroker = (url: string) => {
    const u = new URL(url);
    return `${origin}${u.pathname}${u.search}`;
  };
  /** A native API request over HTTP with `key`, as an agent sends it. */
  const http = (method: 'GET' | 'POST', path: string, key: string, body?: unknown) =>
    fetch(`${origin}/api/v1/${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { origin, onBroker, http, consoleUrl: `${origin}/console/` };
}

/**
 * A broker on an empty database (no organization, no user) listening on a loopback port and
 * serving the built console. The console accepts the browser's Origin as the host it reached.
 */
export async function listeningEmptyBroker(t: TestContext) {
  const b = await buildTestApp(t);
  return { ...b, ...(await listenOnLoopback(b.app)) };
}

/**
 * brokerWithSandboxes (HubSpot and Bitly sandboxes, the `acme` API-key toolkit, the "test org"
 * with "test project" and its key) listening on a loopback port. URLs the broker hands out name
 * PUBLIC_BASE_URL (the port is not known before listening): `onBroker` re-points them.
 */
export async function listeningBroker(t: TestContext) {
  const b = await brokerWithSandboxes(t);
  return { ...b, ...(await listenOnLoopback(b.app)) };
}

/**
 * The end user's part of a console connect link: opens the link dialog's link in a new tab (after
 * its `heading`, when given), consents at the HubSpot sandbox, sees "Connected", then closes the tab
 * and the console's dialog.
 */
export async function consentFromLinkDialog(page: Page, context: BrowserContext, options: { heading?: string } = {}): Promise<void> {
  const dialog = page.getByTestId('connect-link-dialog');
  const [consent] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('open-connect-link').click()]);
  if (options.heading) await consent.getByRole('heading', { level: 1, name: options.heading }).waitFor();
  await consent.getByRole('button', { name: 'Continue to HubSpot' }).click();
  await consent.getByRole('button', { name: 'Approve' }).click();
  await consent.getByRole('heading', { level: 1, name: 'Connected' }).waitFor();
  await consent.close();
  await dialog.getByTestId('close-connect-link').click();
}
