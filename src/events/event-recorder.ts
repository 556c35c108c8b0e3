/**
 * Records events (issue 28): the event row and one delivery row per enabled subscription of the
 * project that wants its type, all in the caller's transaction (the outbox: the queue is written
 * with the change, so a crash loses nothing and a rollback sends nothing). Once that transaction
 * commits, the delivery worker is woken so it need not wait for its next poll.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../clock.js';
import { afterCommit } from '../db/fork-per-call.js';
import type { EventRepository } from '../db/repositories/event-repository.js';
import type { WebhookDeliveryRepository } from '../db/repositories/webhook-delivery-repository.js';
import type { WebhookSubscriptionRepository } from '../db/repositories/webhook-subscription-repository.js';
import { newOrderedId } from '../ids.js';
import type { EventType } from './event-types.js';

export interface RecordEventInput {
  projectId: string;
  type: EventType;
  /** Never a token or credential: for connection events, the connection as getConnection returns it. */
  data: Record<string, unknown>;
  /** What the event is about (a connection id), for "what were subscribers last told about it". */
  subjectId?: string;
  /** The event's id, when the caller derives it (a trigger event: the same item gives the same id); default a new ordered id. */
  id?: string;
  /** Deliver to this subscription only (a test event), whatever its event types. */
  onlySubscriptionId?: string;
}

export function createEventRecorder(deps: {
  events: EventRepository;
  subscriptions: WebhookSubscriptionRepository;
  deliveries: WebhookDeliveryRepository;
  clock: Clock;
}) {
  const { events, subscriptions, deliveries, clock } = deps;
  let waker: (() => void) | undefined;

  function wake(): void {
    waker?.();
  }

  return {
    /** Writes the event and its deliveries with `em` (the caller's transaction); wakes the worker after it commits. */
    async recordEvent(em: EntityManager, input: RecordEventInput): Promise<{ id: string; deliveryIds: string[] }> {
      const ms = clock.now();
      const at = new Date(ms);
      const id = input.id ?? newOrderedId('evt', ms);
      await events.insert(
        { id, projectId: input.projectId, type: input.type, subjectId: input.subjectId ?? null, data: input.data, createdAt: at },
        em,
      );
      let targets: { id: string }[];
      if (input.onlySubscriptionId) {
        const only = await subscriptions.findInProject(input.projectId, input.onlySubscriptionId, em);
        targets = only ? [only] : [];
      } else {
        targets = await subscriptions.matching(input.projectId, input.type, em);
      }
      const rows = targets.map((s) => ({
        id: newOrderedId('msg', ms),
        projectId: input.projectId,
        subscriptionId: s.id,
        eventId: id,
        nextAttemptAt: at,
      }));
      await deliveries.insertMany(rows, em);
      if (rows.length > 0) afterCommit(em, wake);
      return { id, deliveryIds: rows.map((r) => r.id) };
    },

    /** The delivery worker registers how to wake it (plugins/events-worker.ts); one per app. */
    setWaker(fn: (() => void) | undefined): void {
      waker = fn;
    },

    /** Wakes the worker now (after a redelivery, whose rows are committed already). */
    wake,
  };
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;
