/**
 * The trigger poller (issue 29; src/triggers/README.md): each enabled poll trigger instance is
 * polled at its interval, once per tick across every instance of the broker sharing the database.
 *
 * - State: one `trigger_poll_states` row per instance, written by `schedule`/`unschedule` (the
 *   trigger instance service calls them) and by the polls: next poll time, lease, high-water mark
 *   and the ids at it, failures.
 * - Claiming: every broker instance's loop is a timer asking the database for due rows; one
 *   statement claims them with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite has one
 *   writer), so each tick goes to one instance. The lease (TRIGGER_POLL_LEASE_SECONDS) is short and
 *   renewed every third of it while the poll runs, so a slow poll is not redone meanwhile and an
 *   instance that dies mid-poll delays its triggers by one lease at most.
 * - Committing: the new mark and the poll's `trigger.event`s are written in one transaction, only
 *   while the claim still holds the row and the instance is enabled. A poll that crashed or
 *   outlived its lease commits nothing and the row is polled again from the old mark: never lost.
 *   Event ids derive from (instance, item id, order value), so an item seen again is the same
 *   event, never a second one.
 * - Failing: a 429 puts the poll off by its Retry-After (not a failure); other errors back off
 *   exponentially (capped); after `TRIGGER_POLL_MAX_FAILURES` in a row the row is `failed` and
 *   `onGiveUp(instanceId, reason)` is called (the instance service disables the instance).
 * - Polls go through the broker's provider call (src/tools/provider-call.ts: credential injection,
 *   token refresh, the address guard), not recorded as tool executions nor counted in the
 *   execution quota: they are the broker's own reads, shown in the poll state and metrics instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../../catalog/catalog.js';
import { renderRequest } from '../../catalog/request-template.js';
import type { Clock } from '../../clock.js';
import type { TriggerPollerConfig } from '../../config.js';
import type { ConnectionResolver } from '../../connections/connection-resolver.js';
import type { ITriggerPollState } from '../../db/entities/index.js';
import type { Db } from '../../db/fork-per-call.js';
import type { EventRepository } from '../../db/repositories/event-repository.js';
import type { TriggerPollStateRepository } from '../../db/repositories/trigger-poll-state-repository.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { BrokerMetrics, TriggerPollOutcome } from '../../metrics/broker-metrics.js';
import { parseRetryAfter } from '../../providers/retry-policy.js';
import type { ProviderCall } from '../../tools/provider-call.js';
import { pollEntry, runPoll, type NewItem, type PollMark } from './poll-run.js';

/** What the trigger instance service hands over: the instance as it is now. */
export interface PollTarget {
  instanceId: string;
  projectId: string;
  triggerSlug: string;
  connectionId: string;
  /** trigger_config as the user set it; defaults are applied at each poll. */
  config: Record<string, unknown>;
  enabled: boolean;
}

/** One instance's polling, for the console and the instance views. */
export interface PollStatus {
  /** `scheduled` (polled at its interval), `disabled`, or `failed` (given up; enabling again resumes). */
  state: 'scheduled' | 'disabled' | 'failed';
  lastPolledAt: Date | null;
  lastEventAt: Date | null;
  lastError: string | null;
  /** null while disabled or failed. */
  nextPollAt: Date | null;
  failures: number;
}

/** Backoff after the first failure, doubling per failure up to the cap. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;
/** The interval when a config has none (Composio's default, one minute). */
const DEFAULT_INTERVAL_MS = 60_000;
/** Rows one `runDue` claims when no concurrency is configured (tests drive it by hand). */
const MANUAL_BATCH = 50;
const MAX_ERROR_LENGTH = 1000;

