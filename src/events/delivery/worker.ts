/**
 * The delivery worker (docs/events.md#delivery): one per instance, it sends the queued
 * deliveries (`webhook_deliveries`, written with their events: the outbox) and records every
 * attempt.
 *
 * - Claiming: due rows are claimed with their events in batches with a lease (FOR UPDATE SKIP
 *   LOCKED on PostgreSQL, so instances never claim the same row; SQLite has one writer), up to
 *   `IN_HAND` times a subscription's cap in hand, and sent as slots free up, each on its own; a
 *   new batch is claimed when the work in hand falls to twice the number of slots
 *   (`WEBHOOK_CONCURRENCY`), so it arrives before the slots run dry.
 * - Recording: a slot is free as soon as the receiver has answered; attempts are written in
 *   groups (one statement or transaction for many, webhook-delivery-queue.ts) while the row stays
 *   leased.
 * - Waking: a new event wakes this instance's worker right after its commit, and every other
 *   instance's through a NOTIFY (webhook-wake-channel.ts); a poll every
 *   `WEBHOOK_POLL_INTERVAL_MS` finds retries as they fall due and anything a lost notification missed.
 * - Crash safety: a claim is a lease of `WEBHOOK_LEASE_SECONDS`, which the worker renews every third
 *   of it for every row it holds (buffered, in flight, or awaiting its record), however long the
 *   rows ahead of it take. A worker that dies mid-attempt stops renewing and never finishes the
 *   row, its lease runs out, and any instance claims it again: the same row, so the same
 *   `webhook-id` and body, with the next attempt number. At least once, never lost.
 * - Isolation: a subscription may hold at most half the slots, and one slot while its receiver
 *   is not answering (timeouts, refused connections), so one slow or dead receiver never delays
 *   the others' deliveries.
 * - Retries follow retry-schedule.ts; after the last attempt the delivery is `failed`, and a
 *   subscription that has failed without a success for `WEBHOOK_DISABLE_AFTER_DAYS` is disabled
 *   with a `webhook_subscription.disabled` event (delivered to the project's other subscriptions).
 * - `stop()` stops claiming and waits a while for the attempts in flight.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { WebhookDeliveryConfig } from '../../config.js';
import type { IEvent, IWebhookDelivery, IWebhookSubscription } from '../../db/entities/index.js';
import type { Db } from '../../db/fork-per-call.js';
import type {
  AttemptResult as StoredResult,
  FinishedAttempt,
  NewWebhookAttempt,
  WebhookDeliveryRepository,
} from '../../db/repositories/webhook-delivery-repository.js';
import type { WebhookQueueStats } from '../../db/repositories/webhook-queue-stats.js';
import type { WebhookSubscriptionRepository } from '../../db/repositories/webhook-subscription-repository.js';
import type { WakeChannel } from '../../db/webhook-wake-channel.js';
import { newOrderedId } from '../../ids.js';
import type { BrokerMetrics } from '../../metrics/broker-metrics.js';
import type { EventRecorder } from '../event-recorder.js';
import { payloadFor } from '../payloads.js';
import type { WebhookSecrets } from '../webhook-secrets.js';
import { classifyAnswer, nextAttemptAt } from './retry-schedule.js';
import type { AttemptResult, WebhookSender } from './sender.js';
import { deliveryHeaders } from './signing.js';

/**
 * Rows a subscription may have in hand (in flight and claimed), in multiples of its cap: enough
 * that a batch claimed while the others are being sent arrives before they are done. A claim's
 * answer takes 1-5 ms on a busy event loop, some 10-35 deliveries at full speed; with 4 caps a
 * fifth of the attempts found nothing left to send (docs/internals/performance.md#webhook-delivery).
 */
const IN_HAND = 6;
/**
 * How long finished attempts are gathered before their records are written together: a commit
 * costs about as much as the rows in it, so larger groups cost less per attempt
 * (docs/internals/performance.md#webhook-delivery). The rows stay leased meanwhile.
 */
const WRITE_GATHER_MS = 10;
/** How long a subscription's URL, scheme and secrets are reused between deliveries. */
const TARGET_TTL_MS = 1000;

