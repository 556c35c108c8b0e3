/**
 * Records every call an agent makes (tool execution or proxy request) for usage, logs and the
 * console: project, connection, end user, tool, outcome, status, duration, error code and message
 * and the request id; calls refused before the provider (no usable connection, invalid arguments,
 * a scope, restriction or quota refusal) too. Beside each record, when EXECUTION_BODY_RETENTION_DAYS
 * is above 0, its detail: the input and the provider's response body, redacted and bounded
 * (execution-detail.ts). Writes are batched off the request path (flushed every 250 ms, at 200
 * pending, and on close) so recording costs a call nothing. Each call that reached the send is also
 * counted in the metrics (executions by toolkit and outcome, provider latency).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ExecutionRepository } from '../db/repositories/execution-repository.js';
import type { ExecutionOutcome, IExecutionDetail } from '../db/entities/index.js';
import { newOrderedId } from '../ids.js';
import { BrokerError } from '../errors.js';
import type { BrokerMetrics } from '../metrics/broker-metrics.js';
import type { Clock } from '../clock.js';
import { detailText } from './execution-detail.js';

export interface ExecutionRecord {
  projectId: string;
  /** '' when the call carried the caller's own credentials (caller-auth.ts) or was refused before a connection was found. */
  connectionId: string;
  /** The end user: the connection's entity, or the one the caller named. */
  entityId: string | null;
  kind: 'tool' | 'proxy';
  toolSlug: string | null;
  /** '' when the tool named is not in the catalog. */
  toolkitSlug: string;
  /** The request's id (`x-request-id`, the log lines' reqId); null outside a request. */
  requestId: string | null;
  status: number;
  successful: boolean;
  outcome: ExecutionOutcome;
  durationMs: number;
  errorCode: string | null;
  errorMessage: string | null;
}

/** What a caller knows of a call before it runs. */
export type RecordBase = Omit<ExecutionRecord, 'status' | 'successful' | 'outcome' | 'durationMs' | 'errorCode' | 'errorMessage'>;

/** What the call's detail is made of: its input (arguments, or the proxy's request), and the
 *  credential values it carried, cut out of the stored text wherever they appear. */
export interface DetailSource {
  input?: unknown;
  secrets?: readonly string[];
  /** Told the record's id and duration (the console's playground answers with them); absent on the agents' calls. */
  exchange?: RecordedCall | undefined;
}

/** What a caller that asked learns of its call's record. */
export interface RecordedCall {
  executionId?: string;
  durationMs?: number;
}

/** Who made a call: the request's id, for the record. */
export interface CallContext {
  requestId?: string | undefined;
}

/** A record as stored: with its id and the time it is dated. */
type PendingRecord = ExecutionRecord & { id: string; createdAt: Date };

const FLUSH_INTERVAL_MS = 250;
const FLUSH_AT = 200;
const MAX_ERROR_MESSAGE = 500;
const MAX_SLUG = 200;

const errorOf = (err: unknown): { code: string; message: string } =>
  err instanceof BrokerError
    ? { code: err.code, message: err.message.slice(0, MAX_ERROR_MESSAGE) }
    : // Not ours to show: the log line with the same request id has it.
      { code: 'INTERNAL_SERVER_ERROR', message: 'Internal error; the log line with this request id has it' };

