/**
 * When a failed attempt is tried again (docs/events.md#delivery). The schedule is Svix's model:
 * `WEBHOOK_RETRY_SCHEDULE` lists the delay before each retry (seconds; the first attempt is
 * immediate), about a day in all by default. Retried: no answer (network error, timeout), 5xx,
 * 408 and 429; a `Retry-After` later than the schedule's next delay is honoured, capped at a day.
 * Any other answer outside 2xx is final: the receiver said no, and asking again would say no again.
 */
import { parseRetryAfter } from '../../providers/retry-policy.js';

/** The longest a `Retry-After` may push a retry. */
export const RETRY_AFTER_CAP_MS = 24 * 60 * 60 * 1000;

export type AttemptClass = 'succeeded' | 'retryable' | 'final';

/** What one attempt's answer means; `undefined` status = no answer at all (network error, timeout). */
export function classifyAnswer(status: number | undefined): AttemptClass {
  if (status === undefined) return 'retryable';
  if (status >= 200 && status < 300) return 'succeeded';
  if (status >= 500 || status === 408 || status === 429) return 'retryable';
  return 'final';
}

/**
 * The time of the next attempt after attempt number `attempt` (1-based) failed retryably, or
 * undefined when it was the last one the schedule allows. `retryAfter` is the raw header value.
 */
export function nextAttemptAt(scheduleMs: readonly number[], attempt: number, now: number, retryAfter?: string): number | undefined {
  const delay = scheduleMs[attempt - 1];
  if (delay === undefined) return undefined;
  const asked = parseRetryAfter(retryAfter, now);
  return now + (asked !== undefined && asked > delay ? Math.min(asked, RETRY_AFTER_CAP_MS) : delay);
}
