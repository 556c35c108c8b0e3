/**
 * Retention of execution records (issue 32): a call's detail (arguments and response body) goes
 * after EXECUTION_BODY_RETENTION_DAYS, its record after EXECUTION_RETENTION_DAYS. Run hourly, once
 * across instances, by the scheduler (src/events/jobs/); deletes in batches by primary-key range,
 * since record ids are ordered by time (src/ids.ts newOrderedId).
 */
import type { ExecutionRepository } from '../db/repositories/execution-repository.js';

const DAY_MS = 86_400_000;
const BATCH = 5_000;

export async function pruneExecutions(
  executions: Pick<ExecutionRepository, 'pruneDetails' | 'pruneRecords'>,
  retention: { days: number; bodyDays: number },
  now: number,
  signal?: AbortSignal,
): Promise<{ details: number; records: number }> {
  const details = await executions.pruneDetails(new Date(now - retention.bodyDays * DAY_MS), BATCH, signal);
  const records = await executions.pruneRecords(new Date(now - retention.days * DAY_MS), BATCH, signal);
  return { details, records };
}
