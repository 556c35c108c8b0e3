/**
 * Every event type the broker records (issue 28), with what it means. The one list behind
 * validation of subscriptions' `eventTypes`, the docs and the compat plane's event types.
 */
export const EVENT_TYPES = {
  'connection.created':
    'A connection became ACTIVE for the first time (OAuth callback, submitted credentials, or created through the compat API).',
  'connection.expired': "The provider refused to refresh the connection's token: the end user must authorize again.",
  'connection.refresh_failed':
    "Refreshing the connection's token failed for a reason that may pass (network error, provider outage); it will be retried.",
  'connection.recovered': 'A connection whose refresh had failed or expired works again.',
  'connection.revoked': 'The connection was revoked: its credentials were given up at the provider and removed.',
  'connection.deleted': 'The connection was deleted.',
  // Triggers (issue 29).
  'trigger.disabled':
    'A trigger instance was disabled by the system (its connection expired, was revoked or deleted); data: the instance and the reason. It resumes by itself when the connection is ACTIVE again. Not sent when a user disables one.',
  'trigger.event':
    "A trigger instance fired for one new or changed item at the provider: data {triggerSlug, instanceId, connectionId, authConfigId, userId, payload}, the payload shaped by the trigger type's payload schema.",
  'webhook.test': 'A test event sent on request to one subscription (sendTestEvent).',
  'webhook_subscription.disabled': 'A subscription was disabled after its deliveries kept failing.',
} as const satisfies Record<string, string>;

export type EventType = keyof typeof EVENT_TYPES;

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_TYPES, value);
}
