/**
 * Records every provider call (tool execution or proxy request) for usage and logs: project,
 * connection, tool, status, duration; never arguments or data. Writes are batched off the request
 * path (flushed every 250 ms, at 200 pending, and on close) so recording costs a call nothing.
 * Each call is also counted in the metrics (executions by toolkit and outcome, provider latency).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ExecutionRepository } from '../db/repositories/execution-repository.js';
import { newOrderedId } from '../ids.js';
import { BrokerError } from '../errors.js';
import type { BrokerMetrics } from '../metrics/broker-metrics.js';
import type { Clock } from '../clock.js';

export interface ExecutionRecord {
  projectId: string;
  /** '' when the call carried the caller's own credentials (caller-auth.ts) instead of a connection's. */
  connectionId: string;
  kind: 'tool' | 'proxy';
  toolSlug: string | null;
  toolkitSlug: string;
  status: number;
  successful: boolean;
  durationMs: number;
  errorCode: string | null;
}

/** A record as stored: with its id and the time it is dated. */
type PendingRecord = ExecutionRecord & { id: string; createdAt: Date };

const FLUSH_INTERVAL_MS = 250;
const FLUSH_AT = 200;

export function createExecutionRecorder(deps: {
  executions: ExecutionRepository;
  log: FastifyBaseLogger;
  metrics: Pick<BrokerMetrics, 'recordExecution'>;
  /** Dates the records: the month they count in for usage and quotas follows the same clock. */
  clock: Clock;
}) {
  let pending: PendingRecord[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    flushing = (async () => {
      try {
        await deps.executions.insertMany(batch);
      } catch (err) {
        deps.log.error({ err, lost: batch.length }, 'could not record executions');
      }
    })();
    await flushing;
    flushing = undefined;
  }

  function record(row: PendingRecord): void {
    deps.metrics.recordExecution(row);
    pending.push(row);
    if (pending.length >= FLUSH_AT) void flush();
    else
      timer ??= setTimeout(() => {
        timer = undefined;
        void flush();
      }, FLUSH_INTERVAL_MS);
  }

  return {
    /**
     * Runs one provider call and records it, whatever happens: its status (0 when no answer),
     * duration and, on failure, the broker error code. `successful` decides from the status.
     */
    async track<T extends { status: number }>(
      base: Omit<ExecutionRecord, 'status' | 'successful' | 'durationMs' | 'errorCode'>,
      successful: (status: number) => boolean,
      call: () => Promise<T>,
    ): Promise<T> {
      const started = performance.now();
      let status = 0;
      let errorCode: string | null = null;
      try {
        const result = await call();
        status = result.status;
        return result;
      } catch (err) {
        errorCode = err instanceof BrokerError ? err.code : 'INTERNAL_SERVER_ERROR';
        throw err;
      } finally {
        const now = deps.clock.now();
        // Fields spelled out, not spread: object spreads here showed in the CPU profile (docs/internals/performance.md#execution-records).
        record({
          // Ordered ids append to the primary key's index instead of landing at random pages of
          // it: much cheaper per row on a large table (docs/internals/performance.md#execution-records).
          id: newOrderedId('ex', now),
          projectId: base.projectId,
          connectionId: base.connectionId,
          kind: base.kind,
          toolSlug: base.toolSlug,
          toolkitSlug: base.toolkitSlug,
          status,
          successful: status > 0 && successful(status),
          durationMs: Math.round(performance.now() - started),
          errorCode,
          createdAt: new Date(now),
        });
      }
    },
    flush,
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type ExecutionRecorder = ReturnType<typeof createExecutionRecorder>;
