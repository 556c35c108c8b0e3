/**
 * HubSpot app webhooks: what HubSpot POSTs to an app's target URL when a subscribed CRM change
 * happens in an installing portal. A JSON array of events (batched briefly, at most 100), signed
 * with v3 (base64 HMAC-SHA256 of method + URI + body + timestamp under the app's client secret),
 * retried with backoff on a non-2xx answer or a network error, same eventId and attemptNumber + 1.
 * Only loopback targets are ever contacted.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { Clock } from '../../src/clock.js';
import { isLoopbackUrl } from '../common/forms.js';
import type { AppWebhookDelivery, AppWebhookEvent, AppWebhooksConfig, AppWebhookSubscription } from '../types.js';
import { SINGULAR, type CrmChange } from './crm-store.js';

const KINDS = ['creation', 'deletion', 'propertyChange'] as const;
const OBJECTS = ['contact', 'company', 'deal'] as const;
/** `contact.creation` … `deal.propertyChange`. */
export const SUBSCRIPTION_TYPES: readonly string[] = OBJECTS.flatMap((o) => KINDS.map((k) => `${o}.${k}`));

/** The subscriptions the trigger work needs, as the demo configures them. */
export const DEFAULT_SUBSCRIPTIONS =
  'contact.creation,contact.propertyChange:firstname,contact.propertyChange:lastname,contact.propertyChange:email,contact.deletion,company.creation,deal.creation,deal.propertyChange:dealstage';

/** `contact.creation,deal.propertyChange:dealstage` (an env value) -> subscriptions. */
export function parseSubscriptionList(value: string): AppWebhookSubscription[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      const [subscriptionType, propertyName] = s.split(':');
      return propertyName ? { subscriptionType, propertyName } : { subscriptionType };
    });
}

/** HubSpot sends at most 100 events per request and gives up after 10 retries. */
export const MAX_EVENTS_PER_REQUEST = 100;
const DEFAULTS = { batchMs: 200, maxAttempts: 11, retryBaseMs: 60_000, retryMaxMs: 8 * 3600_000, timeoutMs: 5000 };

interface Settings {
  targetUrl: string;
  appId: number;
  clientSecret: string;
  subscriptions: Required<AppWebhookSubscription>[];
  batchMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  propertyChangeOnCreate: boolean;
}

/** v3 signature: base64(HMAC-SHA256(secret, method + uri + body + timestamp)). */
export function signV3(secret: string, method: string, uri: string, body: string, timestamp: string): string {
  return createHmac('sha256', secret)
    .update(method + uri + body + timestamp)
    .digest('base64');
}

type BaseEvent = Omit<AppWebhookEvent, 'attemptNumber'>;

