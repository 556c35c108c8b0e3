/**
 * A DATABASE_URL naming a PostgreSQL database that does not exist: in production nothing creates
 * it (start-up stops with one line naming the fix), `broker migrate --create-database` does, and
 * development keeps creating it. PostgreSQL only (SQLite is a file the data dir holds).
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../../src/config.js';
import { describeStartupError } from '../../../src/startup-errors.js';
import { startServer } from '../../../bin/server.js';
import { scratchDatabaseUrl } from '../../../sandbox/support/scratch-postgres.js';
import { TEST_VAULT_KEYS } from '../../helpers/app.js';
import { cli } from '../../helpers/cli.js';

const baseUrl = process.env.TEST_DATABASE_URL;

async function exists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function drop(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
}

t.test(
  'production refuses a missing database; migrate --create-database makes it; development creates it',
  { skip: !baseUrl && 'PostgreSQL only (TEST_DATABASE_URL)' },
  async (t) => {
    const name = `broker_missing_${process.pid}_${randomBytes(4).toString('hex')}`;
    const url = scratchDatabaseUrl(baseUrl!, name);
    t.teardown(() => drop(name));
    const env = {
      DATABASE_URL: url,
      DATA_DIR: t.testdirName,
      VAULT_KEYS: TEST_VAULT_KEYS,
      SESSION_SECRET: 's'.repeat(40),
      PUBLIC_BASE_URL: 'https://broker.example.com',
      LOG_LEVEL: 'silent',
      PORT: '0',
    };

    const production = loadConfig({ ...env, NODE_ENV: 'production' });
    const failure = await startServer(production).then(
      () => t.fail('a production start on a missing database must fail'),
      (err: unknown) => err,
    );
    const line = describeStartupError(failure, production);
    t.notMatch(line, /\n/, 'one line');
    t.match(line, new RegExp(`database "${name}" does not exist.*broker migrate --create-database`));
    t.notOk(await exists(name), 'nothing was created');

    const plain = await cli({ ...env, NODE_ENV: 'production' }, ['migrate']);
    t.equal(plain.code, 1);
    t.match(plain.err, /broker migrate --create-database/);
    t.notOk(await exists(name), 'nor by a plain migrate');

    const created = await cli({ ...env, NODE_ENV: 'production' }, ['migrate', '--create-database']);
    t.equal(created.code, 0, created.err);
    t.match(created.out, /Applied \d+ migration/);
    t.ok(await exists(name), 'created on purpose');

    await drop(name);
    const dev = await cli({ ...env, NODE_ENV: 'development' }, ['migrate']);
    t.equal(dev.code, 0, dev.err);
    t.ok(await exists(name), 'development still creates it');
  },
);
