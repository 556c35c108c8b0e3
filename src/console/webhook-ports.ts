/**
 * What the console's webhook routes need of the events plane (src/events), per project: the same
 * calls the native routes make. console-services.ts binds them to the src/events services.
 */
import type { Static } from '@sinclair/typebox';
import type {
  CreateWebhookBody,
  EventView,
  ListEventsQuery,
  UpdateWebhookBody,
  WebhookAttemptView,
  WebhookSubscriptionView,
} from './webhook-api-schemas.js';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
type PageRequest = { cursor?: string | undefined; limit: number };

export interface WebhookPorts {
  webhooks: {
    list(projectId: string, page: PageRequest): Promise<Page<WebhookSubscriptionView>>;
    get(projectId: string, id: string): Promise<WebhookSubscriptionView>;
    create(projectId: string, input: CreateWebhookBody): Promise<{ secret: string; subscription: WebhookSubscriptionView }>;
    update(projectId: string, id: string, changes: UpdateWebhookBody): Promise<WebhookSubscriptionView>;
    remove(projectId: string, id: string): Promise<void>;
    rotateSecret(projectId: string, id: string): Promise<{ secret: string; subscription: WebhookSubscriptionView }>;
    sendTestEvent(projectId: string, id: string): Promise<{ eventId: string }>;
    listDeliveries(projectId: string, id: string, page: PageRequest): Promise<Page<Static<typeof WebhookAttemptView>>>;
  };
  events: {
    list(
      projectId: string,
      filters: Omit<Static<typeof ListEventsQuery>, 'limit'> & { limit: number },
    ): Promise<Page<Static<typeof EventView>>>;
    get(projectId: string, id: string): Promise<Static<typeof EventView>>;
    redeliver(projectId: string, eventId: string, subscriptionId: string | undefined): Promise<{ queued: number }>;
  };
}
