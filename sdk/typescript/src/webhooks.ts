/** Webhook subscriptions, their deliveries, the event log, and verifying what the broker sends. */
import type { Transport } from './http.js';
import type { BodyOf, BrokerEvent, QueryOf, ResponseOf, WebhookSubscription } from './types.js';
import { verifyWebhook, type RequestLike, type VerifyOptions, type WebhookDelivery } from './verify.js';

/** Follows `nextCursor` from `first` on: each page as the broker answered it. */
async function* cursorPages<P extends { nextCursor: string | null }>(load: (cursor: string | undefined) => Promise<P>): AsyncGenerator<P> {
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    yield page;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export class Webhooks {
  constructor(private readonly http: Transport) {}

  /** Creates a subscription; the answer carries its signing secret (whsec_…), shown only now. */
  create(body: BodyOf<'createWebhookSubscription'>): Promise<ResponseOf<'createWebhookSubscription'>> {
    return this.http.call('createWebhookSubscription', { body });
  }

  /** One page of subscriptions, newest first (`limit`, `cursor`). */
  list(query: QueryOf<'listWebhookSubscriptions'> = {}): Promise<ResponseOf<'listWebhookSubscriptions'>> {
    return this.http.call('listWebhookSubscriptions', { query });
  }

  get(subscriptionId: string): Promise<WebhookSubscription> {
    return this.http.call('getWebhookSubscription', { path: { subscriptionId } });
  }

  update(subscriptionId: string, body: BodyOf<'updateWebhookSubscription'>): Promise<ResponseOf<'updateWebhookSubscription'>> {
    return this.http.call('updateWebhookSubscription', { path: { subscriptionId }, body });
  }

  delete(subscriptionId: string): Promise<ResponseOf<'deleteWebhookSubscription'>> {
    return this.http.call('deleteWebhookSubscription', { path: { subscriptionId } });
  }

  /** A new secret; the previous one keeps signing too until `previousSecretExpiresAt`. */
  rotateSecret(subscriptionId: string): Promise<ResponseOf<'rotateWebhookSecret'>> {
    return this.http.call('rotateWebhookSecret', { path: { subscriptionId } });
  }

  /** One page of delivery attempts, newest first. */
  deliveries(subscriptionId: string, query: QueryOf<'listWebhookDeliveries'> = {}): Promise<ResponseOf<'listWebhookDeliveries'>> {
    return this.http.call('listWebhookDeliveries', { path: { subscriptionId }, query });
  }

  /** Every page of delivery attempts, following the cursor. */
  deliveryPages(subscriptionId: string, query: Omit<QueryOf<'listWebhookDeliveries'>, 'cursor'> = {}) {
    return cursorPages((cursor) => this.deliveries(subscriptionId, { ...query, cursor }));
  }

  /** Sends a test event to the subscription. */
  sendTest(subscriptionId: string): Promise<ResponseOf<'sendTestEvent'>> {
    return this.http.call('sendTestEvent', { path: { subscriptionId } });
  }

  /** Delivers a past event again (to one subscription, or to every one that wants it). */
  redeliver(eventId: string, body: BodyOf<'redeliverEvent'> = {}): Promise<ResponseOf<'redeliverEvent'>> {
    return this.http.call('redeliverEvent', { path: { eventId }, body });
  }

  /** Checks a delivery's signature and age (see verify.ts); returns its event or throws WebhookVerificationError. */
  verify(input: RequestLike | WebhookDelivery, secret: string, options?: VerifyOptions): Promise<BrokerEvent> {
    return verifyWebhook(input, secret, options);
  }
}

export class Events {
  constructor(private readonly http: Transport) {}

  /** One page of the project's events, newest first (`type`, `after`, `before`, `limit`, `cursor`). */
  list(query: QueryOf<'listEvents'> = {}): Promise<ResponseOf<'listEvents'>> {
    return this.http.call('listEvents', { query });
  }

  /** Every page, following the cursor: `for await (const page of broker.events.pages()) …`. */
  pages(query: Omit<QueryOf<'listEvents'>, 'cursor'> = {}): AsyncGenerator<ResponseOf<'listEvents'>> {
    return cursorPages((cursor) => this.list({ ...query, cursor }));
  }

  /** Every event across pages: `for await (const event of broker.events.iterate({ type })) …`. */
  async *iterate(query: Omit<QueryOf<'listEvents'>, 'cursor'> = {}): AsyncGenerator<BrokerEvent> {
    for await (const page of this.pages(query)) yield* page.items;
  }
}
