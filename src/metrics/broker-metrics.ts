/**
 * What /metrics exposes (Prometheus text format, prom-client). One Registry per app, never the
 * global one: tests and the CLI build several apps in one process.
 *
 * Events are counted where they happen (requests, provider calls, token refreshes); state that
 * lives elsewhere (hot-cache counters, database pools) is read when Prometheus scrapes.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { HotCacheStats } from '../cache/hot-cache.js';

/** Seconds; from a cached hit (sub-millisecond) to a slow provider. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export type RefreshOutcome = 'success' | 'rejected' | 'error';

/** One webhook delivery attempt: `succeeded`, `retrying` (failed, tried again later), `failed` (given up). */
export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/** The webhook queue at scrape time (the same on every instance: one queue in the database). */
export interface WebhookQueueState {
  pending: number;
  /** Creation time (ms) of the oldest event still waiting for a delivery; undefined when none waits. */
  oldestPendingEventAt: number | undefined;
}
/** What the connection health refresher did with one connection (src/events/jobs/connection-refresher.ts). */
export type HealthRefreshOutcome = 'renewed' | 'failed' | 'expired' | 'skipped';
/** Why it looked at it: the access token expires soon, or the refresh token has been idle. */
export type HealthRefreshReason = 'expiring' | 'idle';

/**
 * How one trigger poll ended (src/triggers/poller/): ok, rate_limited (429: put off, not a
 * failure), error (retried with backoff), gave_up (the failure that disabled it), lost (its
 * lease ran out and another claim finished it: nothing of this one was kept).
 */
export type TriggerPollOutcome = 'ok' | 'rate_limited' | 'error' | 'gave_up' | 'lost';

/** A connection pool's occupancy at scrape time. */
export interface PoolState {
  used: number;
  idle: number;
  pending: number;
}

export interface ExecutionSample {
  kind: 'tool' | 'proxy';
  toolkitSlug: string;
  /** Provider status; 0 when no answer came (timeout, refused connection, broker error). */
  status: number;
  successful: boolean;
  durationMs: number;
}

