/** `broker <args>` run in this process (bin/cli.ts runCli) with extra environment: exit code and output. */
import { runCli } from '../../bin/cli.js';
import { TEST_VAULT_KEYS, type TestDatabase } from './app.js';

/** The environment an operator's CLI needs on a test database (quiet). */
export function cliEnv(db: Pick<TestDatabase, 'databaseUrl' | 'dataDir'>): Record<string, string> {
  return {
    DATABASE_URL: db.databaseUrl,
    DATA_DIR: db.dataDir,
    VAULT_KEYS: TEST_VAULT_KEYS,
    SESSION_SECRET: 's'.repeat(40),
    LOG_LEVEL: 'silent',
  };
}

export async function cli(env: Record<string, string>, args: string[]): Promise<{ code: number; out: string; err: string }> {
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