export function createExecutionRecorder(deps: {
  executions: Pick<ExecutionRepository, 'insertMany' | 'insertDetails'>;
  log: FastifyBaseLogger;
  metrics: Pick<BrokerMetrics, 'recordExecution'>;
  /** Dates the records: the month they count in for usage and quotas follows the same clock. */
  clock: Clock;
  /** Whether details (input and response body) are stored: EXECUTION_BODY_RETENTION_DAYS > 0. */
  keepDetails: boolean;
}) {
  let pending: PendingRecord[] = [];
  let pendingDetails: IExecutionDetail[] = [];
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    // A loop, not one wait: another waiter may have started the next batch meanwhile, and a
    // caller must not return before the records made before its call are written.
    while (flushing) await flushing;
    if (pending.length === 0 && pendingDetails.length === 0) return;
    const batch = pending;
    const details = pendingDetails;
    pending = [];
    pendingDetails = [];
    flushing = (async () => {
      try {
        await deps.executions.insertMany(batch);
      } catch (err) {
        deps.log.error({ err, lost: batch.length }, 'could not record executions');
      }
      try {
        if (details.length > 0) await deps.executions.insertDetails(details);
      } catch (err) {
        deps.log.error({ err, lost: details.length }, 'could not record execution details');
      }
    })();
    await flushing;
    flushing = undefined;
  }

  function record(row: PendingRecord, detail: DetailSource | undefined, response: unknown): void {
    if (row.outcome !== 'refused') deps.metrics.recordExecution(row);
    pending.push(row);
    const exchange = detail?.exchange;
    if (exchange) {
      exchange.executionId = row.id;
      exchange.durationMs = row.durationMs;
    }
    if (deps.keepDetails && (detail?.input !== undefined || response !== undefined)) {
      const secrets = detail?.secrets ?? [];
      pendingDetails.push({
        id: row.id,
        projectId: row.projectId,
        input: detailText(detail?.input, secrets),
        response: detailText(response, secrets),
        createdAt: row.createdAt,
      });
    }
    if (pending.length >= FLUSH_AT) void flush();
    else
      timer ??= setTimeout(() => {
        timer = undefined;
        void flush();
      }, FLUSH_INTERVAL_MS);
  }

  function pendingRecord(base: RecordBase, now: number): PendingRecord {
    // Fields spelled out, not spread: object spreads here showed in the CPU profile (docs/internals/performance.md#execution-records).
    return {
      // Ordered ids append to the primary key's index instead of landing at random pages of
      // it: much cheaper per row on a large table (docs/internals/performance.md#execution-records).
      id: newOrderedId('ex', now),
      projectId: base.projectId,
      connectionId: base.connectionId,
      entityId: base.entityId,
      kind: base.kind,
      toolSlug: base.toolSlug === null ? null : base.toolSlug.slice(0, MAX_SLUG),
      toolkitSlug: base.toolkitSlug,
      requestId: base.requestId,
      status: 0,
      successful: false,
      outcome: 'refused',
      durationMs: 0,
      errorCode: null,
      errorMessage: null,
      createdAt: new Date(now),
    };
  }

  return {
    /**
     * Runs one provider call and records it, whatever happens: its status (0 when no answer),
     * duration, outcome and, on failure, the broker error code and message. `successful` decides
     * from the status. The result's `data` is the response body of the detail.
     */
    async track<T extends { status: number; data?: unknown }>(
      base: RecordBase,
      successful: (status: number) => boolean,
      call: () => Promise<T>,
      detail?: DetailSource,
    ): Promise<T> {
      const started = performance.now();
      let status = 0;
      let error: { code: string; message: string } | null = null;
      let response: unknown;
      try {
        const result = await call();
        status = result.status;
        response = result.data;
        return result;
      } catch (err) {
        error = errorOf(err);
        throw err;
      } finally {
        const row = pendingRecord(base, deps.clock.now());
        row.status = status;
        row.successful = status > 0 && successful(status);
        row.outcome = row.successful ? 'succeeded' : status > 0 ? 'failed' : 'error';
        row.durationMs = Math.round(performance.now() - started);
        row.errorCode = error?.code ?? null;
        row.errorMessage = error?.message ?? null;
        record(row, detail, response);
      }
    },

    /** Records a call refused before anything was sent (`err` says why); the caller rethrows it. */
    refused(base: RecordBase, err: unknown, detail?: DetailSource, startedAt?: number): void {
      const row = pendingRecord(base, deps.clock.now());
      const { code, message } = errorOf(err);
      row.errorCode = code;
      row.errorMessage = message;
      if (startedAt !== undefined) row.durationMs = Math.round(performance.now() - startedAt);
      record(row, detail, undefined);
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
