/**
 * What the delivery queue's statements share on both databases (webhook-delivery-queue.ts runs
 * them): the types of a claim and of a finished attempt, the columns, the claim's SQL text and the
 * mapping of rows to deliveries and events. SQLite's side runs on a thread of its own
 * (webhook-delivery-queue-sqlite.ts), so nothing here may load the ORM.
 */
import type { IEvent, IWebhookAttempt, IWebhookDelivery } from '../entities/index.js';

export type Row = Record<string, unknown>;

/** What a finished attempt reports about the receiver's answer. */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
}

export type NewWebhookAttempt = Omit<IWebhookAttempt, 'deliveryId' | 'subscriptionId' | 'eventId' | 'outcome'>;

/** One finished attempt, for `finishAll`: its outcome decides the delivery's new state. */
export interface FinishedAttempt {
  /** As claimed: `attempts` is the number of the attempt that finished. */
  delivery: Pick<IWebhookDelivery, 'id' | 'subscriptionId' | 'eventId' | 'attempts'>;
  outcome: IWebhookAttempt['outcome'];
  result: AttemptResult;
  attempt: NewWebhookAttempt;
  /** When `outcome` is `retrying`. */
  nextAttemptAt?: Date;
}

/** A claimed delivery and its event (undefined when retention removed it meanwhile). */
export interface ClaimedDelivery {
  delivery: IWebhookDelivery;
  event: IEvent | undefined;
}

export const DELIVERY_COLUMNS = [
  'id',
  'project_id',
  'subscription_id',
  'event_id',
  'status',
  'attempts',
  'next_attempt_at',
  'lease_expires_at',
  'last_status_code',
  'last_error',
  'created_at',
  'updated_at',
  'delivered_at',
];
export const EVENT_COLUMNS = ['id', 'project_id', 'type', 'subject_id', 'data', 'created_at'];
export const ATTEMPT_COLUMNS = [
  'id',
  'delivery_id',
  'subscription_id',
  'event_id',
  'attempt',
  'started_at',
  'duration_ms',
  'status_code',
  'response_excerpt',
  'error',
  'outcome',
];

/** `n` placeholders. */
export const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * The due rows to claim (innermost select of a claim); `?`s: now, now, skipped subscriptions…,
 * limit. Ordered as the (status, next_attempt_at) index is, so a long queue is not sorted for
 * each claim (delivery order is not promised).
 */
function dueSelect(skip: number, lock: boolean): string {
  return `select id from webhook_deliveries
           where status = 'pending' and next_attempt_at <= ? and (lease_expires_at is null or lease_expires_at <= ?)
           ${skip > 0 ? `and subscription_id not in (${list(skip)})` : ''}
           order by next_attempt_at limit ?${lock ? ' for update skip locked' : ''}`;
}

/** A claim of due rows; `?`s: lease end, updated at, then dueSelect's. `lock`: PostgreSQL's SKIP LOCKED. */
export const claimSql = (skip: number, lock: boolean) =>
  `update webhook_deliveries set lease_expires_at = ?, attempts = attempts + 1, updated_at = ?
    where id in (${dueSelect(skip, lock)})
    returning ${DELIVERY_COLUMNS.join(', ')}`;

/** Rows as deliveries and events, with `date` reading a datetime as the driver hands it over. */
export function rowMappers(date: (v: unknown) => Date | null) {
  return {
    toDelivery(r: Row): IWebhookDelivery {
      return {
        id: String(r.id),
        projectId: String(r.project_id),
        subscriptionId: String(r.subscription_id),
        eventId: String(r.event_id),
        status: r.status as IWebhookDelivery['status'],
        attempts: Number(r.attempts),
        nextAttemptAt: date(r.next_attempt_at),
        leaseExpiresAt: date(r.lease_expires_at),
        lastStatusCode: r.last_status_code == null ? null : Number(r.last_status_code),
        lastError: r.last_error == null ? null : String(r.last_error),
        createdAt: date(r.created_at)!,
        updatedAt: date(r.updated_at)!,
        deliveredAt: date(r.delivered_at),
      };
    },

    /** An event row, under `prefix` (the claim's join names the event's columns `e_…`). */
    toEvent(r: Row, prefix = ''): IEvent {
      const data = r[`${prefix}data`];
      return {
        id: String(r[`${prefix}id`]),
        projectId: String(r[`${prefix}project_id`]),
        type: String(r[`${prefix}type`]),
        subjectId: r[`${prefix}subject_id`] == null ? null : String(r[`${prefix}subject_id`]),
        // jsonb arrives parsed; SQLite keeps JSON as text.
        data: (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>,
        createdAt: date(r[`${prefix}created_at`])!,
      };
    },
  };
}