export interface DeliveryWorkerDeps {
  config: WebhookDeliveryConfig;
  db: Db;
  deliveries: Pick<WebhookDeliveryRepository, 'claimWithEvents' | 'release' | 'finishAll' | 'renew'>;
  subscriptions: Pick<WebhookSubscriptionRepository, 'findById' | 'disable'>;
  stats: WebhookQueueStats;
  secrets: Pick<WebhookSecrets, 'signingSecrets'>;
  recorder: Pick<EventRecorder, 'recordEvent'>;
  sender: WebhookSender;
  channel: WakeChannel;
  metrics: Pick<BrokerMetrics, 'recordWebhookAttempt'>;
  /** The body and payload version of a compat (`composio` scheme) delivery: src/events/composio-payloads.ts. */
  composioBody: (
    subscription: IWebhookSubscription,
    event: IEvent,
    delivery: IWebhookDelivery,
  ) => Promise<{ version: NonNullable<IWebhookSubscription['version']>; body: string }>;
  clock: Clock;
  log: FastifyBaseLogger;
}

interface Target {
  subscription: IWebhookSubscription;
  secrets: string[];
  loadedAt: number;
}

export interface DeliveryWorker {
  /** Starts polling and listening; idempotent. */
  start(): void;
  /**
   * Stops claiming and waits up to `drainMs` for the attempts in flight; any still running then
   * are abandoned to their lease (sent again later, by this or another instance).
   */
  stop(drainMs: number): Promise<void>;
  /** Deliveries were queued: look now, here and on every other instance. */
  wake(): void;
  /** Attempts in flight on this instance, or sent and not yet recorded (tests, drain). */
  inFlight(): number;
}

/** The subscription as the `webhook_subscription.disabled` event shows it (never its secrets). */
function disabledView(s: IWebhookSubscription, at: Date, reason: string) {
  return { id: s.id, url: s.url, eventTypes: s.eventTypes, enabled: false, disabledAt: at.toISOString(), disabledReason: reason };
}

