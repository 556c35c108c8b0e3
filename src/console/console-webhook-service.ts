/**
 * A project's webhook subscriptions and events as the console shows and changes them. Reads and
 * changes are the native API's own (src/events services: validation of URLs and event types, the
 * vault for secrets, the delivery queue); this adds the console's audit log entry for every change
 * (never a secret in it). Who may read or change is the routes' declared role.
 */
import { EVENT_TYPES } from '../events/event-types.js';
import type { Actor } from '../tenancy/actor.js';
import type { Audited } from '../tenancy/audited.js';
import type { ProjectTarget } from './console-resource-service.js';
import type { EventFilters, WebhookPorts } from './webhook-ports.js';

export function createConsoleWebhookService(deps: { audit: Pick<Audited, 'record'> } & WebhookPorts) {
  const { audit, webhooks, events } = deps;

  const record = (actor: Actor, t: ProjectTarget, action: string, targetType: string, targetId: string, detail: Record<string, unknown>) =>
    audit.record(actor, { organizationId: t.organizationId, projectId: t.projectId, action, targetType, targetId, detail });
  const subscriptionRecord = (actor: Actor, t: ProjectTarget, action: string, s: { id: string; url: string }, more = {}) =>
    record(actor, t, action, 'webhook_subscription', s.id, { url: s.url, ...more });

  return {
    /** Every event type with what it means (the create form's choices, the events filter). */
    eventTypes: () => Object.entries(EVENT_TYPES).map(([type, description]) => ({ type, description })),

    listSubscriptions: (t: ProjectTarget, page: { cursor?: string | undefined; limit: number }) => webhooks.list(t.projectId, page),

    getSubscription: (t: ProjectTarget, id: string) => webhooks.get(t.projectId, id),

    async createSubscription(actor: Actor, t: ProjectTarget, input: Parameters<WebhookPorts['webhooks']['create']>[1]) {
      const created = await webhooks.create(t.projectId, input);
      await subscriptionRecord(actor, t, 'webhook_subscription.created', created.subscription, {
        eventTypes: created.subscription.eventTypes ?? 'all',
      });
      return created;
    },

    /** Changes url, event types or enabled; one audit entry naming what changed, none when nothing did. */
    async updateSubscription(actor: Actor, t: ProjectTarget, id: string, changes: Parameters<WebhookPorts['webhooks']['update']>[2]) {
      const before = await webhooks.get(t.projectId, id);
      const after = await webhooks.update(t.projectId, id, changes);
      const changed = (['url', 'eventTypes', 'enabled'] as const).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      if (changed.length === 1 && changed[0] === 'enabled')
        await subscriptionRecord(actor, t, after.enabled ? 'webhook_subscription.enabled' : 'webhook_subscription.disabled', after);
      else if (changed.length > 0)
        await subscriptionRecord(actor, t, 'webhook_subscription.updated', after, {
          changed,
          ...(changed.includes('url') ? { previousUrl: before.url } : {}),
        });
      return after;
    },

    async deleteSubscription(actor: Actor, t: ProjectTarget, id: string): Promise<void> {
      const before = await webhooks.get(t.projectId, id);
      await webhooks.remove(t.projectId, id);
      await subscriptionRecord(actor, t, 'webhook_subscription.deleted', before);
    },

    async rotateSecret(actor: Actor, t: ProjectTarget, id: string) {
      const rotated = await webhooks.rotateSecret(t.projectId, id);
      await subscriptionRecord(actor, t, 'webhook_subscription.secret_rotated', rotated.subscription);
      return rotated;
    },

    async sendTestEvent(actor: Actor, t: ProjectTarget, id: string) {
      const sent = await webhooks.sendTestEvent(t.projectId, id);
      const subscription = await webhooks.get(t.projectId, id);
      await subscriptionRecord(actor, t, 'webhook_subscription.test_sent', subscription, { eventId: sent.eventId });
      return sent;
    },

    listDeliveries: (t: ProjectTarget, id: string, page: { cursor?: string | undefined; limit: number }) =>
      webhooks.listDeliveries(t.projectId, id, page),

    listEvents: (t: ProjectTarget, filters: EventFilters) => events.list(t.projectId, filters),

    getEvent: (t: ProjectTarget, id: string) => events.get(t.projectId, id),

    async redeliverEvent(actor: Actor, t: ProjectTarget, eventId: string, subscriptionId: string | undefined) {
      const answer = await events.redeliver(t.projectId, eventId, subscriptionId);
      await record(actor, t, 'event.redelivered', 'event', eventId, {
        ...(subscriptionId ? { subscriptionId } : {}),
        deliveries: answer.deliveries.length,
      });
      return answer;
    },
  };
}
