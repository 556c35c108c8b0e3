import t from 'tap';
import { fileURLToPath } from 'node:url';
import { cli, cliEnv } from '../../helpers/cli.js';
import { buildTestApp, createTestDatabase, TEST_VAULT_KEYS } from '../../helpers/app.js';
import { OPERATOR } from '../../../src/tenancy/actor.js';

t.test('create-project, create-key, list-keys, revoke-key, migrate', async (t) => {
  const db = await createTestDatabase(t, { empty: true });
  const env = cliEnv(db);
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
  // Scopes and expiry (issue 30): set at creation, shown in the list; bad values are refused by name.
  const scoped = await cli(env, [
    'create-key',
    '--project',
    projectId!,
    '--name',
    'reader',
    '--scopes',
    'tools:read,connections:read',
    '--expires-at',
    '2099-01-31T00:00:00Z',
  ]);
  t.equal(scoped.code, 0, scoped.err);
  t.match(scoped.out, /Scopes:\s+tools:read,connections:read/);
  t.match(scoped.out, /Expires at: 2099-01-31T00:00:00.000Z/);
  const listed = (await cli(env, ['list-keys', '--project', projectId!])).out.split('\n');
  t.match(
    listed.find((l) => l.includes('reader')),
    /scopes tools:read,connections:read {2}expires 2099-01-31T00:00:00.000Z/,
  );
  t.match(
    listed.find((l) => l.includes(' ci ')),
    /scopes all/,
  );
  const unknownScope = await cli(env, ['create-key', '--project', projectId!, '--scopes', 'tools:read,tools:write']);
  t.equal(unknownScope.code, 1);
  t.match(unknownScope.err, /Unknown scope\(s\) tools:write/);
  const notATime = await cli(env, ['create-key', '--project', projectId!, '--expires-at', 'tomorrow']);
  t.equal(notATime.code, 1);
  t.match(notATime.err, /--expires-at tomorrow is not a time/);
  const past = await cli(env, ['create-key', '--project', projectId!, '--expires-at', '2001-01-01T00:00:00Z']);
  t.equal(past.code, 1);
  t.match(past.err, /expiresAt must be in the future/);
  const again = await cli(env, ['migrate']);
  t.equal(again.code, 0);
  t.match(again.out, /up to date/);
  const missing = await cli(env, ['create-project', '--org', 'Acme']);
  t.equal(missing.code, 2);
  t.match(missing.err, /--project is required/);
  t.equal((await cli(env, ['nope'])).code, 2, 'an unknown command is wrong usage');
  t.match(created.err, /^Database: (SQLite|PostgreSQL) /m, 'says which database it wrote to');
  t.notMatch(created.err, /:[^@/\s]*@/, 'never the password of DATABASE_URL');
  const projects = await cli(env, ['list-projects']);
  t.match(projects.out, new RegExp(`^${projectId} +"Agents" +in org_\\S+ "Acme"$`, 'm'), 'projects with their names and organizations');
});

t.test('create-project --org-id, and an organization name several share', async (t) => {
  const db = await createTestDatabase(t);
  const env = cliEnv(db);
  const first = await cli(env, ['create-project', '--org', 'Acme', '--project', 'One']);
  const orgId = first.out.match(/Organization:\s+(org_\S+)/)![1]!;
  const byId = await cli(env, ['create-project', '--org-id', orgId, '--project', 'Two']);
  t.equal(byId.code, 0, byId.err);
  t.match(byId.out, `Organization: ${orgId} (Acme)`);
  const unknown = await cli(env, ['create-project', '--org-id', 'org_nope', '--project', 'Three']);
  t.equal(unknown.code, 1);
  t.match(unknown.err, /^Organization org_nope does not exist/);
  // A second organization of the same name, as the console allows.
  const { app } = await buildTestApp(t, { db });
  const other = await app.services.tenancy.organizations.create(OPERATOR, 'Acme');
  const ambiguous = await cli(env, ['create-project', '--org', 'Acme', '--project', 'Four']);
  t.equal(ambiguous.code, 1);
  t.match(ambiguous.err, new RegExp(`^2 organizations are named "Acme" \\(${orgId}, ${other.id}\\); name one by its id`));
  t.notMatch((await cli(env, ['list-projects'])).out, /"Four"/, 'nothing created');
});

