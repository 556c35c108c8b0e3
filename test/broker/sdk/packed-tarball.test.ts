/**
 * The SDK as a user gets it: `npm pack` in sdk/typescript (its prepack builds dist/ with tsc), the
 * tarball installed offline into an empty folder (it has no dependencies), and the README's
 * ten-line agent script run there with plain node against a listening broker and the sandboxes.
 * This test plays the user's browser on the link the script prints, then checks that the script
 * connected the user and that its tool call reached the HubSpot sandbox.
 */
import t from 'tap';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brokerWithSandboxes } from '../../helpers/sandboxes.js';

const run = promisify(execFile);
const SDK_DIR = fileURLToPath(new URL('../../../sdk/typescript/', import.meta.url));

/** The first ```js block of the SDK README's "Ten lines" section. */
function readmeScript(): string {
  const readme = readFileSync(join(SDK_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Ten lines'));
  const block = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('sdk/typescript/README.md: no ```js block in "## Ten lines"');
  return block;
}

t.test("the packed SDK installs into an empty folder and runs the README's agent script", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sdk-pack-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const app = join(dir, 'app');
  await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: SDK_DIR });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  t.ok(tarball, 'npm pack wrote a tarball');
  if (!tarball) return;
  const { stdout: listing } = await run('tar', ['-tzf', join(dir, tarball)]);
  t.match(listing, /package\/dist\/index\.js/);
  t.match(listing, /package\/dist\/index\.d\.ts/);
  t.match(listing, /package\/dist\/adapters\/openai\.js/, 'the adapters (subpath exports)');
  t.notMatch(listing, /package\/src\//, 'only the build and the README are packed');

  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'agent', private: true, type: 'module' }));
  await run('npm', ['install', join(dir, tarball), '--offline', '--no-audit', '--no-fund'], { cwd: app });
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/@connector-broker/sdk/package.json'), 'utf8')) as {
    dependencies?: object;
  };
  t.equal(installed.dependencies, undefined, 'no runtime dependencies');
  writeFileSync(join(app, 'agent.mjs'), readmeScript());
  const subpaths = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "for (const p of ['openai', 'anthropic', 'vercel-ai']) console.log(p, Object.keys(await import(`@connector-broker/sdk/${p}`)).sort().join(','))",
    ],
    { cwd: app },
  );
  t.equal(
    subpaths.stdout,
    'openai chatTools,responsesTools,runChatToolCalls,runResponsesToolCalls\nanthropic anthropicTools,runToolUses\nvercel-ai vercelTools\n',
    'the adapters import by their subpaths',
  );

  const b = await brokerWithSandboxes(t);
  const origin = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const hubspotBefore = b.hubspot.mark();
  const child = spawn(process.execPath, ['agent.mjs'], {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', BROKER_URL: origin, BROKER_API_KEY: b.key },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  t.teardown(() => void child.kill());
  // The user's browser: open the link the script prints, consent at the sandbox, back to the broker.
  const link = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const url = /connect HubSpot: (\S+)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    void exited.then(() => reject(new Error(`the script ended before printing a link: ${stdout}${stderr}`)));
  });
  const { res } = await b.consent(link);
  t.equal(res.statusCode, 200, 'the consent completed');
  t.equal(await exited, 0, `the script exits cleanly${stderr ? `: ${stderr}` : ''}`);
  t.match(stdout, /executed HUBSPOT_CONTACTS_CREATE true .*ada@example\.com/);

  const connections = await b.api('GET', 'connectors/connections?entityId=demo-user');
  t.match(connections.json(), { items: [{ status: 'ACTIVE', providerSlug: 'hubspot' }] }, 'the script connected the user');
  const created = b.hubspot.sentSince(hubspotBefore).filter((r) => r.method === 'POST' && r.path.includes('/crm/v3/objects/contacts'));
  t.equal(created.length, 1, 'its tool call reached the provider once');
});
