import t from 'tap';
import { fileURLToPath } from 'node:url';
import { runCli } from '../bin/cli.js';
import { createTestDatabase, TEST_VAULT_KEYS } from './helpers/app.js';

async function cli(env: Record<string, string>, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
  process.stdout.write = ((c: string) => (out.push(String(c)), true)) as typeof process.stdout.write;
  process.stderr.write = ((c: string) => (err.push(String(c)), true)) as typeof process.stderr.write;
  try {
    return { code: await runCli(args), out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    process.env = saved;
  }
}

t.test('create-project, create-key, list-keys, revoke-key, migrate', async (t) => {
  const db = await createTestDatabase(t);
  const env = {
    DATABASE_URL: db.databaseUrl,
    DATA_DIR: db.dataDir,
    VAULT_KEYS: TEST_VAULT_KEYS,
    SESSION_SECRET: 's'.repeat(40),
    LOG_LEVEL: 'silent',
  };
  // Only `migrate` (and npm start) change the schema: other commands refuse an unmigrated database.
  const early = await cli(env, ['list-projects']);
  t.equal(early.code, 1);
  t.match(early.err, /broker migrate/);
  const migrated = await cli(env, ['migrate']);
  t.equal(migrated.code, 0, migrated.err);
  t.match(migrated.out, /Applied \d+ migration/);
  const created = await cli(env, ['create-project', '--org', 'Acme', '--project', 'Agents']);
  t.equal(created.code, 0, created.err);
  const projectId = created.out.match(/Project:\s+(prj_\S+)/)?.[1];
  const key = created.out.match(/API key:\s+(cb_live_\S+)/)?.[1];
  t.ok(projectId && key);
  const second = await cli(env, ['create-key', '--project', projectId!, '--name', 'ci']);
  t.equal(second.code, 0);
  const secondKeyId = second.out.match(/API key id: (key_\S+)/)?.[1];
  const list = await cli(env, ['list-keys', '--project', projectId!]);
  t.match(list.out, /default/);
  t.match(list.out, /ci/);
  t.notMatch(list.out, key!, 'keys are never listed');
  t.equal((await cli(env, ['revoke-key', secondKeyId!])).code, 0);
  t.match((await cli(env, ['list-keys', '--project', projectId!])).out, /revoked/);
  t.equal((await cli(env, ['revoke-key', key!])).code, 0, 'revoke by the key itself');
  const again = await cli(env, ['migrate']);
  t.equal(again.code, 0);
  t.match(again.out, /up to date/);
  const missing = await cli(env, ['create-project', '--org', 'Acme']);
  t.equal(missing.code, 2);
  t.match(missing.err, /--project is required/);
  t.equal((await cli(env, ['nope'])).code, 1);
});

t.test('catalog check names the file and field of a bad toolkit', async (t) => {
  const good = await cli({}, ['catalog', 'check', fileURLToPath(new URL('../catalog', import.meta.url))]);
  t.equal(good.code, 0);
  t.match(good.out, /OK: 2 toolkit\(s\), 109 tool\(s\)/);
  const bad = await cli({}, ['catalog', 'check', fileURLToPath(new URL('./fixtures/catalog-bad-prefix', import.meta.url))]);
  t.equal(bad.code, 1);
  t.match(bad.err, /\.json/);
});
