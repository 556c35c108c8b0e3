/**
 * The Dockerfile's image starts (issue 15), without Docker: the runtime stage's COPY lines are
 * replayed into a temp dir (node_modules, built by the deps stage, is a symlink; web/dist, which
 * the deps stage's `npm ci` builds, is a copy of the local build), then its CMD runs there with
 * its ENV, NODE_ENV=production and the required secrets, on SQLite. /healthz, /readyz, the
 * HEALTHCHECK command, a catalog listing (with a key from the image's `broker create-project`, as
 * production prints none on first start) and the web console must work. The symlink also holds
 * dev dependencies, so the deps stage's `npm ci --omit=dev` is checked apart: every package the
 * image's server code imports is a production dependency. Not covered: the base image itself.
 */
import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../sandbox/support/processes.js';
import { ensureWebBuilt } from '../../helpers/web-build.js';
import { buildServer, npmStartArgs } from '../../helpers/server-build.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface RuntimeStage {
  env: Record<string, string>;
  workdir: string;
  copies: { from?: string; sources: string[]; dest: string }[];
  cmd: string[];
  healthcheck: string[];
}

/** The last stage of a Dockerfile (the image that runs): its ENV, WORKDIR, COPY, CMD, HEALTHCHECK. */
function runtimeStage(dockerfile: string): RuntimeStage {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stage = lines.slice(lines.map((l) => /^FROM\s/i.test(l)).lastIndexOf(true));
  const out: RuntimeStage = { env: {}, workdir: '/', copies: [], cmd: [], healthcheck: [] };
  for (const line of stage) {
    const [, instruction, rest] = line.match(/^(\w+)\s+(.*)$/)!;
    switch (instruction!.toUpperCase()) {
      case 'ENV':
        for (const [, k, v] of rest!.matchAll(/(\w+)=(\S+)/g)) out.env[k!] = v!;
        break;
      case 'WORKDIR':
        out.workdir = rest!;
        break;
      case 'COPY': {
        const words = rest!.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((w) => !w.startsWith('--'));
        out.copies.push({ from, sources: paths.slice(0, -1), dest: paths.at(-1)! });
        break;
      }
      case 'CMD':
        out.cmd = JSON.parse(rest!) as string[];
        break;
      case 'HEALTHCHECK':
        out.healthcheck = rest!.replace(/^(--\S+\s+)*CMD\s+/, '').match(/"[^"]*"|\S+/g)!;
        break;
    }
  }
  return out;
}

/** The build context minus .dockerignore (which lists plain top-level names here). */
function ignoredByDocker(): (path: string) => boolean {
  const patterns = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return (path: string) => patterns.some((p) => path === p || path.startsWith(`${p}/`) || basename(path) === p);
}

/** Replays the stage's COPY lines into `app` (the image's WORKDIR). */
function buildLayout(stage: RuntimeStage, app: string): string[] {
  const ignored = ignoredByDocker();
  const copied: string[] = [];
  for (const copy of stage.copies) {
    const dest = resolve(app, copy.dest);
    if (copy.from) {
      // Only the deps stage's node_modules and web console build, and the compiled server, are
      // expected from another stage.
      const source = copy.sources.join();
      if (source === `${stage.workdir}/node_modules`) symlinkSync(join(ROOT, 'node_modules'), dest, 'dir');
      else if (source === `${stage.workdir}/web/dist`) cpSync(ensureWebBuilt(), dest, { recursive: true });
      else if (source === `${stage.workdir}/dist`) buildServer(dest);
      else throw new Error(`unexpected COPY --from: ${copy.sources.join(' ')}`);
      copied.push(source);
      continue;
    }
    for (const source of copy.sources) {
      const target = copy.dest.endsWith('/') ? join(dest, basename(source)) : dest;
      mkdirSync(resolve(target, '..'), { recursive: true });
      cpSync(join(ROOT, source), target, {
        recursive: true,
        filter: (src) => !ignored(relative(ROOT, src)),
      });
      copied.push(source);
    }
  }
  return copied;
}

