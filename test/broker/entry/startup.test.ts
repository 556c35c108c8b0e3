/**
 * `npm start` with a bad setting, in its own process: every failure is one line on stderr naming
 * the variable or file and the fix, exit code 1, no stack trace, no secret.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { compiledServerArgs } from '../../helpers/server-build.js';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildTestApp, createTestDatabase, TEST_VAULT_KEYS } from '../../helpers/app.js';

t.setTimeout(240_000);

const BAD_CATALOG = fileURLToPath(new URL('../../fixtures/catalog-bad-prefix', import.meta.url));

interface Failure {
  code: number | null;
  lines: string[];
  stderr: string;
  stdout: string;
}

/** Runs the compiled server as `npm start` does until it exits; stderr lines without npm's own warnings. */
function startServer(env: Record<string, string>): Promise<Failure> {
  const child = spawn(process.execPath, compiledServerArgs(), {
    env: {
      ...process.env,
      PORT: '0',
      VAULT_KEYS: TEST_VAULT_KEYS,
      SESSION_SECRET: 's'.repeat(40),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      BOOTSTRAP: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A server that started by mistake is stopped so the test reports instead of hanging.
  const guard = setTimeout(() => child.kill('SIGKILL'), 180_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(guard);
      const lines = stderr.split('\n').filter((l) => l.trim() !== '' && !/^npm warn/i.test(l));
      resolve({ code, lines, stderr, stdout });
    }),
  );
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

t.test('each bad setting stops npm start with one line naming it, exit 1', async (t) => {
  const db = async () => {
    const d = await createTestDatabase(t);
    return { DATA_DIR: d.dataDir, DATABASE_URL: d.databaseUrl };
  };
  // A PostgreSQL port that accepts connections and never answers: the connect timeout must end it.
  const silent = createServer(() => undefined);
  const silentPort = await listening(silent);
  t.teardown(() => void silent.close());
  // A port already taken by another process.
  const taken = createServer();
  const takenPort = await listening(taken);
  t.teardown(() => void taken.close());
  // Stored secrets sealed with the test key ring, then a start with another ring.
  const vaultDb = await createTestDatabase(t);
  const { app } = await buildTestApp(t, { db: vaultDb });
  await app.services.vault.put({ ownerType: 'auth_config', ownerId: 'ac_x', name: 'client_secret' }, 'x');
  const otherKeys = `other:${Buffer.alloc(32, 9).toString('base64')}`;
  const dataDir = (await db()).DATA_DIR;

  const cases: [name: string, env: Record<string, string>, expect: RegExp][] = [
    [
      'unreachable DATABASE_URL',
      { DATA_DIR: dataDir, DATABASE_URL: 'postgres://broker:hunter2-secret@127.0.0.1:1/broker' },
      /^Cannot reach the database at DATABASE_URL=postgres:\/\/127\.0\.0\.1:1\/broker \(connection refused\): start PostgreSQL or fix DATABASE_URL$/,
    ],
    [
      'silent DATABASE_URL',
      { DATA_DIR: dataDir, DATABASE_URL: `postgres://broker:hunter2-secret@127.0.0.1:${silentPort}/broker` },
      /^Cannot reach the database at DATABASE_URL=.*no answer within the connect timeout.*fix DATABASE_URL$/,
    ],
    ['port in use', { ...(await db()), PORT: String(takenPort) }, new RegExp(`^Port ${takenPort} is in use: set PORT`)],
    ['bad TOOLKIT_OVERRIDES', { ...(await db()), TOOLKIT_OVERRIDES: '{bad' }, /^TOOLKIT_OVERRIDES is not valid JSON/],
    [
      'bad MANAGED_OAUTH_CLIENTS',
      { DATA_DIR: dataDir, MANAGED_OAUTH_CLIENTS: '{bad' },
      /^Invalid configuration: MANAGED_OAUTH_CLIENTS: not valid JSON/,
    ],
    [
      'missing CATALOG_PATHS directory',
      { ...(await db()), CATALOG_PATHS: '/no/such/catalog' },
      /^CATALOG_PATHS: catalog directory \/no\/such\/catalog does not exist; create it or remove it from CATALOG_PATHS$/,
    ],
    [
      'broken catalog',
      { ...(await db()), CATALOG_PATHS: BAD_CATALOG },
      /^Catalog is invalid \(1 problem\): .*WIDGET_GET\.json \/slug: .*broker catalog check/,
    ],
    [
      'vault key missing',
      { DATA_DIR: vaultDb.dataDir, DATABASE_URL: vaultDb.databaseUrl, VAULT_KEYS: otherKeys },
      /^The database holds secrets sealed with master key\(s\) t1 that VAULT_KEYS does not contain/,
    ],
    [
      'vault key with another value',
      { DATA_DIR: vaultDb.dataDir, DATABASE_URL: vaultDb.databaseUrl, VAULT_KEYS: `t1:${Buffer.alloc(32, 8).toString('base64')}` },
      /^VAULT_KEYS: key "t1" does not open the secrets stored with it .*Restore the original value/,
    ],
    [
      'production: several settings at once',
      { DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://broker.example.com/app', VAULT_KEYS: '', SESSION_SECRET: '' },
      /^Invalid configuration \(3 problems\): PUBLIC_BASE_URL: must be an `http:\/\/` or `https:\/\/` origin without a path.*; VAULT_KEYS is required .*generate-secrets`; SESSION_SECRET is required .*generate-secrets`$/,
    ],
    [
      'bad LOG_LEVEL',
      { DATA_DIR: dataDir, LOG_LEVEL: 'loud' },
      /^Invalid configuration: LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)$/,
    ],
  ];
  // In parallel: each start costs a few seconds of process start-up.
  const results = await Promise.all(cases.map(([, env]) => startServer(env)));
  cases.forEach(([name, , expect], i) => {
    const r = results[i]!;
    t.equal(r.code, 1, `${name}: exit code 1 (stderr: ${r.stderr})`);
    t.equal(r.lines.length, 1, `${name}: exactly one line: ${JSON.stringify(r.lines)}`);
    t.match(r.lines[0] ?? '', expect, `${name}: names the setting and the fix`);
    t.notMatch(r.stderr + r.stdout, /^\s+at /m, `${name}: no stack trace`);
    t.notMatch(r.stderr + r.stdout, /hunter2-secret/, `${name}: no password`);
  });
});
