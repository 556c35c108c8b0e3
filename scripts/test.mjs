// `npm test`: the build of the web console and the server (the suite serves the one and starts the
// other) and the static checks (typecheck, ESLint, Prettier, layer boundaries, knip), beside the tap
// suite, which runs in phases by what a test needs (test/README.md):
//   unit             test/unit/, no database, once
//   broker/sqlite    test/broker/ on the embedded database
//   broker/postgres  test/broker/ again on PostgreSQL, when TEST_DATABASE_URL is set
//   drills           test/drills/, once, on PostgreSQL when TEST_DATABASE_URL is set (each file picks
//                    the database it is about); beside broker/postgres
// `npm run test:quick` (--quick): a few unit files and broker smoke tests on SQLite, no static checks.
// Before the first phase: tap's own build step when .taprc's plugins differ from the installed
// runner (else the first run after `npm ci` loads ts-node into every test process), and one migrated
// template database per database phase (sandbox/support/database-template.ts), which the helpers copy.
// While a phase runs it prints files done of total; its TAP stream goes to .tap/npm-test/<phase>.tap.
// Ends with the failed tests (file, test path, tap's diagnostic), wall and CPU seconds per phase, then
// "N passed, N failed, N skipped", and a non-zero exit on any failure: CI keeps only the end of a long
// log, so a failure must be readable there. Arguments: test files or folders narrow the phases to
// those; anything starting with `-` goes to tap (a --jobs there wins).
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { clearInterval, setInterval } from 'node:timers';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counts, tapReader } from './tap-stream.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOG_DIR = join(ROOT, '.tap', 'npm-test');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const tapArgs = argv.filter((a) => a.startsWith('-') && a !== '--quick');
const only = argv.filter((a) => !a.startsWith('-')).map((a) => relative(ROOT, resolve(a)));
// One test file more than there are cores: a file spends about a third of its time waiting
// (sandboxes, subprocesses, sockets, timers), so with as many files as cores the CPUs sat a third
// idle. A --jobs among the arguments comes later and wins.
const JOBS = availableParallelism() + 1;
// The drills' processes while broker on PostgreSQL runs beside them (that phase keeps JOBS).
const JOBS_BESIDE = availableParallelism();
const postgres = process.env.TEST_DATABASE_URL || '';

// test:quick: does a fresh install work at all (unit, spec.json, a tool run through the sandboxes, a
// console sign-up at the production password cost).
const QUICK = [
  'test/unit/config/config.test.ts',
  'test/unit/console/password-hasher.test.ts',
  'test/unit/catalog/request-template.test.ts',
  'test/broker/plugins/spec.test.ts',
  'test/broker/tools/one-of-arguments.test.ts',
  'test/broker/console/sessions.test.ts',
];

// Every broker log line of the run (test/helpers/app.ts and sandbox/support/processes.ts write
// them under this when it is set): scanned at the end for hashes, tokens and keys
// (sandbox/support/log-secret-scan.ts); a secret in a log line fails the run, named by file and line.
const TEST_LOG_DIR = join(ROOT, '.tap', 'logs');
process.env.TEST_LOG_DIR = TEST_LOG_DIR;

// CPU seconds: this process plus every descendant it (or they) waited for, from /proc (Linux);
// NaN elsewhere. cutime/cstime are fields 16 and 17 of /proc/self/stat.
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return NaN;
  }
}
function cpuSeconds() {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + childrenCpuSeconds();
}
// A command's CPU: the children's total grows by a child's whole tree when that child is reaped
// (just before its 'close'), so the growth since the last reap is the child that just ended, even
// while other commands run beside it.
let reaped = childrenCpuSeconds();
function reap() {
  const now = childrenCpuSeconds();
  const cpu = now - reaped;
  reaped = now;
  return cpu;
}
const seconds = (s) => (Number.isNaN(s) ? 'n/a' : `${Math.round(s)} s`);
/** A phase's name in file names: `broker/sqlite` -> `broker-sqlite`. */
const slug = (label) => label.replace(/\W+/g, '-');

