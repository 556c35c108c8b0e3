/**
 * The README's Composio snippet, read from README.md and run as printed with the official SDK
 * (@composio/core 0.19.0) against a listening broker, so the README cannot drift from what works.
 * Only the base URL is pointed at the test broker; the user's browser approval is played by the
 * test when the snippet prints the URL.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { captureConsole, listeningBroker, loopbackOnlyFetch } from './helpers.js';

process.env.TELEMETRY_DISABLED = 'true';
process.env.COMPOSIO_DISABLE_TELEMETRY = 'true';
const { Composio } = await import('@composio/core');

const README_BASE_URL = "'http://localhost:3000/compat'";

/** The first ```ts block of the README's "Compatibility mount" section. */
function readmeSnippet(): string {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Compatibility mount'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md: no ```ts block in "## Compatibility mount"');
  return block;
}

t.test("the README's Composio snippet runs as printed", async (t) => {
  const snippet = readmeSnippet();
  t.match(snippet, /^import \{ Composio \} from '@composio\/core';$/m, 'imports the SDK');
  t.match(snippet, README_BASE_URL, 'points at a local broker');
  t.match(snippet, /toolkitVersions: \{[^}]*hubspot: 'v1\.0\.0'/, 'pins the toolkit versions tools.execute needs');

  const b = await listeningBroker(t);
  const { escaped } = loopbackOnlyFetch(t);
  const logs = captureConsole(t);
  const saved = process.env.BROKER_API_KEY;
  process.env.BROKER_API_KEY = b.key;
  t.teardown(() => {
    if (saved === undefined) delete process.env.BROKER_API_KEY;
    else process.env.BROKER_API_KEY = saved;
  });

  // The snippet's own console: its output is kept, and the approval URL is "opened".
  const printed: unknown[][] = [];
  const consents: Promise<Response>[] = [];
  const snippetConsole = {
    log: (...args: unknown[]) => {
      printed.push(args);
      const url = typeof args[0] === 'string' ? /https?:\/\/\S+/.exec(args[0])?.[0] : undefined;
      if (url) consents.push(b.browserConsent(url));
    },
  };
  const body = snippet.replace(/^import .*$/m, '').replace(README_BASE_URL, `'${b.origin}/compat'`);
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  await new AsyncFunction('Composio', 'console', body)(Composio, snippetConsole);

  t.equal(consents.length, 1, 'the snippet printed the approval URL');
  t.equal((await consents[0])?.status, 200, 'the callback completed the connection');
  const [successful, data] = printed.at(-1) ?? [];
  t.equal(successful, true, `the tool ran: ${JSON.stringify(printed.at(-1))}`);
  t.match(data, { id: String, properties: { email: 'ada@example.com' } });
  t.same(
    logs.lines.filter((l) => /Transform validation failed/.test(l)),
    [],
  );
  t.same(escaped, [], 'no request left loopback');
});
