/**
 * Child processes and ports for tests and benchmarks: start a TypeScript entry point, wait for a
 * line of its output, stop it; pick a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Child {
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export function startChild(
  args: string[],
  env: Record<string, string | undefined>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<{ child: Child; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const child: Child = {
      proc,
      output: () => out,
      stop: () =>
        new Promise((done) => {
          if (proc.exitCode !== null) return done();
          proc.once('exit', () => done());
          proc.kill('SIGTERM');
        }),
    };
    const timer = setTimeout(() => reject(new Error(`child ${args.join(' ')} not ready in time:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child ${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}
