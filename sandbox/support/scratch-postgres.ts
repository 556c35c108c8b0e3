/**
 * A throw-away PostgreSQL database on the server behind `baseUrl`, so parallel test files and
 * parallel CI runs never share tables. Used by tests, benchmarks and `npm run db:migration`.
 * With `template`, the new database is a copy of that one (`CREATE DATABASE … TEMPLATE`): the test
 * suite migrates one template per run and copies it for every test instead of migrating each.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export function scratchDatabaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database name of a PostgreSQL URL. */
export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function admin<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(
  baseUrl: string,
  options: { template?: string; prefix?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${options.prefix ?? 'broker_t'}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.template ? ` TEMPLATE "${options.template}"` : '';
  await admin(baseUrl, (client) => client.query(`CREATE DATABASE "${name}"${template}`));
  return {
    url: scratchDatabaseUrl(baseUrl, name),
    drop: () => admin(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Closes a database to connections, so copies of it (CREATE DATABASE … TEMPLATE, which needs the
 * template idle) never wait on a stray session.
 */
export async function closeToConnections(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (client) => client.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`));
}

export async function withScratchPostgres<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const db = await createScratchDatabase(baseUrl);
  try {
    return await fn(db.url);
  } finally {
    await db.drop();
  }
}