function testFiles(dir) {
  const files = readdirSync(join(ROOT, dir), { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  return only.length === 0 ? files : files.filter((f) => only.some((o) => f === o || f.startsWith(`${o}/`)));
}

let pass = 0;
let fail = 0;
let skip = 0;
const failed = [];
const timings = [];

/**
 * Runs a command; `files` makes it a tap phase (progress lines, TAP to a log); else its output
 * streams, or with `quiet` is kept for the failure report and the command gets one line.
 */
function run(label, command, args, env, files, quiet = false) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (!quiet) process.stdout.write(`\n=== ${label}${files ? `: ${files.length} files` : ''}\n`);
    let tail = '';
    let done = 0;
    const log = files ? createWriteStream(join(LOG_DIR, `${slug(label)}.tap`)) : undefined;
    const fileDone = (ok, name) => {
      done += 1;
      process.stdout.write(`[${label}] ${done}/${files.length} ${ok ? 'ok' : 'NOT OK'} ${name}\n`);
    };
    const reader = tapReader(label, isGroup, (ok, name) => files && fileDone(ok, name));
    // Groups of files append `ok <file>` / `not ok <file>` here as each file ends.
    const progress = files && join(LOG_DIR, `${slug(label)}.progress`);
    let progressRead = 0;
    const readProgress = () => {
      const text = readFileSync(progress, 'utf8');
      const lines = text.slice(progressRead, text.lastIndexOf('\n') + 1);
      progressRead += lines.length;
      for (const l of lines.split('\n').filter(Boolean)) fileDone(l.startsWith('ok '), l.replace(/^(not )?ok /, ''));
    };
    if (progress) writeFileSync(progress, '');
    const poll = progress && setInterval(readProgress, 500);
    const childEnv = { ...process.env, ...env, ...(progress ? { TEST_PROGRESS_FILE: progress } : {}) };
    const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      if (log) log.write(chunk);
      else if (!quiet) process.stdout.write(chunk);
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      reader.feed(text);
    });
    child.on('close', (code) => {
      log?.end();
      if (poll) {
        clearInterval(poll);
        readProgress();
      }
      const wall = (Date.now() - started) / 1000;
      const cpu = reap();
      timings.push({ label, files: files?.length, wall, cpu });
      if (files) process.stdout.write(`[${label}] ${done}/${files.length} files in ${seconds(wall)} wall, ${seconds(cpu)} CPU\n`);
      if (quiet) process.stdout.write(`=== ${label}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds(wall)}\n`);
      resolve({ code: code ?? 1, tail, failures: reader.done() });
    });
  });
}

// A static check: one line while it runs beside the test phases, its output kept for the failure
// report. Resolves to whether it passed.
async function check(label, script) {
  const result = await run(label, 'npm', ['run', '--silent', script], {}, undefined, true);
  if (result.code === 0) pass += 1;
  else {
    fail += 1;
    failed.push(`--- ${label}: exit ${result.code}\n${result.tail.split('\n').slice(-20).join('\n')}`);
  }
  return result.code === 0;
}