export function createBrokerMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'broker_' });

  const requests = new Histogram({
    name: 'broker_http_request_duration_seconds',
    help: 'HTTP requests served, by method, route pattern and status (the _count series gives the rate)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const executions = new Counter({
    name: 'broker_executions_total',
    help: 'Provider calls (tool executions and proxy requests) by toolkit and outcome: success, provider_error (the provider answered an error), failed (no answer)',
    labelNames: ['kind', 'toolkit', 'outcome'] as const,
    registers,
  });
  const providerLatency = new Histogram({
    name: 'broker_provider_call_duration_seconds',
    help: 'Duration of provider calls, including token refresh and retries',
    labelNames: ['kind', 'toolkit'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refreshes = new Counter({
    name: 'broker_token_refreshes_total',
    help: 'OAuth token refreshes at the provider by outcome: success, rejected (refresh token refused: connection EXPIRED), error (transient)',
    labelNames: ['toolkit', 'outcome'] as const,
    registers,
  });

  const webhookAttempts = new Counter({
    name: 'broker_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: succeeded, retrying (failed, will be tried again), failed (the last attempt, or an answer not worth retrying: the delivery gave up)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookAttemptLatency = new Histogram({
    name: 'broker_webhook_attempt_duration_seconds',
    help: "Duration of webhook delivery attempts, until the receiver's answer or the timeout",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const webhookDeliveryLatency = new Histogram({
    name: 'broker_webhook_delivery_latency_seconds',
    help: 'From an event being recorded to its successful delivery to a subscription (includes retries)',
    buckets: [...LATENCY_BUCKETS, 60, 300, 1800, 7200, 86400],
    registers,
  });
  const healthRefreshes = new Counter({
    name: 'broker_connection_health_refreshes_total',
    help:
      'Connections the health refresher handled, by reason (expiring: access token about to expire; idle: refresh token unused for a day) and outcome: ' +
      'renewed, failed (transient, retried with backoff), expired (refused: connection EXPIRED), skipped (nothing to refresh with)',
    labelNames: ['reason', 'outcome'] as const,
    registers,
  });
  const taskRuns = new Counter({
    name: 'broker_scheduled_task_runs_total',
    help: 'Runs of periodic tasks by this instance (each run happens on one instance), by task and outcome: ok, error',
    labelNames: ['task', 'outcome'] as const,
    registers,
  });

  const triggerPolls = new Counter({
    name: 'broker_trigger_polls_total',
    help: 'Trigger polls run by this instance, by trigger and outcome: ok, rate_limited (put off by a 429), error (retried with backoff), gave_up (disabled after failing too often), lost (lease ran out, redone elsewhere)',
    labelNames: ['trigger', 'outcome'] as const,
    registers,
  });
  const triggerEvents = new Counter({
    name: 'broker_trigger_events_total',
    help: 'trigger.event events recorded by polls, by trigger',
    labelNames: ['trigger'] as const,
    registers,
  });

  return {
    registry,
    recordWebhookAttempt(outcome: WebhookAttemptOutcome, durationMs: number, eventAgeMs: number): void {
      webhookAttempts.inc({ outcome });
      webhookAttemptLatency.observe(durationMs / 1000);
      if (outcome === 'succeeded') webhookDeliveryLatency.observe(Math.max(0, eventAgeMs) / 1000);
    },
    /** Read at scrape time: the delivery queue (one query). */
    watchWebhookQueue(read: () => Promise<WebhookQueueState>, now: () => number): void {
      let last: Promise<WebhookQueueState> | undefined;
      // A scrape during a database outage shows the last values read rather than failing.
      let known: WebhookQueueState = { pending: 0, oldestPendingEventAt: undefined };
      // Both gauges of one scrape share one read.
      const state = () =>
        (last ??= read()
          .then(
            (s) => (known = s),
            () => known,
          )
          .finally(() => setImmediate(() => (last = undefined))));
      new Gauge({
        name: 'broker_webhook_queue_depth',
        help: 'Webhook deliveries waiting to be sent or retried (the whole queue, not only this instance)',
        registers,
        async collect() {
          this.set((await state()).pending);
        },
      });
      new Gauge({
        name: 'broker_webhook_oldest_pending_event_age_seconds',
        help: 'Age of the oldest event not yet delivered to every subscription (0 when none waits)',
        registers,
        async collect() {
          const oldest = (await state()).oldestPendingEventAt;
          this.set(oldest === undefined ? 0 : Math.max(0, now() - oldest) / 1000);
        },
      });
    },
    observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
      requests.observe({ method, route, status_code: statusCode }, seconds);
    },
    recordExecution(s: ExecutionSample): void {
      const outcome = s.successful ? 'success' : s.status > 0 ? 'provider_error' : 'failed';
      executions.inc({ kind: s.kind, toolkit: s.toolkitSlug, outcome });
      providerLatency.observe({ kind: s.kind, toolkit: s.toolkitSlug }, s.durationMs / 1000);
    },
    recordRefresh(toolkitSlug: string, outcome: RefreshOutcome): void {
      refreshes.inc({ toolkit: toolkitSlug, outcome });
    },
    recordHealthRefresh(reason: HealthRefreshReason, outcome: HealthRefreshOutcome): void {
      healthRefreshes.inc({ reason, outcome });
    },
    recordTriggerPoll(trigger: string, outcome: TriggerPollOutcome, events: number): void {
      triggerPolls.inc({ trigger, outcome });
      if (events > 0) triggerEvents.inc({ trigger }, events);
    },
    recordTaskRun(task: string, outcome: 'ok' | 'error'): void {
      taskRuns.inc({ task, outcome });
    },
    /** Read at scrape time: the hot cache and the pools (the ORM's and the cache epoch's). */
    watch(sources: { cache: () => HotCacheStats; ormPool: () => PoolState | undefined }): void {
      watchCache(registers, sources.cache);
      new Gauge({
        name: 'broker_db_pool_connections',
        help: 'Database connections by pool (orm: queries; epoch: cache epoch reads and bumps) and state',
        labelNames: ['pool', 'state'] as const,
        registers,
        collect() {
          this.reset();
          const orm = sources.ormPool();
          if (orm) for (const [state, n] of Object.entries(orm)) this.set({ pool: 'orm', state }, n);
          const epoch = sources.cache().pool;
          this.set({ pool: 'epoch', state: 'used' }, epoch.total - epoch.idle);
          this.set({ pool: 'epoch', state: 'idle' }, epoch.idle);
          this.set({ pool: 'epoch', state: 'pending' }, epoch.waiting);
        },
      });
    },
  };
}

/** Monotonic counts kept by the cache, exported as counters (set from the source at each scrape). */
function watchCache(registers: Registry[], stats: () => HotCacheStats): void {
  const counter = (name: string, help: string, value: (s: HotCacheStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(value(stats()));
      },
    });
  new Counter({
    name: 'broker_cache_lookups_total',
    help: 'Hot-cache lookups (API keys, connections, sealed tokens) by result; hit rate = hit / (hit + miss)',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const s = stats();
      this.reset();
      this.inc({ result: 'hit' }, s.hits);
      this.inc({ result: 'miss' }, s.misses);
    },
  });
  counter('broker_cache_drops_total', 'Times the hot cache was emptied because the cache epoch moved', (s) => s.drops);
  counter(
    'broker_cache_epoch_reads_total',
    'Cache epoch reads on the request path (SQLite; PostgreSQL only while the notification channel is down or unverified)',
    (s) => s.epochReads,
  );
  counter('broker_cache_notifications_total', 'Cache invalidations pushed by PostgreSQL NOTIFY', (s) => s.notifications);
  counter('broker_cache_listener_reconnects_total', 'Reconnections of the LISTEN connection after it was lost', (s) => s.reconnects);
  new Gauge({
    name: 'broker_cache_channel',
    help: 'State of the invalidation channel: 1 for the current state (up, down; none on SQLite, which reads the epoch per request)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const current = stats().channel;
      for (const state of ['up', 'down', 'none'] as const) this.set({ state }, state === current ? 1 : 0);
    },
  });
}

export type BrokerMetrics = ReturnType<typeof createBrokerMetrics>;
