/**
 * The body a delivery sends. The same bytes on every attempt and redelivery: built only from
 * what is stored (the event row), never from the time of sending, so a receiver's signature
 * check and deduplication see one message.
 */
import type { IEvent, IWebhookDelivery, IWebhookSubscription } from '../db/entities/index.js';

/** The native (standard scheme) body: what docs/guides/webhooks.md documents. */
export interface NativeEventPayload {
  id: string;
  type: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  projectId: string;
  data: Record<string, unknown>;
}

export function nativePayload(event: Pick<IEvent, 'id' | 'type' | 'createdAt' | 'projectId' | 'data'>): NativeEventPayload {
  return { id: event.id, type: event.type, timestamp: event.createdAt.toISOString(), projectId: event.projectId, data: event.data };
}

/** The JSON body of `event` for `subscription` (its scheme decides the shape). */
export function payloadFor(
  subscription: Pick<IWebhookSubscription, 'scheme' | 'version'>,
  event: Pick<IEvent, 'id' | 'type' | 'createdAt' | 'projectId' | 'data'>,
  _delivery: Pick<IWebhookDelivery, 'id'>,
): string {
  if (subscription.scheme === 'composio') {
    // The compat plane's helper maps events to Composio's V1/V2/V3 payloads.
    throw new Error('Composio-scheme webhook payloads are not built yet');
  }
  return JSON.stringify(nativePayload(event));
}
