// `npm test`: typecheck, then the whole tap suite on the embedded database, then again on
// PostgreSQL when TEST_DATABASE_URL is set. Ends with "N passed, N failed" and a non-zero exit
// on any failure.
import { spawn } from 'node:child_process';

const extra = process.argv.slice(2);

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

function counts(tail) {
  const m = tail.match(/# \{ total: (\d+)(?:, pass: (\d+))?(?:, fail: (\d+))?/);
  if (!m) return { pass: 0, fail: 1 };
  return { pass: Number(m[2] ?? 0), fail: Number(m[3] ?? 0) };
}

let pass = 0;
let fail = 0;
const tsc = await run('typecheck (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], {});
if (tsc.code === 0) pass += 1;
else fail += 1;

const passes = [['embedded SQLite', { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) passes.push([`PostgreSQL (${process.env.TEST_DATABASE_URL})`, {}]);
for (const [label, env] of passes) {
  const result = await run(`tests on ${label}`, 'npx', ['tap', '--reporter=tap', ...extra], env);
  const c = counts(result.tail);
  pass += c.pass;
  fail += c.fail + (result.code !== 0 && c.fail === 0 ? 1 : 0);
}
process.stdout.write(`\n${pass} passed, ${fail} failed\n`);
process.exit(fail > 0 ? 1 : 0);
