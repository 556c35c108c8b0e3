// `npm test`: the web console's build (the suite serves it), the static checks (typecheck, ESLint,
// Prettier, layer boundaries, knip), then the whole tap suite on the embedded database, then again
// on PostgreSQL when TEST_DATABASE_URL is set. The build and each static check count as one pass or
// one fail. Ends with the failed tests (file, test path, tap's diagnostic), then "N passed, N failed,
// N skipped", and a non-zero exit on any failure: CI keeps only the end of a long log, so a failure
// must be readable there. Extra arguments go to tap (e.g. one test file).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const extra = process.argv.slice(2);
// One test file more than there are cores: a file spends about a third of its time waiting
// (sandboxes, subprocesses, sockets, timers), so with as many files as cores the CPUs sat a third
// idle (132% of 200% on this project's 2-core machine). With one more, the embedded-database pass
// took 5.3 instead of 7.7 minutes at the same CPU time. A --jobs among the arguments comes later
// and wins.
const jobs = `--jobs=${availableParallelism() + 1}`;

function run(label, command, args, env) {
  return new Promise((resolve) => {
    process.stdout.write(`\n=== ${label}\n`);
    let tail = '';
    const failures = failureCollector(label);
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      failures.feed(text);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, tail, failures: failures.done() }));
  });
}

// Reads tap's stream line by line and keeps each `not ok` with the names of the subtests around it
// and the YAML diagnostic under it (cut to 40 lines). A parent subtest that fails only because a
// child failed is not repeated.
function failureCollector(label) {
  let partial = '';
  const stack = []; // subtest names by indentation depth
  const found = [];
  let open = null; // the failure whose diagnostic is being read
  const line = (text) => {
    const indent = text.length - text.trimStart().length;
    const depth = indent / 4;
    const body = text.trimStart();
    if (open) {
      if (body === '...' || (indent <= open.indent && body !== '---')) {
        open = null;
      } else {
        if (open.lines.length < 40) open.lines.push(text.slice(open.indent));
        return;
      }
    }
    const subtest = /^# Subtest: (.*)$/.exec(body);
    if (subtest) {
      stack.length = depth;
      stack[depth] = subtest[1];
      return;
    }
    const notOk = /^not ok \d+ - (.*?)(?: # time=[\d.]+ms)?$/.exec(body);
    if (notOk) {
      const path = [...stack.slice(0, depth), notOk[1]];
      const childFailed = found.some((f) => f.path.length > path.length && path.every((p, i) => f.path[i] === p));
      if (!childFailed) {
        open = { path, indent, lines: [] };
        found.push(open);
      }
    }
  };
  return {
    feed(text) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) line(l);
    },
    done() {
      if (partial) line(partial);
      return found.map((f) => `--- ${label}: ${f.path.join(' > ')}\n${f.lines.join('\n')}`);
    },
  };
}

// tap's closing summary, e.g. `# { total: 6, pass: 3, fail: 1, todo: 1, skip: 1 }`: the keys after
// `total` appear only when non-zero and their order is not guaranteed, so read them by name.
// Todo tests are not asserted, so they count as skipped.
function counts(tail) {
  const summaries = [...tail.matchAll(/^# \{ (total: \d+[^}]*)\}/gm)];
  if (summaries.length === 0) return { pass: 0, fail: 1, skip: 0 };
  const fields = Object.fromEntries([...summaries.at(-1)[1].matchAll(/(\w+): (\d+)/g)].map(([, k, v]) => [k, Number(v)]));
  return { pass: fields.pass ?? 0, fail: fields.fail ?? 0, skip: (fields.skip ?? 0) + (fields.todo ?? 0) };
}

let pass = 0;
let fail = 0;
let skip = 0;
const failed = [];
// The build and the static checks, by their package.json scripts so each command is defined once.
const checks = [
  ['build (web console)', 'build:web'],
  ['typecheck (tsc --noEmit)', 'typecheck'],
  ['lint (eslint)', 'lint'],
  ['format (prettier --check)', 'format:check'],
  ['layers (dependency-cruiser)', 'check:layers'],
  ['unused code (knip)', 'knip'],
];
for (const [label, script] of checks) {
  const result = await run(label, 'npm', ['run', '--silent', script], {});
  if (result.code === 0) pass += 1;
  else {
    fail += 1;
    failed.push(`--- ${label}: exit ${result.code}\n${result.tail.split('\n').slice(-20).join('\n')}`);
  }
}

const passes = [['embedded SQLite', { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) passes.push([`PostgreSQL (${process.env.TEST_DATABASE_URL})`, {}]);
for (const [label, env] of passes) {
  const result = await run(`tests on ${label}`, 'npx', ['tap', '--reporter=tap', jobs, ...extra], env);
  const c = counts(result.tail);
  pass += c.pass;
  fail += c.fail + (result.code !== 0 && c.fail === 0 ? 1 : 0);
  skip += c.skip;
  failed.push(...result.failures);
  if (result.code !== 0 && result.failures.length === 0) failed.push(`--- ${label}: tap exited ${result.code} without a failed test`);
}
if (failed.length > 0) process.stdout.write(`\n=== failed\n${failed.join('\n')}\n`);
process.stdout.write(`\n${pass} passed, ${fail} failed, ${skip} skipped\n`);
process.exit(fail > 0 ? 1 : 0);