export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { config, clock, log } = deps;
  const { leaseMs } = config;
  /** Rows claimed and not yet recorded or given back (delivery id: attempts as claimed): their leases are renewed. */
  const held = new Map<string, number>();
  let renewal: NodeJS.Timeout | undefined;
  let renewing = false;
  function renewHeld(): void {
    if (renewing || held.size === 0) return;
    renewing = true;
    deps.deliveries
      .renew([...held], new Date(clock.now() + leaseMs))
      .catch((err: unknown) => log.warn({ err }, 'renewing webhook delivery leases failed; the next renewal tries again'))
      .finally(() => (renewing = false));
  }
  /** A row's claim is over here (recorded, given back): no more renewals. */
  const letGo = (id: string, attempts: number) => {
    if (held.get(id) === attempts) held.delete(id);
  };
  const perSubscriptionCap = Math.max(1, Math.ceil(config.concurrency / 2));
  /** Claim again once the work in hand (sending and buffered) falls to this: rows enough to cover a claim's answer. */
  const lowWater = 2 * config.concurrency;
  const inFlightBySubscription = new Map<string, number>();
  /** Claimed, not yet sent: at most one per slot a subscription may use, so none waits longer than one attempt. */
  const buffered: { delivery: IWebhookDelivery; event: IEvent | undefined }[] = [];
  /** Subscriptions whose receiver did not answer last time: one attempt in flight at a time. */
  const struggling = new Set<string>();
  const targets = new Map<string, Target>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let claiming = false;
  let again = false;
  let scheduled = false;
  let eagerClaim = false;
  let current: Promise<void> | undefined;
  let poll: NodeJS.Timeout | undefined;

  // Group commit: attempts that end while a write is in progress are written together next. A
  // slot is free again as soon as its receiver has answered: the row stays leased until its
  // record is written, so nobody claims it meanwhile, and claiming pauses while too many records
  // wait (`unrecorded`).
  let pendingWrites: { finished: FinishedAttempt; done: () => void; failed: (err: unknown) => void }[] = [];
  let writing = false;
  let unrecorded = 0;
  const recording = new Set<Promise<void>>();
  const maxUnrecorded = 4 * config.concurrency;
  const writeGroup = 2 * config.concurrency;
  function flushWrites(): void {
    if (writing || pendingWrites.length === 0) return;
    writing = true;
    const batch = pendingWrites;
    pendingWrites = [];
    deps.deliveries
      .finishAll(batch.map((w) => w.finished))
      .then(
        () => batch.forEach((w) => w.done()),
        (err: unknown) => batch.forEach((w) => w.failed(err)),
      )
      .finally(() => {
        // Written, or left to its lease (a failed write: sent again once the lease runs out).
        for (const w of batch) letGo(w.finished.delivery.id, w.finished.delivery.attempts);
        writing = false;
        unrecorded -= batch.length;
        // What ended meanwhile goes now if it makes a full group, else with the gathering timer.
        if (pendingWrites.length >= writeGroup) flushWrites();
        else gather();
        if (running.size + buffered.length <= lowWater) schedule(false);
      });
  }
  let flushQueued = false;
  /** Flushes what is pending within WRITE_GATHER_MS, unless that is arranged already. */
  function gather(): void {
    if (flushQueued || pendingWrites.length === 0) return;
    flushQueued = true;
    // Still writing the group before, flushWrites waits: that write's end gathers these again.
    setTimeout(() => {
      flushQueued = false;
      flushWrites();
    }, WRITE_GATHER_MS);
  }
  /** Records one finished attempt (resolves once written). */
  function finish(finished: FinishedAttempt): Promise<void> {
    unrecorded++;
    return new Promise((done, failed) => {
      pendingWrites.push({ finished, done, failed });
      // Gathers attempts into one transaction: twice the slots' worth, or what ended within a few
      // milliseconds (no slot waits for it, so a larger group costs nothing but the records' delay).
      // The last attempt in hand (this one) has nothing to gather with: written at once.
      if (pendingWrites.length >= writeGroup || (running.size <= 1 && buffered.length === 0)) flushWrites();
      else gather();
    });
  }

  const capOf = (subscriptionId: string) => (struggling.has(subscriptionId) ? 1 : perSubscriptionCap);
  const inFlightOf = (subscriptionId: string) => inFlightBySubscription.get(subscriptionId) ?? 0;
  const bufferedOf = (subscriptionId: string) => buffered.filter((b) => b.delivery.subscriptionId === subscriptionId).length;

  /**
   * Claims soon. `eager` (a wake-up, the poll): even with work in hand, for free slots the buffered
   * rows cannot use (their subscriptions are at their cap); otherwise only once the work in hand is low.
   */
  function schedule(eager = true): void {
    if (eager) eagerClaim = true;
    if (scheduled || stopping || !started) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (stopping) return;
      if (claiming) again = true;
      else current = claim();
    });
  }

  /** Starts buffered deliveries while slots are free and their subscription is under its cap. */
  function pump(): void {
    for (let i = 0; i < buffered.length && running.size < config.concurrency && !stopping;) {
      const { delivery, event } = buffered[i]!;
      const sub = delivery.subscriptionId;
      if (inFlightOf(sub) >= capOf(sub)) {
        i++;
        continue;
      }
      buffered.splice(i, 1);
      inFlightBySubscription.set(sub, inFlightOf(sub) + 1);
      const attempt = deliver(delivery, event)
        .catch((err: unknown) => log.error({ err, deliveryId: delivery.id }, 'webhook delivery attempt failed unexpectedly'))
        .finally(() => {
          running.delete(attempt);
          const left = inFlightOf(sub) - 1;
          if (left > 0) inFlightBySubscription.set(sub, left);
          else inFlightBySubscription.delete(sub);
          pump();
          // Running low: more may be due (a full batch before, or a wake-up while everything was busy).
          if (running.size + buffered.length <= lowWater) schedule(false);
        });
      running.add(attempt);
    }
  }

  /**
   * Claims due deliveries in batches (a claim is a transaction: fewer, larger ones cost less per
   * delivery), buffers them and starts what the slots allow. Rows beyond what a subscription may
   * have in hand go straight back to the queue.
   */
  async function claim(): Promise<void> {
    claiming = true;
    try {
      do {
        again = false;
        const eager = eagerClaim;
        eagerClaim = false;
        const inHand = running.size + buffered.length;
        const free = config.concurrency - running.size;
        if (stopping || free <= 0 || (inHand > lowWater && !eager) || unrecorded >= maxUnrecorded) break;
        // A subscription may have twice its cap in hand. One with less than its cap of room left is
        // skipped this time, and no claim takes more rows than the least room of the others, so
        // rows go back to the queue only in races (fewer statements, no lease churn).
        let limit = Math.min(Math.max(free, (IN_HAND - 1) * config.concurrency - inHand), IN_HAND * perSubscriptionCap);
        const full: string[] = [];
        for (const id of new Set([...inFlightBySubscription.keys(), ...buffered.map((b) => b.delivery.subscriptionId)])) {
          const room = IN_HAND * capOf(id) - inFlightOf(id) - bufferedOf(id);
          if (room < capOf(id)) full.push(id);
          else limit = Math.min(limit, room);
        }
        const claimed = await deps.deliveries.claimWithEvents(limit, leaseMs, new Date(clock.now()), full);
        if (claimed.length === 0) break;
        const giveBack: string[] = [];
        for (const { delivery, event } of claimed) {
          const sub = delivery.subscriptionId;
          if (inFlightOf(sub) + bufferedOf(sub) >= IN_HAND * capOf(sub)) giveBack.push(delivery.id);
          else {
            buffered.push({ delivery, event });
            held.set(delivery.id, delivery.attempts);
          }
        }
        pump();
        // Unreleased (a database error), they are due again when their lease runs out.
        if (giveBack.length > 0) await deps.deliveries.release(giveBack);
        // A full batch: more may be due; claim again once the work in hand runs low.
        if (claimed.length === limit) again = true;
      } while (again && !stopping);
    } catch (err) {
      log.warn({ err }, 'claiming webhook deliveries failed; the next poll tries again');
    } finally {
      claiming = false;
    }
  }

  async function targetOf(subscriptionId: string): Promise<Target | undefined> {
    const now = clock.now();
    const cached = targets.get(subscriptionId);
    if (cached && now - cached.loadedAt < TARGET_TTL_MS) return cached;
    const subscription = await deps.subscriptions.findById(subscriptionId);
    if (!subscription) {
      targets.delete(subscriptionId);
      return undefined;
    }
    const target = { subscription, secrets: await deps.secrets.signingSecrets(subscription), loadedAt: now };
    targets.set(subscriptionId, target);
    return target;
  }

  /**
   * Records an attempt; the slot is not held meanwhile (the row stays leased until written).
   * A failed write leaves the lease to run out: the row is sent again, at least once.
   */
  function recordInBackground(finished: FinishedAttempt): void {
    const written = finish(finished)
      .catch((err: unknown) =>
        log.error({ err, deliveryId: finished.delivery.id }, 'recording a webhook attempt failed; sent again after its lease'),
      )
      .finally(() => recording.delete(written));
    recording.add(written);
  }

  /** One attempt of one claimed delivery, start to finish: send, record, schedule or give up. */
  async function deliver(delivery: IWebhookDelivery, event: IEvent | undefined): Promise<void> {
    const startedAt = new Date(clock.now());
    const target = await targetOf(delivery.subscriptionId);
    const record = (r: AttemptResult): NewWebhookAttempt => ({
      id: newOrderedId('wha', startedAt.getTime()),
      attempt: delivery.attempts,
      startedAt,
      durationMs: r.durationMs,
      statusCode: r.statusCode ?? null,
      responseExcerpt: r.responseExcerpt ?? null,
      error: r.error ?? null,
    });
    const stored = (r: AttemptResult): StoredResult => ({ statusCode: r.statusCode ?? null, error: r.error ?? null });

    let unsendable: string | undefined;
    let body: string | undefined;
    let version = target?.subscription.version ?? null;
    if (!target) unsendable = 'not sent: the subscription no longer exists';
    else if (!target.subscription.enabled) unsendable = 'not sent: the subscription is disabled';
    else if (!event) unsendable = 'not sent: the event no longer exists (retention)';
    else {
      try {
        if (target.subscription.scheme === 'composio') {
          // The header names the version of the body sent (a V3-only event goes out as V3).
          ({ body, version } = await deps.composioBody(target.subscription, event, delivery));
        } else body = payloadFor(target.subscription, event, delivery);
      } catch (err) {
        unsendable = `not sent: ${(err as Error).message}`;
      }
    }
    if (unsendable || !target || !event || body === undefined) {
      const r: AttemptResult = { durationMs: 0, error: unsendable };
      await finish({ delivery, outcome: 'failed', result: stored(r), attempt: record(r) });
      deps.metrics.recordWebhookAttempt('failed', 0, 0);
      return;
    }

    const sub = target.subscription;
    const headers = deliveryHeaders({
      scheme: sub.scheme,
      version,
      messageId: delivery.id,
      attempt: delivery.attempts,
      timestamp: Math.floor(startedAt.getTime() / 1000),
      body,
      secrets: target.secrets,
    });
    const result = await deps.sender.send(sub.url, headers, body);
    if (result.statusCode === undefined && !result.refused) struggling.add(sub.id);
    else struggling.delete(sub.id);

    const kind = result.refused ? 'final' : classifyAnswer(result.statusCode);
    const now = clock.now();
    const eventAgeMs = now - event.createdAt.getTime();
    if (kind === 'succeeded') {
      recordInBackground({ delivery, outcome: 'succeeded', result: stored(result), attempt: record(result) });
      deps.metrics.recordWebhookAttempt('succeeded', result.durationMs, eventAgeMs);
      return;
    }
    const retryAt = kind === 'retryable' ? nextAttemptAt(config.retryScheduleMs, delivery.attempts, now, result.retryAfter) : undefined;
    if (retryAt !== undefined) {
      recordInBackground({
        delivery,
        outcome: 'retrying',
        result: stored(result),
        attempt: record(result),
        nextAttemptAt: new Date(retryAt),
      });
      deps.metrics.recordWebhookAttempt('retrying', result.durationMs, eventAgeMs);
      return;
    }
    const answer = result.statusCode === undefined ? '' : `answered ${result.statusCode}`;
    const failure = { ...result, error: result.error ?? (answer || undefined) };
    await finish({ delivery, outcome: 'failed', result: stored(failure), attempt: record(failure) });
    deps.metrics.recordWebhookAttempt('failed', result.durationMs, eventAgeMs);
    await disableIfFailingTooLong(sub);
  }

  /** After a delivery gave up: a subscription without a success for the configured days is disabled. */
  async function disableIfFailingTooLong(sub: IWebhookSubscription): Promise<void> {
    const since = await deps.stats.failingSince(sub.id);
    const now = clock.now();
    if (!since || now - since.getTime() < config.disableAfterMs) return;
    const at = new Date(now);
    const days = Math.round(((now - since.getTime()) / 86_400_000) * 10) / 10;
    const reason = `every delivery failed for ${days} days (since ${since.toISOString()})`;
    await deps.db.transaction(async (tx) => {
      if (!(await deps.subscriptions.disable(sub.id, reason, at, tx))) return;
      await deps.recorder.recordEvent(tx, {
        projectId: sub.projectId,
        type: 'webhook_subscription.disabled',
        data: disabledView(sub, at, reason),
      });
    });
    targets.delete(sub.id);
    log.warn({ subscriptionId: sub.id, projectId: sub.projectId }, `webhook subscription disabled: ${reason}`);
  }

  return {
    start() {
      if (started || config.concurrency === 0) return;
      started = true;
      stopping = false;
      deps.channel.listen(() => schedule());
      poll = setInterval(() => schedule(), config.pollIntervalMs);
      poll.unref();
      renewal = setInterval(renewHeld, leaseMs / 3);
      renewal.unref();
      schedule();
    },
    async stop(drainMs) {
      stopping = true;
      clearInterval(poll);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)));
      const drained = (async () => {
        await current;
        // Claimed but not started: back to the queue for the other instances now, not after the lease.
        const unsent = buffered.splice(0).map((b) => b.delivery);
        for (const d of unsent) letGo(d.id, d.attempts);
        if (unsent.length > 0) await deps.deliveries.release(unsent.map((d) => d.id)).catch(() => undefined);
        while (running.size > 0 || recording.size > 0) await Promise.allSettled([...running, ...recording]);
      })();
      await Promise.race([drained, deadline]);
      clearTimeout(timer);
      // Whatever is still held (abandoned attempts) is left to its lease.
      clearInterval(renewal);
      started = false;
    },
    wake() {
      schedule();
      deps.channel.notify();
    },
    inFlight: () => running.size + recording.size,
  };
}
