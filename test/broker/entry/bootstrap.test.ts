/**
 * First start on an empty database. Development prints a working API key; production prints none
 * and creates nothing: its banner sends the operator to the console's sign-up (the first account
 * then owns a new organization) or to `broker create-project`.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { compiledServerArgs } from '../../helpers/server-build.js';
import { buildTestApp, createTestDatabase, TEST_VAULT_KEYS } from '../../helpers/app.js';
import { signUp } from '../../helpers/console.js';
import { bootstrapBanner, bootstrapIfEmpty } from '../../../src/bootstrap.js';
import { Membership, Project } from '../../../src/db/entities/index.js';

t.setTimeout(240_000);

const BASE = 'http://127.0.0.1:3000';

t.test('development: a default organization, project and printed key that works', async (t) => {
  const { app } = await buildTestApp(t, { env: { NODE_ENV: 'development' } });
  const created = await bootstrapIfEmpty(app.services.tenancy, 'development');
  if (created?.kind !== 'api-key') throw new Error(`expected a key, got ${JSON.stringify(created)}`);
  const banner = bootstrapBanner(created, BASE);
  t.ok(banner.includes(created.apiKey), 'the key is printed');
  t.match(banner, `${BASE}/console/`);
  const res = await app.inject({ url: '/api/v1/toolkits', headers: { 'x-api-key': created.apiKey } });
  t.equal(res.statusCode, 200, 'and works');
  t.equal(await bootstrapIfEmpty(app.services.tenancy, 'development'), undefined, 'only on an empty database');
});

t.test('production: no key, nothing created; the first sign-up owns a new organization', async (t) => {
  const { app } = await buildTestApp(t, { env: { NODE_ENV: 'production' } });
  const result = await bootstrapIfEmpty(app.services.tenancy, 'production');
  t.same(result, { kind: 'sign-up' });
  const banner = bootstrapBanner(result!, BASE);
  t.match(banner, `Open ${BASE}/console/ and sign up`);
  t.match(banner, /broker create-project --org <name> --project <name>/);
  t.notMatch(banner, /cb_live_/);
  t.equal(await app.services.tenancy.organizations.count(), 0, 'no organization created');
  t.same(await bootstrapIfEmpty(app.services.tenancy, 'production'), { kind: 'sign-up' }, 'told again until someone signs up');

  const ada = await signUp(app, 'ada@example.com', { name: 'Ada' });
  const em = app.orm.em.fork();
  const membership = await em.findOneOrFail(Membership, { userId: ada.userId });
  t.equal(membership.role, 'owner', 'the first account owns the first organization');
  t.same(
    (await em.find(Project, { organizationId: membership.organizationId })).map((p) => p.name),
    ['Default project'],
  );
  t.equal(await bootstrapIfEmpty(app.services.tenancy, 'production'), undefined, 'nothing to say once it exists');
});

t.test('npm start with NODE_ENV=production on an empty database prints the sign-up banner and no key', async (t) => {
  const db = await createTestDatabase(t, { empty: true });
  const child = spawn(process.execPath, compiledServerArgs(), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      VAULT_KEYS: TEST_VAULT_KEYS,
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_BASE_URL: 'https://broker.example.com',
      LOG_LEVEL: 'info',
      BOOTSTRAP: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Stopped once it listens (or killed if it never does, so the test reports instead of hanging).
  const guard = setTimeout(() => child.kill('SIGKILL'), 180_000);
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    if (/Server listening/.test(stdout)) child.kill('SIGTERM');
  });
  await exited;
  clearTimeout(guard);
  t.match(stdout, 'Server listening', `it started (stderr: ${stderr.slice(0, 500)})`);
  t.match(stdout, 'Open https://broker.example.com/console/ and sign up');
  t.match(stdout, /broker create-project/);
  t.notMatch(stdout + stderr, /cb_live_/, 'no API key in the log');
});
