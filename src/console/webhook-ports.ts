/**
 * What the console's webhook routes need of the events plane, per project, bound to the services
 * the native routes call (src/events/webhook-service.ts): the console adds only its shapes here and,
 * in console-webhook-service.ts, the audit entries.
 */
import type { Static } from '@sinclair/typebox';
import type { EventSchema, QueuedDeliveries, WebhookAttemptView, WebhookSubscriptionView } from '../events/api-schemas.js';
import {
  subscriptionView,
  type createWebhookService,
  type NewSubscriptionInput,
  type SubscriptionChanges,
} from '../events/webhook-service.js';

export type WebhookService = ReturnType<typeof createWebhookService>;

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
type PageRequest = { cursor?: string | undefined; limit: number };
type WithSecret = { secret: string; subscription: WebhookSubscriptionView };
export type EventFilters = Parameters<WebhookService['listEvents']>[1];

export interface WebhookPorts {
  webhooks: {
    list(projectId: string, page: PageRequest): Promise<Page<WebhookSubscriptionView>>;
    get(projectId: string, id: string): Promise<WebhookSubscriptionView>;
    create(projectId: string, input: NewSubscriptionInput): Promise<WithSecret>;
    update(projectId: string, id: string, changes: SubscriptionChanges): Promise<WebhookSubscriptionView>;
    remove(projectId: string, id: string): Promise<void>;
    rotateSecret(projectId: string, id: string): Promise<WithSecret>;
    sendTestEvent(projectId: string, id: string): Promise<{ eventId: string }>;
    listDeliveries(projectId: string, id: string, page: PageRequest): Promise<Page<WebhookAttemptView>>;
  };
  events: {
    list(projectId: string, filters: EventFilters): Promise<Page<Static<typeof EventSchema>>>;
    get(projectId: string, id: string): Promise<Static<typeof EventSchema>>;
    redeliver(projectId: string, eventId: string, subscriptionId: string | undefined): Promise<Static<typeof QueuedDeliveries>>;
  };
}

export function bindWebhookPorts(deps: { webhooks: WebhookService }): WebhookPorts {
  const { webhooks } = deps;
  return {
    webhooks: {
      async list(projectId, page) {
        const listed = await webhooks.list(projectId, page);
        return { items: listed.items.map(subscriptionView), nextCursor: listed.nextCursor };
      },
      get: async (projectId, id) => subscriptionView(await webhooks.get(projectId, id)),
      async create(projectId, input) {
        const created = await webhooks.create(projectId, input);
        return { secret: created.secret, subscription: subscriptionView(created.subscription) };
      },
      update: async (projectId, id, changes) => subscriptionView(await webhooks.update(projectId, id, changes)),
      remove: (projectId, id) => webhooks.remove(projectId, id),
      async rotateSecret(projectId, id) {
        const { secret } = await webhooks.rotateSecret(projectId, id);
        return { secret, subscription: subscriptionView(await webhooks.get(projectId, id)) };
      },
      sendTestEvent: async (projectId, id) => ({ eventId: (await webhooks.sendTest(projectId, id)).eventId }),
      listDeliveries: (projectId, id, page) => webhooks.listAttempts(projectId, id, page),
    },
    events: {
      list: (projectId, filters) => webhooks.listEvents(projectId, filters),
      get: (projectId, id) => webhooks.getEvent(projectId, id),
      redeliver: async (projectId, eventId, subscriptionId) => ({
        eventId,
        deliveries: await webhooks.redeliver(projectId, eventId, subscriptionId),
      }),
    },
  };
}