// Test files share processes in groups (test/helpers/file-group.ts): loading tap, the broker and
// its dependencies is most of what a small file costs. A file with hooks or a timeout on tap's root
// (t.before, t.beforeEach, t.setTimeout, …) keeps a process of its own: they would apply to the
// files after it.
const GROUP_DIR = join(ROOT, '.tap', 'groups');
const FILES_PER_GROUP = 8;
const rootHooks = (file) => /^t\.(before|beforeEach|after|afterEach|setTimeout)\(/m.test(readFileSync(join(ROOT, file), 'utf8'));
function groupFiles(label, files, jobCount) {
  const alone = files.filter(rootHooks);
  const shared = files.filter((f) => !alone.includes(f));
  const dir = join(GROUP_DIR, slug(label));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Longest processing time first, with a file's size standing in for its time.
  const size = (f) => statSync(join(ROOT, f)).size;
  // At least two groups per job, so the last groups to finish are short ones.
  const count = Math.min(shared.length, Math.max(Math.ceil(shared.length / FILES_PER_GROUP), 2 * jobCount));
  const groups = Array.from({ length: count }, () => ({ files: [], size: 0 }));
  for (const f of [...shared].sort((a, b) => size(b) - size(a))) {
    const g = groups.reduce((min, g) => (g.size < min.size ? g : min));
    g.files.push(f);
    g.size += size(f);
  }
  const helper = relative(dir, join(ROOT, 'test', 'helpers', 'file-group.js'));
  const entries = groups.map((g, i) => {
    const path = join(dir, `group-${String(i + 1).padStart(2, '0')}.test.ts`);
    writeFileSync(
      path,
      `// Generated by scripts/test.mjs: these test files run one after another in this process.\n` +
        `import { runFiles } from '${helper}';\nawait runFiles(${JSON.stringify(ROOT)}, ${JSON.stringify(g.files.sort())});\n`,
    );
    return relative(ROOT, path);
  });
  // The files alone first (root timeouts mark the long ones), then the groups, largest first: tap
  // starts them in this order, and the long ones started last would run on after the rest.
  const bySize = entries.map((path, i) => ({ path, size: groups[i].size })).sort((a, b) => b.size - a.size);
  return [...alone, ...bySize.map((e) => e.path)];
}
const isGroup = (name) => name.startsWith(`${relative(ROOT, GROUP_DIR)}/`);

/** `jobCount`: test processes at once, fewer than JOBS when other phases run beside this one. */
async function tapPhase(label, files, env, jobCount = JOBS) {
  if (files.length === 0) return;
  const entries = groupFiles(label, files, jobCount);
  // tap's timeout is per process: a group gets one per file it runs.
  const timeout = `--timeout=${180 * FILES_PER_GROUP}`;
  const jobs = `--jobs=${jobCount}`;
  const result = await run(label, 'npx', ['tap', '--reporter=tap', jobs, timeout, ...tapArgs, ...entries], env, files);
  const c = counts(result.tail);
  pass += c.pass;
  fail += c.fail + (result.code !== 0 && c.fail === 0 ? 1 : 0);
  skip += c.skip;
  failed.push(...result.failures);
  if (result.code !== 0 && result.failures.length === 0) failed.push(`--- ${label}: tap exited ${result.code} without a failed test`);
}

// tap 21 rebuilds its runner when .taprc's plugins differ from the installed build, but only after
// the runner has loaded the old build's loaders (ts-node) for every test process of that run.
async function ensureTapBuilt() {
  const savedArgv = process.argv;
  process.argv = process.argv.slice(0, 2); // tap's config parser reads the command line
  const { TapConfig } = await import('@tapjs/config');
  const { signature } = await import('@tapjs/test');
  const config = await TapConfig.load();
  process.argv = savedArgv;
  if (config.pluginSignature === signature) return;
  const result = await run('tap build (the runner with .taprc plugins)', 'npx', ['tap', 'build'], {});
  if (result.code !== 0) {
    fail += 1;
    failed.push(`--- tap build: exit ${result.code}\n${result.tail.split('\n').slice(-20).join('\n')}`);
  }
}

// Registered for the whole process, once: the migrator imports the migrations' .ts files itself.
let tsxRegistered;
function registerTsx() {
  tsxRegistered ??= import('tsx/esm/api').then(({ register }) => void register());
  return tsxRegistered;
}

// The scan of every broker log line the run wrote (TEST_LOG_DIR above): a line holding a password
// hash, a key, a signing secret or a token fails the run, with the file, the line and an excerpt
// in which the secret is replaced by its kind (the secret itself is never printed).
async function scanLogs() {
  const started = { wall: Date.now(), cpu: process.cpuUsage() };
  await registerTsx();
  const { scanLogDir } = await import('../sandbox/support/log-secret-scan.ts');
  const { findings, files, lines } = scanLogDir(TEST_LOG_DIR);
  const own = process.cpuUsage(started.cpu);
  timings.push({
    label: `log secret scan (${files} files, ${lines} lines)`,
    wall: (Date.now() - started.wall) / 1000,
    cpu: (own.user + own.system) / 1e6,
  });
  if (findings.length === 0) {
    pass += 1;
    return;
  }
  fail += 1;
  const shown = findings
    .slice(0, 20)
    .map(
      (f) => `${relative(ROOT, f.file)}:${f.line}: ${f.kinds.join(', ')}
    ${f.excerpt}`,
    )
    .join('\n');
  const more = findings.length > 20 ? `\n… and ${findings.length - 20} more` : '';
  failed.push(
    `--- log secret scan: ${findings.length} log lines hold a secret (file:line, the secret replaced by its kind)\n${shown}${more}`,
  );
}

// Migrated template databases, made on first use (beside the unit phase) and dropped at the end.
const templates = new Map();
function template(kind) {
  if (!templates.has(kind)) {
    templates.set(
      kind,
      (async () => {
        const started = { wall: Date.now(), cpu: process.cpuUsage() };
        await registerTsx();
        const { createDatabaseTemplate } = await import('../sandbox/support/database-template.ts');
        const made = await createDatabaseTemplate(kind === 'postgres' ? postgres : undefined);
        const own = process.cpuUsage(started.cpu); // made in this process (with the other template, if both run)
        timings.push({ label: `template (${kind})`, wall: (Date.now() - started.wall) / 1000, cpu: (own.user + own.system) / 1e6 });
        return made;
      })(),
    );
  }
  return templates.get(kind).then((made) => made.value);
}
async function dropTemplates() {
  for (const t of templates.values()) await t.then((made) => made.drop()).catch(() => undefined);
  templates.clear();
}
process.once('SIGINT', () => void dropTemplates().finally(() => process.exit(130)));

const begun = { wall: Date.now(), cpu: cpuSeconds() };
mkdirSync(LOG_DIR, { recursive: true });
rmSync(TEST_LOG_DIR, { recursive: true, force: true });
try {
  await ensureTapBuilt();
  // The build (web console and server: the console tests serve the one, the entry tests start the
  // other) and the static checks (by their package.json scripts, so each command is defined once),
  // one after another with a line each, beside the unit phase and then the others: they mostly use
  // one core.
  const checking = !quick && only.length === 0;
  const built = checking ? check('build (web console, server)', 'build') : Promise.resolve(false);
  const checks = built.then(async () => {
    if (!checking) return;
    await check('typecheck (tsc --noEmit)', 'typecheck');
    await check('build (sdk/typescript, tsc)', 'build:sdk');
    await check('lint (eslint)', 'lint');
    await check('format (prettier --check)', 'format:check');
    await check('layers (dependency-cruiser)', 'check:layers');
    await check('unused code (knip)', 'knip');
  });
  const pick = (files) => (quick ? files.filter((f) => QUICK.includes(f)) : files);
  const noDatabase = { TEST_DATABASE_URL: '', TEST_DATABASE_TEMPLATE: '' };
  const broker = pick(testFiles('test/broker'));
  const drills = quick ? [] : testFiles('test/drills');
  // Migrated while the unit phase runs (a rejection surfaces where the phase awaits it).
  if (broker.length > 0) void template('sqlite').catch(() => undefined);
  if (postgres && ((broker.length > 0 && !quick) || drills.length > 0)) void template('postgres').catch(() => undefined);
  await tapPhase('unit', pick(testFiles('test/unit')), noDatabase);
  // The files that start the compiled server share the build's dist/ (test/helpers/server-build.ts).
  const server = (await built) ? { TEST_SERVER_BUILT: '1' } : {};
  if (broker.length > 0) {
    const sqlite = { TEST_DATABASE_URL: '', TEST_DATABASE_TEMPLATE: await template('sqlite') };
    await tapPhase('broker/sqlite', broker, { ...server, ...sqlite });
  }
  // Broker on PostgreSQL and the drills beside each other (the drills with fewer processes): a
  // PostgreSQL file waits on the server much of the time and a drill on its subprocesses, so neither
  // phase keeps two cores busy alone, and neither's last long files leave a core idle. Broker on
  // SQLite runs alone: it is CPU-bound, and beside both it ran six processes on two cores.
  const beside = [];
  if (broker.length > 0 && postgres && !quick) beside.push(['broker/postgres', broker, JOBS]);
  if (drills.length > 0) beside.push(['drills', drills, beside.length > 0 ? JOBS_BESIDE : JOBS]);

  const kind = postgres ? 'postgres' : 'sqlite';
  await Promise.all(
    beside.map(async ([label, files, jobCount]) =>
      tapPhase(label, files, { ...server, TEST_DATABASE_TEMPLATE: await template(kind) }, jobCount),
    ),
  );
  await checks;
  await scanLogs();
} finally {
  await dropTemplates();
}

if (failed.length > 0) process.stdout.write(`\n=== failed\n${failed.join('\n')}\n`);
process.stdout.write(`\n=== time (TAP streams in ${relative(ROOT, LOG_DIR)}/)\n`);
for (const t of timings) {
  const files = t.files === undefined ? '' : `${t.files} files, `;
  process.stdout.write(`${t.label}: ${files}${seconds(t.wall)} wall, ${seconds(t.cpu)} CPU\n`);
}
process.stdout.write(`total: ${seconds((Date.now() - begun.wall) / 1000)} wall, ${seconds(cpuSeconds() - begun.cpu)} CPU\n`);
process.stdout.write(`\n${pass} passed, ${fail} failed, ${skip} skipped\n`);
process.exit(fail > 0 ? 1 : 0);