export interface TriggerPollerDeps {
  config: TriggerPollerConfig;
  db: Db;
  states: TriggerPollStateRepository;
  events: Pick<EventRepository, 'findByIds'>;
  recorder: Pick<EventRecorder, 'recordEvent'>;
  catalog: Pick<Catalog, 'getTriggerEntry' | 'validateTriggerConfig'>;
  resolver: Pick<ConnectionResolver, 'resolve'>;
  /** A provider call that neither records executions nor counts them in the quota (services.ts builds it). */
  providerCall: ProviderCall;
  metrics: Pick<BrokerMetrics, 'recordTriggerPoll'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The provider answered 429: poll again after `retryAfterMs` (or the backoff). */
class RateLimited extends Error {
  constructor(readonly retryAfterMs: number | undefined) {
    super(
      `the provider rate-limited the poll (HTTP 429${retryAfterMs === undefined ? '' : `, Retry-After ${Math.ceil(retryAfterMs / 1000)} s`})`,
    );
  }
}

/** The claim was lost (lease taken over, instance disabled or unscheduled): nothing of the poll is kept. */
class ClaimLost extends Error {}

/** `evt_` + the item's order time (12 hex digits, so ids sort roughly by it) + 24 characters of a hash of what identifies the item's change. */
export function triggerEventId(instanceId: string, itemId: string, orderMs: number): string {
  const hash = createHash('sha256').update(`${instanceId}\0${itemId}\0${orderMs}`).digest('base64url').slice(0, 24);
  return `evt_${Math.max(0, Math.floor(orderMs)).toString(16).padStart(12, '0')}${hash}`;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);

function statusOf(row: ITriggerPollState): PollStatus {
  const state = !row.enabled ? 'disabled' : row.status === 'failed' ? 'failed' : 'scheduled';
  return {
    state,
    lastPolledAt: row.lastPolledAt ?? null,
    lastEventAt: row.lastEventAt ?? null,
    lastError: row.lastError ?? null,
    nextPollAt: state === 'scheduled' ? row.nextPollAt : null,
    failures: row.failures,
  };
}

export function createTriggerPoller(deps: TriggerPollerDeps) {
  const { config, db, states, clock, log } = deps;
  let onGiveUp: ((instanceId: string, reason: string) => Promise<void> | void) | undefined;
  const running = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<unknown> = Promise.resolve();
  let started = false;

  /** Milliseconds between polls: the config's minutes, never under TRIGGER_MIN_INTERVAL_SECONDS. */
  function intervalOf(checked: Record<string, unknown>): number {
    const minutes = checked.interval;
    const wanted = typeof minutes === 'number' && minutes > 0 ? minutes * 60_000 : DEFAULT_INTERVAL_MS;
    return Math.max(config.minIntervalMs, Math.round(wanted));
  }

  const backoffMs = (failures: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));

  /** One poll of a claimed row: provider requests, then the new mark and events in one transaction. */
  async function pollOne(row: ITriggerPollState, token: string): Promise<TriggerPollOutcome> {
    const startedAt = clock.now();
    const entry = pollEntry(deps.catalog, row.triggerSlug);
    let items: NewItem[] = [];
    let mark: PollMark;
    let more = false;
    let intervalMs = Math.max(config.minIntervalMs, DEFAULT_INTERVAL_MS);
    let authConfigId = '';
    let userId = '';
    try {
      if (!entry) throw new Error(`${row.triggerSlug} is not a poll trigger of the catalog`);
      const checked = deps.catalog.validateTriggerConfig(row.triggerSlug, row.config);
      if (!checked.ok)
        throw new Error(`invalid trigger_config: ${checked.errors.map((e) => `${e.field || 'config'} ${e.message}`).join('; ')}`);
      intervalMs = intervalOf(checked.value);
      const { connection } = await deps.resolver.resolve(row.projectId, entry.toolkit.slug, { connectionId: row.connectionId });
      authConfigId = connection.authConfigId;
      userId = connection.entityId;
      const result = await runPoll(
        entry,
        checked.value,
        { firstPollDone: row.firstPollDone, markMs: row.markAt?.getTime(), markIds: row.markIds },
        async (template, args) => {
          const request = renderRequest(entry.toolkit, template, args, connection.connectionConfig ?? null);
          const res = await deps.providerCall({
            projectId: row.projectId,
            connection,
            kind: 'tool',
            toolSlug: row.triggerSlug,
            request,
            successful: (s) => s >= 200 && s < 300,
          });
          if (res.status === 429) throw new RateLimited(parseRetryAfter(res.headers['retry-after'], clock.now()));
          if (res.status < 200 || res.status >= 300) {
            throw new Error(`the provider answered HTTP ${res.status} to ${request.method} ${new URL(request.url).pathname}`);
          }
          return res.data;
        },
      );
      ({ items, mark, more } = result);
    } catch (err) {
      return failed(row, token, err, startedAt);
    }

    const now = clock.now();
    const eventIds = items.map((i) => triggerEventId(row.instanceId, i.id, i.orderMs));
    const changes = {
      firstPollDone: true,
      markAt: mark.markMs === undefined ? null : new Date(mark.markMs),
      markIds: [...mark.markIds],
      failures: 0,
      lastError: null,
      lastPolledAt: new Date(startedAt),
      ...(items.length > 0 ? { lastEventAt: new Date(now) } : {}),
      nextPollAt: new Date(more ? now : startedAt + intervalMs),
    };
    try {
      // Most polls find nothing: then the new mark is one statement, no transaction around it
      // (docs/internals/performance.md#triggers).
      if (items.length === 0) {
        if ((await states.finish(row.instanceId, token, changes)) !== 1) throw new ClaimLost();
      } else
        await db.transaction(async (tx) => {
          // The row first: it stays locked to this transaction while the events are written.
          if ((await states.finish(row.instanceId, token, changes, tx)) !== 1) throw new ClaimLost();
          const known = new Set((await deps.events.findByIds(eventIds, tx)).map((e) => e.id));
          for (const [n, item] of items.entries()) {
            const id = eventIds[n]!;
            if (known.has(id)) continue;
            await deps.recorder.recordEvent(tx, {
              id,
              projectId: row.projectId,
              type: 'trigger.event',
              subjectId: row.instanceId,
              data: {
                triggerSlug: row.triggerSlug,
                instanceId: row.instanceId,
                connectionId: row.connectionId,
                authConfigId,
                userId,
                payload: item.payload,
              },
            });
          }
        });
    } catch (err) {
      if (err instanceof ClaimLost) {
        log.info({ instanceId: row.instanceId }, 'trigger poll dropped: its claim was taken over or the instance disabled meanwhile');
        deps.metrics.recordTriggerPoll(row.triggerSlug, 'lost', 0);
        return 'lost';
      }
      return failed(row, token, err, startedAt);
    }
    deps.metrics.recordTriggerPoll(row.triggerSlug, 'ok', items.length);
    return 'ok';
  }

