/**
 * Child processes and ports for tests and benchmarks: start an entry point (TypeScript sources
 * through tsx, compiled JavaScript as it is), wait for a line of its output, stop it; pick a free
 * loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { testLogSink } from './log-secret-scan.js';

export interface Child {
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Resolves once the child's output matches `ready`. */
export function startChild(
  args: string[],
  env: Record<string, string | undefined>,
  ready: RegExp,
  timeoutMs?: number,
): Promise<{ child: Child; match: RegExpMatchArray }>;
/** `ready` null: resolves once spawned (the caller polls the child, e.g. its /healthz). */
export function startChild(args: string[], env: Record<string, string | undefined>, ready: null): Promise<{ child: Child; match: null }>;
export function startChild(
  args: string[],
  env: Record<string, string | undefined>,
  ready: RegExp | null,
  timeoutMs = 60_000,
): Promise<{ child: Child; match: RegExpMatchArray | null }> {
  return new Promise((resolve, reject) => {
    const loader = args.some((a) => a.endsWith('.ts')) ? ['--import', 'tsx'] : [];
    const proc = spawn(process.execPath, [...loader, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    // npm test's secret scan reads every broker log line, a child's too (log-secret-scan.ts).
    const sink = testLogSink(`startChild: ${args.join(' ')}`, true);
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
    if (ready === null) {
      proc.once('spawn', () => resolve({ child, match: null }));
      proc.once('error', reject);
    }
    const timer = ready ? setTimeout(() => reject(new Error(`child ${args.join(' ')} not ready in time:\n${out}`)), timeoutMs) : undefined;
    const onData = (chunk: Buffer) => {
      sink?.(chunk);
      out += chunk.toString();
      const match = ready && out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => {
      sink?.(c);
      out += c.toString();
    });
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
