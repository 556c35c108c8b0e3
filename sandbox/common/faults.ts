/**
 * Failure switches shared by both sandboxes: latency, injected error answers, rate limiting and the
 * token-endpoint mode. Waits (latency, stall) are tracked so close() never hangs on them.
 */
import type { TokenEndpointMode } from '../types.js';

export interface InjectedFailure {
  status: number;
  body?: unknown;
  /** Only for rateLimit entries. */
  retryAfterSeconds?: number;
  rateLimit: boolean;
}

export class FaultControl {
  latency = 0;
  tokenMode: TokenEndpointMode = 'ok';
  private queue: InjectedFailure[] = [];
  private readonly waiting = new Set<() => void>();
  /** Set by close(): a wait that starts afterwards (a request already in flight) ends at once. */
  private closed = false;

  failNext(status: number, count = 1, body?: unknown): void {
    if (!Number.isInteger(status) || status < 100 || status > 599) throw new RangeError(`failNext: bad status ${status}`);
    for (let i = 0; i < count; i += 1) this.queue.push({ status, body, rateLimit: false });
  }

  rateLimit(count: number, retryAfterSeconds?: number): void {
    for (let i = 0; i < count; i += 1) this.queue.push({ status: 429, retryAfterSeconds, rateLimit: true });
  }

  /** The next injected failure, if any (consumes it). */
  take(): InjectedFailure | undefined {
    return this.queue.length === 0 ? undefined : this.queue.shift();
  }

  /** Resolves after `ms`, or at once when the sandbox closes. */
  delay(ms: number): Promise<void> {
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  /** Never resolves until release() (close or tokenEndpoint back to another mode). */
  stall(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiting.delete(done);
        resolve();
      };
      this.waiting.add(done);
    });
  }

  release(): void {
    for (const done of [...this.waiting]) done();
  }

  /** Ends every wait, now and later: the server can then finish its in-flight requests. */
  close(): void {
    this.closed = true;
    this.release();
  }

  reset(): void {
    this.latency = 0;
    this.tokenMode = 'ok';
    this.queue = [];
  }
}

/** The switches every sandbox offers (SandboxControl minus token issuing and client registration). */
export function commonControls(faults: FaultControl, tokens: { expireAll(): void; revokeAll(): void }) {
  return {
    latencyMs: (ms: number) => {
      faults.latency = Math.max(0, Number(ms) || 0);
    },
    failNext: (status: number, count?: number, body?: unknown) => faults.failNext(status, count ?? 1, body),
    rateLimit: (count: number, retryAfterSeconds?: number) => faults.rateLimit(count, retryAfterSeconds),
    tokenEndpoint: (mode: 'ok' | 'fail' | 'stall' | 'invalid_grant') => {
      if (!['ok', 'fail', 'stall', 'invalid_grant'].includes(mode)) throw new RangeError(`tokenEndpoint: unknown mode ${mode}`);
      faults.tokenMode = mode;
    },
    expireAccessTokens: () => tokens.expireAll(),
    revokeAll: () => tokens.revokeAll(),
  };
}
