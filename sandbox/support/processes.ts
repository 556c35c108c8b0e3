/**
 * Child processes and ports for tests and benchmarks: start an entry point (TypeScript sources
 * through tsx, compiled JavaScript as it is), wait for a line of its output, stop it; pick a free
 * loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

const handedOut = new Set<number>();

/** The first port the kernel hands out for outgoing connections and `listen(0)` (Linux; 32768 elsewhere). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 10_000) return low;
  } catch {
    // Not Linux: the IANA range's start below is as good a guess.
  }
  return 32_768;
}

/** Whether a listener can be opened on `port` of the loopback address now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port free now, for a process that listens on it later (a broker started as a child takes
 * seconds to get there). Taken below the kernel's ephemeral range: a port from `listen(0)` is in
 * that range, and any other process's outgoing connection may be given it meanwhile (seen in CI:
 * "Port … is in use" from the demo). Here only another listener could take it.
 */
export async function freePort(): Promise<number> {
  const low = 20_000;
  const high = ephemeralLow();
  for (let tries = 0; tries < 50; tries++) {
    const port = low + Math.floor(Math.random() * (high - low));
    // Never the same port twice in one process: the first may not be listened on yet.
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port found between ${low} and ${high}`);
}
