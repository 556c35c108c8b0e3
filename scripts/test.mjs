// `npm test`: the web console's build (the suite serves it), the static checks (typecheck, ESLint,
// Prettier, layer boundaries, knip), then the whole tap suite on the embedded database, then again
// on PostgreSQL when TEST_DATABASE_URL is set. The build and each static check count as one pass or
// one fail. Ends with "N passed, N failed, N skipped" and a non-zero exit on any failure. Extra
// arguments go to tap (e.g. one test file).
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
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
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
  else fail += 1;
}

const passes = [['embedded SQLite', { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) passes.push([`PostgreSQL (${process.env.TEST_DATABASE_URL})`, {}]);
for (const [label, env] of passes) {
  const result = await run(`tests on ${label}`, 'npx', ['tap', '--reporter=tap', jobs, ...extra], env);
  const c = counts(result.tail);
  pass += c.pass;
  fail += c.fail + (result.code !== 0 && c.fail === 0 ? 1 : 0);
  skip += c.skip;
}
process.stdout.write(`\n${pass} passed, ${fail} failed, ${skip} skipped\n`);
process.exit(fail > 0 ? 1 : 0);