t.test('generate-secrets prints settings production accepts, without a database or configuration', async (t) => {
  const r = await cli({ NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, ['generate-secrets']);
  t.equal(r.code, 0, r.err);
  const lines = r.out.trim().split('\n');
  t.match(lines[0], /^VAULT_KEYS=k\d{8}:[A-Za-z0-9+/]{43}=$/);
  t.match(lines[1], /^SESSION_SECRET=[A-Za-z0-9_-]{43}$/);
  t.equal(lines.length, 2);
});

t.test('catalog check names the file and field of a bad toolkit', async (t) => {
  const good = await cli({}, ['catalog', 'check', fileURLToPath(new URL('../../../catalog', import.meta.url))]);
  t.equal(good.code, 0);
  t.match(good.out, /OK: 2 toolkit\(s\), 109 tool\(s\), 6 trigger\(s\)/);
  const bad = await cli({}, ['catalog', 'check', fileURLToPath(new URL('../../fixtures/catalog-bad-prefix', import.meta.url))]);
  t.equal(bad.code, 1);
  t.match(bad.err, /\.json/);
  const badTrigger = await cli({}, ['catalog', 'check', fileURLToPath(new URL('../../fixtures/catalog-bad-trigger', import.meta.url))]);
  t.equal(badTrigger.code, 1);
  t.match(badTrigger.out, /FAILED: 1 toolkit\(s\), 0 tool\(s\), 2 trigger\(s\), 10 problem\(s\)/);
  t.match(
    badTrigger.err,
    /triggers\/ACME_WIDGET_CREATED\.json \/poll\/request\/query\/2: "limit" is not an argument\n/,
    'file and JSON pointer',
  );
  t.match(badTrigger.err, /acme\/toolkit\.json \/triggersCount: /);
});

t.test('usage: --help for the CLI and each command, strict flags, exit 2 on wrong usage', async (t) => {
  const help = await cli({}, ['--help']);
  t.equal(help.code, 0);
  t.match(help.out, /^Usage: broker <command>/);
  const names = [
    'migrate',
    'create-project',
    'create-key',
    'list-keys',
    'revoke-key',
    'list-projects',
    'rotate-keys',
    'generate-secrets',
    'catalog',
  ];
  for (const name of names) {
    t.match(help.out, `  ${name}`, `the overview lists ${name}`);
    const one = await cli({}, [name, '--help']);
    t.equal(one.code, 0, `${name} --help exits 0`);
    t.match(one.out, new RegExp(`^Usage: broker ${name}`), `${name} --help prints its usage`);
    t.equal(one.err, '');
  }
  const wrong: [args: string[], message: RegExp][] = [
    [[], /Usage: broker <command>/],
    [
      ['create-project', '--org', 'A', '--project', 'B', '--bogus'],
      /^Unknown option --bogus for create-project; it takes --org, --org-id, --project\n/,
    ],
    [['create-project', '--org', 'A', '--projct', 'B'], /^Unknown option --projct for/],
    [['create-project', '--org'], /^--org needs a value\n/],
    [['create-project', '--project', 'B'], /^--org or --org-id is required\n/],
    [['create-project', '--org', 'A', '--org-id', 'org_x', '--project', 'B'], /^Give --org or --org-id, not both\n/],
    [['create-project', '--org', 'A', '--org', 'B', '--project', 'C'], /^--org is given more than once\n/],
    [['list-projects', '-x'], /^Unknown option -x for list-projects; it takes no options\n/],
    [['frobnicate'], /^Unknown command "frobnicate"/],
    [['create-key'], /--project is required/],
    [['list-keys', '--name', 'x'], /Unknown option --name for list-keys; it takes --project/],
    [['revoke-key'], /revoke-key needs an argument/],
    [['revoke-key', 'key_a', 'key_b'], /Unexpected argument "key_b"/],
    [['list-projects', 'extra'], /Unexpected argument "extra"/],
    [['catalog'], /catalog needs a command/],
    [['catalog', 'lint'], /Unknown catalog command "lint"/],
  ];
  for (const [args, message] of wrong) {
    const r = await cli({}, args);
    t.equal(r.code, 2, `${args.join(' ') || '(nothing)'}: exit 2`);
    t.match(r.err, message, `${args.join(' ') || '(nothing)'}: says what is wrong`);
    t.match(r.err, /Usage: broker /, `${args.join(' ') || '(nothing)'}: prints the usage`);
  }
});

t.test('unknown ids exit 1 with one line; duplicate project names; revoking twice', async (t) => {
  const db = await createTestDatabase(t);
  const env = cliEnv(db);
  t.equal((await cli(env, ['migrate'])).code, 0);
  const oneLine = (r: { err: string }) => r.err.trim().split('\n').length === 1;
  for (const [args, message] of [
    [['create-key', '--project', 'prj_nope'], /^Project prj_nope does not exist/],
    [['list-keys', '--project', 'prj_nope'], /^Project prj_nope does not exist/],
    [['revoke-key', 'key_nope'], /^API key key_nope does not exist/],
  ] as const) {
    const r = await cli(env, [...args]);
    t.equal(r.code, 1, `${args.join(' ')}: exit 1`);
    t.match(r.err, message);
    t.ok(oneLine(r), `${args.join(' ')}: one line (${r.err})`);
  }
  const secret = 'cb_live_' + 'x'.repeat(43);
  const unknownKey = await cli(env, ['revoke-key', secret]);
  t.equal(unknownKey.code, 1);
  t.notMatch(unknownKey.err, secret, 'an unknown full key is not echoed');

  const first = await cli(env, ['create-project', '--org', 'Acme', '--project', 'Agents']);
  t.equal(first.code, 0, first.err);
  const duplicate = await cli(env, ['create-project', '--org', 'Acme', '--project', 'Agents']);
  t.equal(duplicate.code, 1);
  t.match(duplicate.err, /^Organization "Acme" already has a project named "Agents" \(prj_\S+\); choose another name\n$/);
  t.equal((await cli(env, ['list-projects'])).out.split('\n').filter((l) => l.includes('Agents')).length, 1, 'no second project');
  t.equal((await cli(env, ['create-project', '--org', 'Other', '--project', 'Agents'])).code, 0, 'the same name in another organization');

  const keyId = first.out.match(/API key id:\s+(key_\S+)/)![1]!;
  const revoked = await cli(env, ['revoke-key', keyId]);
  t.equal(revoked.code, 0);
  t.match(revoked.out, `Revoked ${keyId}`);
  const again = await cli(env, ['revoke-key', keyId]);
  t.equal(again.code, 0, 'revoking a revoked key is not an error');
  t.match(again.out, new RegExp(`^${keyId} \\(cb_live_\\S+…\\) was already revoked at \\d{4}-\\d\\d-\\d\\dT[^ ]+; nothing changed\\.\\n$`));
});

t.test('a CLI command on an unreachable database: one line naming DATABASE_URL, exit 1', async (t) => {
  const dataDir = (await createTestDatabase(t)).dataDir;
  const r = await cli(
    {
      DATABASE_URL: 'postgres://broker:hunter2-secret@127.0.0.1:1/broker',
      DATA_DIR: dataDir,
      VAULT_KEYS: TEST_VAULT_KEYS,
      LOG_LEVEL: 'silent',
    },
    ['list-projects'],
  );
  t.equal(r.code, 1);
  t.match(r.err, /^Cannot reach the database at DATABASE_URL=postgres:\/\/127\.0\.0\.1:1\/broker \(connection refused\)/);
  t.notMatch(r.err, /hunter2/);
});