export class AppWebhookDispatcher {
  private settings: Settings | null = null;
  private queue: BaseEvent[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  /** Never reset: a receiver deduplicating by eventId must not mistake a later event for a retry. */
  private nextEventId = randomInt(1_000_000_000, 4_000_000_000);
  private nextSubscriptionId = 1;
  readonly deliveries: AppWebhookDelivery[] = [];

  constructor(
    private readonly deps: {
      clock: Clock;
      portalId(): number;
      defaultAppId(): number;
      defaultSecret(): string;
    },
  ) {}

  /** Sets (or with null, removes) the app's target and subscriptions; returns the subscriptions with their ids. */
  configure(config: AppWebhooksConfig | null): Required<AppWebhookSubscription>[] {
    // The old app's queued events and retries go nowhere (retries check the settings they began with).
    this.queue = [];
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (config === null) {
      this.settings = null;
      return [];
    }
    if (typeof config.targetUrl !== 'string' || !isLoopbackUrl(config.targetUrl))
      throw new RangeError('configureAppWebhooks: targetUrl must be an http(s) loopback URL (the sandbox never contacts other hosts)');
    const subscriptions = (config.subscriptions ?? []).map((s) => {
      if (!SUBSCRIPTION_TYPES.includes(s.subscriptionType))
        throw new RangeError(
          `configureAppWebhooks: unknown subscriptionType ${s.subscriptionType} (known: ${SUBSCRIPTION_TYPES.join(', ')})`,
        );
      if (s.subscriptionType.endsWith('.propertyChange') && !s.propertyName)
        throw new RangeError(`configureAppWebhooks: ${s.subscriptionType} needs a propertyName`);
      return {
        id: s.id ?? this.nextSubscriptionId++,
        subscriptionType: s.subscriptionType,
        propertyName: s.propertyName ?? '',
        active: s.active ?? true,
      };
    });
    const num = (v: number | undefined, fallback: number) =>
      v === undefined || !Number.isFinite(Number(v)) ? fallback : Math.max(0, Number(v));
    this.settings = {
      // Signed as sent: the URL as fetch puts it on the wire (`http://host:1` -> `http://host:1/`).
      targetUrl: new URL(config.targetUrl).href,
      appId: config.appId ?? this.deps.defaultAppId(),
      clientSecret: config.clientSecret ?? this.deps.defaultSecret(),
      subscriptions,
      batchMs: num(config.batchMs, DEFAULTS.batchMs),
      maxAttempts: Math.max(1, num(config.maxAttempts, DEFAULTS.maxAttempts)),
      retryBaseMs: num(config.retryBaseMs, DEFAULTS.retryBaseMs),
      retryMaxMs: num(config.retryMaxMs, DEFAULTS.retryMaxMs),
      timeoutMs: num(config.timeoutMs, DEFAULTS.timeoutMs),
      propertyChangeOnCreate: config.propertyChangeOnCreate ?? true,
    };
    return subscriptions.map((s) => ({ ...s }));
  }

  /** The app id events carry (the configured one, else the sandbox's). */
  appId(): number {
    return this.settings?.appId ?? this.deps.defaultAppId();
  }

  /** A CRM change: one event per matching active subscription, queued for the next batch. */
  handle(change: CrmChange): void {
    const s = this.settings;
    if (!s) return;
    if (change.atCreation && !s.propertyChangeOnCreate) return;
    const subscriptionType = `${SINGULAR[change.type]}.${change.kind}`;
    for (const sub of s.subscriptions) {
      if (!sub.active || sub.subscriptionType !== subscriptionType) continue;
      if (change.kind === 'propertyChange' && sub.propertyName !== change.propertyName) continue;
      const event: BaseEvent = {
        objectId: Number(change.id),
        ...(change.kind === 'propertyChange' ? { propertyName: change.propertyName, propertyValue: change.propertyValue ?? '' } : {}),
        changeSource: change.source,
        eventId: this.nextEventId++,
        subscriptionId: sub.id,
        portalId: this.deps.portalId(),
        appId: s.appId,
        occurredAt: change.at,
        subscriptionType,
      };
      this.queue.push(event);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.queue.length === 0 || !this.settings) return;
    if (this.queue.length >= MAX_EVENTS_PER_REQUEST) {
      this.flush();
      return;
    }
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, this.settings.batchMs);
  }

  /** Sends what is queued now (in requests of at most 100 events). */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const s = this.settings;
    if (!s) return;
    while (this.queue.length > 0) void this.send(s, this.queue.splice(0, MAX_EVENTS_PER_REQUEST), 0);
  }

  private async send(s: Settings, events: BaseEvent[], attemptNumber: number): Promise<void> {
    const body = JSON.stringify(events.map((e) => ({ ...e, attemptNumber })));
    const timestamp = String(this.deps.clock.now());
    const delivery: AppWebhookDelivery = {
      url: s.targetUrl,
      eventIds: events.map((e) => e.eventId),
      attemptNumber,
      statusCode: null,
      error: null,
      at: Date.now(),
    };
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(), s.timeoutMs);
    try {
      const res = await fetch(s.targetUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'HubSpot Webhooks',
          'x-hubspot-signature-v3': signV3(s.clientSecret, 'POST', s.targetUrl, body, timestamp),
          'x-hubspot-signature-version': 'v3',
          'x-hubspot-request-timestamp': timestamp,
        },
        body,
        signal: abort.signal,
      });
      delivery.statusCode = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      delivery.error = abort.signal.aborted ? `timed out after ${s.timeoutMs} ms` : (err as Error).message;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(abort);
    }
    this.deliveries.push(delivery);
    const ok = delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
    // A reconfigured or removed app does not get the old app's retries.
    if (ok || this.settings !== s || attemptNumber + 1 >= s.maxAttempts) return;
    const wait = Math.min(s.retryMaxMs, s.retryBaseMs * 2 ** attemptNumber);
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      void this.send(s, events, attemptNumber + 1);
    }, wait);
    this.timers.add(retry);
  }

  /** Forgets the app, queued events, pending retries and the delivery log. */
  reset(): void {
    this.stop();
    this.queue = [];
    this.deliveries.length = 0;
    this.nextSubscriptionId = 1;
  }

  /** Forgets the app, stops every timer and aborts requests in flight (the sandbox is closing). */
  stop(): void {
    // Without settings, a request aborted here schedules no retry.
    this.settings = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const a of this.inFlight) a.abort();
    this.inFlight.clear();
  }
}
