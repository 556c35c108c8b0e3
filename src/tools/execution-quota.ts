/**
 * Monthly execution quotas: an organization's tool executions plus proxy calls in a UTC month are
 * held to `organizations.monthly_execution_quota` (null = unlimited). Checked once per provider
 * call, before anything is sent (provider-call.ts), on every agent plane; over the quota the call
 * is refused with 429 naming the quota and when it resets, and nothing is recorded.
 *
 * The hot path does no I/O:
 * - Each project's organization and quota are kept in the hot cache (src/cache/hot-cache.ts), as
 *   API keys are; setting a quota (src/tenancy/organizations.ts) invalidates it, so a change is seen on every instance at its
 *   next request. An unlimited organization costs one Map lookup per call.
 * - With a quota, each instance keeps a counter per organization: seeded from the database count
 *   of the month on first use, refreshed in the background every `refreshMs` (default 5 s), plus
 *   the calls it admitted itself since. A refresh first writes this instance's pending execution
 *   records, then counts, and adds the calls still in flight here (not yet recorded).
 *
 * The bound: an instance does not see what the other instances admitted since its last refresh,
 * so together they may overshoot the quota by what the others did in that window (at most
 * `refreshMs` of their traffic). A call in flight during a refresh may be counted twice until the
 * next refresh, which only refuses early, never late. One instance alone never overshoots.
 *
 * The month follows the injected clock; so do the records' `createdAt` (execution-recorder.ts).
 * A counter is replaced by a freshly seeded one when its month has ended.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { HotCache } from '../cache/hot-cache.js';
import type { Clock } from '../clock.js';
import type { UsageRepository } from '../db/repositories/usage-repository.js';
import { BrokerError } from '../errors.js';
import type { ExecutionRecorder } from './execution-recorder.js';

const DEFAULT_REFRESH_MS = 5_000;
/** The largest quota an organization row holds (a 32-bit integer column). */
export const MAX_QUOTA = 2_147_483_647;

