/**
 * A throw-away PostgreSQL database on the server behind `baseUrl`, so parallel test files and
 * parallel CI runs never share tables. Used by tests, benchmarks and `npm run db:migration`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export function scratchDatabaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `broker_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: scratchDatabaseUrl(baseUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function withScratchPostgres<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const db = await createScratchDatabase(baseUrl);
  try {
    return await fn(db.url);
  } finally {
    await db.drop();
  }
}