  /** Records a failed or put-off poll; gives the instance up after too many failures in a row. */
  async function failed(row: ITriggerPollState, token: string, err: unknown, startedAt: number): Promise<TriggerPollOutcome> {
    const now = clock.now();
    const reason = errorText(err);
    let outcome: TriggerPollOutcome;
    let changes: Parameters<TriggerPollStateRepository['finish']>[2];
    if (err instanceof RateLimited) {
      outcome = 'rate_limited';
      changes = { lastError: reason, lastPolledAt: new Date(startedAt), nextPollAt: new Date(now + (err.retryAfterMs ?? backoffMs(1))) };
    } else {
      const failures = row.failures + 1;
      outcome = failures >= config.maxFailures ? 'gave_up' : 'error';
      changes = {
        failures,
        lastError: reason,
        lastPolledAt: new Date(startedAt),
        nextPollAt: new Date(now + backoffMs(failures)),
        ...(outcome === 'gave_up' ? { status: 'failed' as const } : {}),
      };
    }
    let kept = 0;
    try {
      kept = await states.finish(row.instanceId, token, changes);
    } catch (writeErr) {
      log.warn(
        { err: writeErr, instanceId: row.instanceId },
        'could not record a failed trigger poll; its lease will run out and it is polled again',
      );
    }
    if (kept !== 1) outcome = 'lost';
    deps.metrics.recordTriggerPoll(row.triggerSlug, outcome, 0);
    if (outcome === 'error' || outcome === 'gave_up')
      log.warn({ instanceId: row.instanceId, trigger: row.triggerSlug, reason }, 'trigger poll failed');
    if (outcome === 'gave_up') {
      try {
        await onGiveUp?.(row.instanceId, reason);
      } catch (hookErr) {
        log.warn({ err: hookErr, instanceId: row.instanceId }, 'the give-up hook of a failed trigger instance failed');
      }
    }
    return outcome;
  }

  /** Claims due rows (up to `limit`) and polls them at once; returns how each poll ended, by instance. */
  async function runDue(limit = config.concurrency > 0 ? config.concurrency : MANUAL_BATCH): Promise<Map<string, TriggerPollOutcome>> {
    const now = clock.now();
    if (!(await states.hasDue(new Date(now)))) return new Map();
    const token = randomBytes(15).toString('base64url');
    const claimed = await states.claimDue(new Date(now), new Date(now + config.leaseMs), token, limit);
    const outcomes = new Map<string, TriggerPollOutcome>();
    const polling = new Set<string>();
    const renewal = setInterval(() => {
      if (polling.size === 0) return;
      states.renew([...polling], token, new Date(clock.now() + config.leaseMs)).catch((err: unknown) => {
        log.warn({ err }, 'could not renew the claim on trigger polls in flight; another instance may poll them again');
      });
    }, config.leaseMs / 3);
    renewal.unref();
    await Promise.all(
      claimed.map(async (row) => {
        // Still polling it here (its lease ran out): never a second copy in one process; the lease decides later.
        if (running.has(row.instanceId)) return;
        running.add(row.instanceId);
        polling.add(row.instanceId);
        try {
          outcomes.set(row.instanceId, await pollOne(row, token));
        } catch (err) {
          log.warn({ err, instanceId: row.instanceId }, 'trigger poll failed unexpectedly; its lease runs out and it is polled again');
        } finally {
          running.delete(row.instanceId);
          polling.delete(row.instanceId);
        }
      }),
    ).finally(() => clearInterval(renewal));
    return outcomes;
  }