/** The first instant of the UTC month holding `ms`. */
export function monthStartUtc(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The first instant of the UTC month after the one holding `ms` (when a quota resets). */
export function nextMonthStartUtc(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** 429 on every agent plane; plugins/quota-errors.ts adds Retry-After from `retryAfterSeconds`. */
export class QuotaExceededError extends BrokerError {
  readonly retryAfterSeconds: number;

  constructor(quota: number, resetsAt: Date, now: number) {
    super(
      'TOO_MANY_REQUESTS',
      `Monthly execution quota of ${quota} reached for this organization; it resets at ${resetsAt.toISOString()}`,
      { monthlyExecutionQuota: quota, resetsAt: resetsAt.toISOString() },
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
  }
}

/** What providerCall holds while a call it admitted runs; `done()` once the call is recorded. */
export interface Admission {
  done(): void;
}

/** A project's organization and quota, as cached; organizationId '' for an unknown project. */
interface QuotaEntry {
  organizationId: string;
  quota: number | null;
}

const UNLIMITED: QuotaEntry = { organizationId: '', quota: null };

/** One organization's count for one month on this instance. */
class MonthCounter implements Admission {
  /** The database's count at the last refresh, plus what was in flight here then. */
  base = 0;
  /** Calls admitted here since the last refresh began. */
  since = 0;
  /** Calls admitted here whose record is not written yet (done() not called). */
  inflight = 0;
  refreshedAt: number;
  /** The running refresh; until the first (the seed) settles, no call is admitted. */
  refreshing: Promise<void> | undefined;
  seeded = false;

  constructor(
    readonly monthStart: number,
    readonly monthEnd: number,
    now: number,
  ) {
    this.refreshedAt = now;
  }

  done(): void {
    this.inflight--;
  }
}

export interface ExecutionQuotaDeps {
  usage: Pick<UsageRepository, 'quotaOfProject' | 'countExecutions'>;
  cache: HotCache;
  clock: Clock;
  /** Written before each count, so this instance's finished calls are in it. */
  recorder: Pick<ExecutionRecorder, 'flush'>;
  log: FastifyBaseLogger;
  /** How often a counter is re-read from the database, ms. */
  refreshMs?: number;
}

export function createExecutionQuota(deps: ExecutionQuotaDeps) {
  const { usage, clock, recorder } = deps;
  const refreshMs = deps.refreshMs ?? DEFAULT_REFRESH_MS;
  const quotas = deps.cache.map<QuotaEntry>('executionQuotas');
  const counters = new Map<string, MonthCounter>();

  /** Re-reads the month's count; the calls admitted meanwhile stay counted in `since`. */
  async function refresh(organizationId: string, c: MonthCounter): Promise<void> {
    c.base += c.since;
    c.since = 0;
    const inflight = c.inflight;
    await recorder.flush();
    const counted = await usage.countExecutions(organizationId, new Date(c.monthStart), new Date(c.monthEnd));
    c.base = counted + inflight;
  }

  function seed(organizationId: string, now: number): MonthCounter {
    const c = new MonthCounter(monthStartUtc(now), nextMonthStartUtc(now), now);
    counters.set(organizationId, c);
    c.refreshing = refresh(organizationId, c).then(
      () => {
        c.seeded = true;
        c.refreshing = undefined;
      },
      (err: unknown) => {
        // Nothing to count from: the next call seeds again.
        if (counters.get(organizationId) === c) counters.delete(organizationId);
        throw err;
      },
    );
    return c;
  }

  function refreshInBackground(organizationId: string, c: MonthCounter, now: number): void {
    c.refreshedAt = now;
    c.refreshing = refresh(organizationId, c)
      .catch((err: unknown) => deps.log.warn({ err, organizationId }, 'could not refresh the execution quota count; keeping the last one'))
      .finally(() => {
        c.refreshing = undefined;
      });
  }

  function take(c: MonthCounter, quota: number, now: number): Admission {
    if (c.base + c.since >= quota) throw new QuotaExceededError(quota, new Date(c.monthEnd), now);
    c.since++;
    c.inflight++;
    return c;
  }

  function admitTo(organizationId: string, quota: number): Admission | Promise<Admission> {
    const now = clock.now();
    let c = counters.get(organizationId);
    if (c === undefined || now >= c.monthEnd || now < c.monthStart) c = seed(organizationId, now);
    if (!c.seeded) {
      const counter = c;
      return counter.refreshing!.then(() => take(counter, quota, clock.now()));
    }
    if (c.refreshing === undefined && now - c.refreshedAt >= refreshMs) refreshInBackground(organizationId, c, now);
    return take(c, quota, now);
  }

  async function loadAndAdmit(projectId: string): Promise<Admission | undefined> {
    const found = await usage.quotaOfProject(projectId);
    const entry = found ? { organizationId: found.organizationId, quota: found.monthlyExecutionQuota } : UNLIMITED;
    quotas.set(projectId, entry);
    return entry.quota === null ? undefined : admitTo(entry.organizationId, entry.quota);
  }

  return {
    /**
     * Counts one provider call of the project against its organization's quota, or throws a
     * QuotaExceededError. undefined when the organization has no quota (the common case: a cached
     * Map lookup); otherwise an Admission to mark done once the call is recorded. A promise only
     * on a cache miss or the organization's first call of the month on this instance.
     */
    admit(projectId: string): Admission | undefined | Promise<Admission | undefined> {
      const entry = quotas.get(projectId);
      if (entry === undefined) return loadAndAdmit(projectId);
      if (entry.quota === null) return undefined;
      return admitTo(entry.organizationId, entry.quota);
    },

    /** Resolves once every count being re-read has been (tests, and a clean view for operators). */
    async settled(): Promise<void> {
      await Promise.all([...counters.values()].map((c) => c.refreshing?.catch(() => undefined)));
    },
  };
}

export type ExecutionQuota = ReturnType<typeof createExecutionQuota>;
