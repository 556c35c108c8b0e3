/**
 * `npm run demo` prints a walkthrough to paste into a shell. This runs its command lines, as
 * printed and in order, in bash against the running demo: nothing to fill in by hand, and each step
 * does what it says. Runs once, on the demo's own SQLite database (its default).
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { startDemo } from './demo-process.js';

const RULE = '='.repeat(80);

t.test('the demo walkthrough runs as printed', async (t) => {
  const demo = await startDemo(t);
  await demo.until((out) => out.split(RULE).length >= 3);
  const out = demo.output();
  const printed = out.split(RULE)[1];
  t.ok(printed, 'the walkthrough is printed', printed ? {} : { output: out.slice(-2000) });
  t.notMatch(printed, /<[a-zA-Z][^>]*>/, 'no <placeholder> to fill in');

  // The shell lines: everything indented under a step (commands, their continuations, # notes).
  const script = printed!
    .split('\n')
    .filter((line) => line.startsWith('    '))
    .join('\n');
  const run = spawnSync('bash', ['-c', `set -u\n${script}`], { encoding: 'utf8', timeout: 120_000 });
  t.equal(run.status, 0, `bash ran it (stderr: ${run.stderr.slice(0, 1000)})`);
  const said = run.stdout;
  t.match(said, /^ac_\S+$/m, 'step 1 printed the auth config id');
  const open = /^Open: (http\S+)$/m.exec(said)?.[1];
  t.ok(open, 'step 2 printed the hosted connect link');
  const page = await fetch(open!);
  t.equal(page.status, 200, 'the hosted connect link opens');
  t.match(await page.text(), /HubSpot/);
  t.match(said, /"status":"ACTIVE"/, 'step 3: the connection is ACTIVE');
  t.match(said, /ada@example\.com/, 'step 4: the contact was created and found');
  t.match(said, /https:\/\/example\.com\/a\/long\/path/, 'step 5: the short link expands');
  t.match(said, /"type":"connection\.revoked"/, 'step 8: the revocation is in the event log');
  t.notMatch(said, /"successful":false|"defined":/, 'no step failed');
  const revoked = /webhook received: webhook-id=\S+ .*connection\.revoked/;
  t.ok(await demo.until((o) => revoked.test(o), 30_000), "the demo's receiver got the signed event");
  t.match(said, /"triggerSlug":"HUBSPOT_CONTACT_CREATED"/, 'step 10: the trigger is set up');
  const triggered = /webhook received: webhook-id=\S+ .*"type":"trigger\.event".*alan@example\.com/;
  t.ok(await demo.until((o) => triggered.test(o), 60_000), 'step 10: the new contact arrives as a trigger event');
});
