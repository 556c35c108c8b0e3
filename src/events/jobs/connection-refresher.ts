/**
 * The connection health refresher (a scheduled task, every minute by default): renews OAuth
 * access tokens before they expire, and uses idle refresh tokens at least once a day, since
 * providers let unused ones lapse and a rarely used connection would otherwise die unnoticed.
 * Every renewal goes through the token service's single flight and row lock, so a connection is
 * never refreshed twice at once, here or on another instance. Outcomes are written on the
 * connection by the token service (health fields, EXPIRED, backoff of the next attempt).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { ConnectionRefreshConfig } from '../../config.js';
import type { IConnection } from '../../db/entities/index.js';
import type { ConnectionRepository } from '../../db/repositories/connection-repository.js';
import type { TokenService } from '../../connections/token-service.js';
import type { BrokerMetrics, HealthRefreshOutcome, HealthRefreshReason } from '../../metrics/broker-metrics.js';

export type RefresherSummary = Record<HealthRefreshOutcome, number>;

export function createConnectionRefresher(deps: {
  connections: Pick<ConnectionRepository, 'dueForRefresh'>;
  tokens: Pick<TokenService, 'renewInBackground'>;
  clock: Clock;
  log: FastifyBaseLogger;
  metrics: Pick<BrokerMetrics, 'recordHealthRefresh'>;
  settings: ConnectionRefreshConfig;
}) {
  const { settings } = deps;

  async function renew(
    conn: IConnection,
    reason: HealthRefreshReason,
    due: { expiringBefore: Date; idleBefore: Date },
  ): Promise<HealthRefreshOutcome> {
    try {
      return await deps.tokens.renewInBackground(conn, {
        expiringBefore: due.expiringBefore.getTime(),
        idleBefore: due.idleBefore.getTime(),
      });
    } catch (err) {
      // Not a refresh failure (those are outcomes): the database or the vault. Next run retries.
      deps.log.warn({ err, connectionId: conn.id, reason }, 'connection refresh could not run');
      return 'failed';
    }
  }

  return {
    /** One run: batch after batch until nothing more is due, or `signal` aborts (the app stops). */
    async runOnce(signal?: AbortSignal): Promise<RefresherSummary> {
      const summary: RefresherSummary = { renewed: 0, failed: 0, expired: 0, skipped: 0 };
      const seen = new Set<string>();
      while (!signal?.aborted) {
        const now = deps.clock.now();
        const due = {
          expiringBefore: new Date(now + settings.windowMs),
          idleBefore: new Date(now - settings.idleMs),
        };
        const batch = (await deps.connections.dueForRefresh(new Date(now), due, settings.batchSize)).filter((c) => !seen.has(c.id));
        // Each handled connection leaves the due set (renewed, backed off or EXPIRED); one that did
        // not (a write raced with another change) waits for the next run instead of looping here.
        if (batch.length === 0) break;
        let next = 0;
        const worker = async () => {
          while (next < batch.length && !signal?.aborted) {
            const conn = batch[next++];
            seen.add(conn.id);
            const reason: HealthRefreshReason =
              conn.tokenExpiresAt && conn.tokenExpiresAt.getTime() <= due.expiringBefore.getTime() ? 'expiring' : 'idle';
            const outcome = await renew(conn, reason, due);
            summary[outcome] += 1;
            deps.metrics.recordHealthRefresh(reason, outcome);
          }
        };
        await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, worker));
      }
      if (summary.renewed + summary.failed + summary.expired > 0) deps.log.info({ ...summary }, 'connection health refresher ran');
      return summary;
    },
  };
}