  /**
   * Adds or updates an instance's polling (the instance service calls it on upsert, enable,
   * disable and config changes). Enabling an instance that was disabled or given up resumes
   * without replaying history: its next poll records where the provider stands again. Returns
   * false for a trigger type that is not polled (nothing is stored).
   */
  async function schedule(target: PollTarget): Promise<boolean> {
    if (!pollEntry(deps.catalog, target.triggerSlug)) {
      await states.delete(target.instanceId);
      return false;
    }
    const now = new Date(clock.now());
    const fields = {
      projectId: target.projectId,
      triggerSlug: target.triggerSlug,
      connectionId: target.connectionId,
      config: target.config,
      enabled: target.enabled,
    };
    const existing = await states.find(target.instanceId);
    if (!existing) {
      try {
        await states.insert({ instanceId: target.instanceId, ...fields, nextPollAt: now });
        return true;
      } catch (err) {
        // Another instance inserted it meanwhile: update it as below.
        if (!(await states.find(target.instanceId))) throw err;
        return schedule(target);
      }
    }
    const resume = target.enabled && (!existing.enabled || existing.status === 'failed');
    const retarget = existing.triggerSlug !== target.triggerSlug || existing.connectionId !== target.connectionId;
    await states.update(
      target.instanceId,
      resume || retarget
        ? {
            ...fields,
            status: 'scheduled',
            firstPollDone: false,
            markAt: null,
            markIds: [],
            failures: 0,
            lastError: null,
            nextPollAt: now,
            // A poll in flight for the old target commits nothing (its claim is gone).
            leaseToken: null,
            leaseExpiresAt: null,
          }
        : fields,
    );
    return true;
  }

  /** A pass of the loop is under way; `wakeAsked`: start the next one at once when it ends. */
  let passing = false;
  let wakeAsked = false;

  function next(delayMs: number): void {
    if (!started) return;
    timer = setTimeout(() => {
      passing = true;
      wakeAsked = false;
      loop = runDue()
        .then((outcomes) => (outcomes.size >= config.concurrency ? 0 : config.checkMs))
        .catch((err: unknown) => {
          log.warn({ err }, 'could not claim due trigger polls; trying again at the next check');
          return config.checkMs;
        })
        .then((delay) => {
          passing = false;
          next(wakeAsked ? 0 : delay);
        });
    }, delayMs);
    timer.unref();
  }

  /** Checks now instead of at the next TRIGGER_POLL_CHECK_MS (something was just made due here). */
  function wake(): void {
    if (!started) return;
    if (passing) {
      wakeAsked = true;
      return;
    }
    clearTimeout(timer);
    next(0);
  }

  return {
    schedule,

    /**
     * Polls these instances now (this broker instance checks at once; others at their next check)
     * instead of at their interval (a provider webhook announced a change). The poll then emits what changed as any poll does:
     * the same event ids, so an item seen by both paths is one event.
     */
    async pollSoon(instanceIds: readonly string[]): Promise<number> {
      const due = await states.pollSoon(instanceIds, new Date(clock.now()));
      // The instance the webhook reached polls at once; the others see the rows at their next check.
      if (due > 0) wake();
      return due;
    },

    /** Stops polling an instance (deleted); a poll in flight commits nothing. */
    async unschedule(instanceId: string): Promise<void> {
      await states.delete(instanceId);
    },

    /** The instance's polling; null when it is not polled. */
    async status(instanceId: string): Promise<PollStatus | null> {
      const row = await states.find(instanceId);
      return row ? statusOf(row) : null;
    },

    /** Called with the instance and the last error when polls keep failing (the lead wires the instance service's disable). */
    setOnGiveUp(hook: ((instanceId: string, reason: string) => Promise<void> | void) | undefined): void {
      onGiveUp = hook;
    },

    /** One pass of the loop (tests drive it with a manual clock). */
    runDue,

    /** Starts the loop; `TRIGGER_POLL_CONCURRENCY=0`: this instance polls nothing. */
    start(): void {
      if (started || config.concurrency === 0) return;
      started = true;
      next(0);
    },

    /** Stops claiming and waits for the polls in flight, so none is cut off by the database closing. */
    async stop(): Promise<void> {
      started = false;
      clearTimeout(timer);
      await loop.catch(() => undefined);
    },
  };
}

export type TriggerPoller = ReturnType<typeof createTriggerPoller>;
