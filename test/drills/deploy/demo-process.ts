/**
 * `npm run demo` as a child process on a free port and a fresh data directory (its own SQLite
 * database), for the drills that use it as a new user would; stopped and removed on teardown.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../sandbox/support/processes.js';
import type { TestContext } from '../../helpers/app.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface DemoProcess {
  port: number;
  /** Everything the demo printed so far (stdout and stderr). */
  output(): string;
  /** Waits (bounded: 3 minutes) until `ready` holds of the output or the demo exits; whether it held. */
  until(ready: (output: string) => boolean, maxMs?: number): Promise<boolean>;
}

export async function startDemo(t: TestContext): Promise<DemoProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'broker-demo-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const demo = spawn(process.execPath, ['--import', 'tsx', 'sandbox/demo.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  demo.stdout.on('data', (c: Buffer) => (out += c.toString()));
  demo.stderr.on('data', (c: Buffer) => (out += c.toString()));
  t.teardown(() => void demo.kill('SIGTERM'));
  return {
    port,
    output: () => out,
    async until(ready, maxMs = 180_000) {
      // Bounded so a demo that never gets there fails the test instead of hanging it.
      for (let waited = 0; waited < maxMs && !ready(out) && demo.exitCode === null; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      return ready(out);
    },
  };
}