/** Packages imported (statically or dynamically) by the server's files under `dir` (not the browser bundle). */
function importedPackages(dir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|js|mjs)$/.test(entry.name) || entry.parentPath.includes('node_modules')) continue;
    if (entry.parentPath.startsWith(join(dir, 'web'))) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    // A specifier has no space; `=== 'import'` in code is not an import.
    for (const [, spec] of text.matchAll(/(?<![\w'"])(?:from|import)\s*\(?\s*'([^'.\s][^'\s]*)'/g)) {
      if (spec!.startsWith('node:')) continue;
      found.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
    }
  }
  return found;
}

t.test("the Dockerfile's runtime layout starts and serves", async (t) => {
  const stage = runtimeStage(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  t.equal(stage.cmd[0], 'node');
  t.match(stage.cmd.at(-1), /^dist\/.*\.js$/, 'CMD runs the compiled server, not the sources through tsx');
  t.notOk(stage.cmd.includes('tsx'), 'no TypeScript loader at run time');
  t.same(stage.cmd, ['node', ...npmStartArgs()], 'the same command as npm start');
  t.equal(stage.env.NODE_ENV, 'production');
  const dir = mkdtempSync(join(tmpdir(), 'broker-image-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const app = join(dir, 'app');
  mkdirSync(app);
  const copied = buildLayout(stage, app);
  t.ok(existsSync(join(app, stage.cmd.at(-1)!)), `the entry point ${stage.cmd.at(-1)} is in the image (${copied.join(', ')})`);
  t.notOk(existsSync(join(app, 'test')) || existsSync(join(app, 'sandbox')), 'no tests or sandboxes in the image');
  t.ok(existsSync(join(app, 'web/dist/index.html')), 'the built web console is in the image');
  t.notOk(existsSync(join(app, 'web/src')), 'its sources are not');
  const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const imported = [...importedPackages(app)];
  t.ok(imported.includes('fastify'), `the image's code was scanned (${imported.length} packages)`);
  t.same(
    imported.filter((p) => !(p in dependencies)),
    [],
    'every package the image imports survives `npm ci --omit=dev`',
  );

  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    ...stage.env,
    // The image's own values, but on loopback and inside the temp dir (the image uses /app/data).
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(dir, 'data'),
    VAULT_KEYS: `image:${Buffer.alloc(32, 9).toString('base64')}`,
    SESSION_SECRET: 'image-session-secret-image-session-secret',
  };
  const [command, ...args] = stage.cmd;
  const child = spawn(command === 'node' ? process.execPath : command!, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  t.teardown(() => void child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && !/Server listening/.test(out) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
  // The output holds the first key: shown only if the start failed.
  t.ok(/Server listening/.test(out), 'the server started', { output: out.slice(-2000) });

  t.same(await (await fetch(`${base}/healthz`)).json(), { status: 'ok' }, '/healthz');
  const ready = await fetch(`${base}/readyz`);
  t.equal(ready.status, 200, '/readyz');
  t.same(await ready.json(), { status: 'ready' });
  const health = spawnSync(
    stage.healthcheck[0] === 'node' ? process.execPath : stage.healthcheck[0]!,
    stage.healthcheck.slice(1).map((a) => a.replace(/^"(.*)"$/, '$1')),
    { env, encoding: 'utf8', timeout: 30_000 },
  );
  t.equal(health.status, 0, `the HEALTHCHECK command passes: ${health.stderr}`);

  // Production creates nothing on an empty database and prints no key: it sends the operator to
  // the console's sign-up, or to the image's `broker create-project`, which the test uses.
  t.match(out, /\/console\//, 'the first start points at the console');
  t.notMatch(out, /cb_live_/, 'and prints no API key');
  const cli = spawnSync(process.execPath, ['bin/broker.js', 'create-project', '--org', 'image', '--project', 'image'], {
    cwd: app,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const key = cli.stdout.match(/API key:\s+(cb_live_\S+)/)?.[1];
  t.ok(key, `the image's broker command created a project and printed its key (exit ${cli.status})`);
  const tools = await fetch(`${base}/api/v1/tools?toolkit=hubspot&limit=5`, { headers: { 'x-api-key': key! } });
  t.equal(tools.status, 200);
  const list = (await tools.json()) as { items: { slug: string }[]; total: number };
  t.ok(list.total > 0 && list.items.every((i) => i.slug.startsWith('HUBSPOT_')), `the built-in catalog is served (${list.total} tools)`);

  const root = await fetch(`${base}/`, { redirect: 'manual' });
  t.equal(root.headers.get('location'), '/console/', '/ sends browsers to the console');
  const page = await fetch(`${base}/console/`);
  t.equal(page.status, 200, 'the web console is served');
  const script = (await page.text()).match(/src="(assets\/[^"]+\.js)"/)?.[1];
  t.equal((await fetch(`${base}/console/${script}`)).status, 200, `its script (${script})`);

  child.kill('SIGTERM');
  // The output says why when the exit is not clean (a shutdown timeout or error is logged).
  t.equal(await exited, 0, 'SIGTERM: clean exit', { output: out.slice(-3000) });
});
