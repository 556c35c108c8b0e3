/**
 * The broker's periodic tasks, each run once across all instances (scheduler.ts): the connection
 * health refresher (connection-refresher.ts) and the event retention sweep.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { ConnectionRepository } from '../../db/repositories/connection-repository.js';
import type { ScheduledTaskRepository } from '../../db/repositories/scheduled-task-repository.js';
import type { TokenService } from '../../connections/token-service.js';
import type { BrokerMetrics } from '../../metrics/broker-metrics.js';
import { createConnectionRefresher } from './connection-refresher.js';
import { createScheduler } from './scheduler.js';

/** Task names: the keys of their rows in `scheduled_tasks`, shared by every version of the broker. */
export const TASKS = {
  connectionRefresh: 'connections.refresh',
  eventRetention: 'events.retention',
  providerWebhookInbox: 'provider_webhooks.inbox',
  idempotencyKeys: 'idempotency_keys.retention',
  executionRetention: 'executions.retention',
} as const;

/** A refresher run that outlives this (a provider stalling every request) may be taken over. */
const REFRESH_LEASE_MS = 10 * 60_000;
/** The retention sweep runs hourly; it deletes in batches, well within this. */
const RETENTION_INTERVAL_MS = 3_600_000;
const RETENTION_LEASE_MS = 15 * 60_000;

export function createScheduledTasks(deps: {
  config: Pick<Config, 'scheduledTasks' | 'connectionRefresh'>;
  repos: { scheduledTasks: ScheduledTaskRepository; connections: ConnectionRepository };
  tokens: TokenService;
  clock: Clock;
  log: FastifyBaseLogger;
  metrics: BrokerMetrics;
  /** The events plane's retention sweep (src/events/retention.ts sweepExpiredEvents), run hourly. */
  sweepExpiredEvents: () => Promise<unknown>;
}) {
  const { config, clock, log, metrics } = deps;
  const scheduler = createScheduler({ tasks: deps.repos.scheduledTasks, clock, log, metrics, pollMs: config.scheduledTasks.pollMs });
  const refresher = createConnectionRefresher({
    connections: deps.repos.connections,
    tokens: deps.tokens,
    clock,
    log,
    metrics,
    settings: config.connectionRefresh,
  });
  scheduler.register({
    name: TASKS.connectionRefresh,
    intervalMs: config.connectionRefresh.intervalMs,
    leaseMs: REFRESH_LEASE_MS,
    run: async (signal) => {
      await refresher.runOnce(signal);
    },
  });
  scheduler.register({
    name: TASKS.eventRetention,
    intervalMs: RETENTION_INTERVAL_MS,
    leaseMs: RETENTION_LEASE_MS,
    run: async () => {
      await deps.sweepExpiredEvents();
    },
  });
  return { scheduler, refresher };
}
