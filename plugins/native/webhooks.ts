/** Webhook subscription routes of the native API (issue 28). Handlers only translate; rules live in src/events. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { DEFAULT_PAGE_SIZE, WebhookAttemptSchema, WebhookSubscriptionSchema } from '../../src/events/api-schemas.js';
import { subscriptionView } from '../../src/events/webhook-service.js';
import { route } from '../operations.js';
import { webhookOperations as ops } from './contract.js';

const webhookRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'webhooks'> }> = async (app, { services }) => {
  app.addSchema(WebhookSubscriptionSchema);
  app.addSchema(WebhookAttemptSchema);
  const { webhooks } = services;
  const page = (q: { limit?: number; cursor?: string }) => ({ limit: q.limit ?? DEFAULT_PAGE_SIZE, cursor: q.cursor });

  route(app, ops.createWebhookSubscription, async (req) => {
    const { subscription, secret } = await webhooks.create(principal(req).projectId, req.body);
    return { ...subscriptionView(subscription), secret };
  });

  route(app, ops.listWebhookSubscriptions, async (req) => {
    const found = await webhooks.list(principal(req).projectId, page(req.query));
    return { items: found.items.map(subscriptionView), nextCursor: found.nextCursor };
  });

  route(app, ops.getWebhookSubscription, async (req) =>
    subscriptionView(await webhooks.get(principal(req).projectId, req.params.subscriptionId)),
  );

  route(app, ops.updateWebhookSubscription, async (req) =>
    subscriptionView(await webhooks.update(principal(req).projectId, req.params.subscriptionId, req.body)),
  );

  route(app, ops.deleteWebhookSubscription, async (req) => {
    await webhooks.remove(principal(req).projectId, req.params.subscriptionId);
    return { deleted: true };
  });

  route(app, ops.rotateWebhookSecret, async (req) => {
    const rotated = await webhooks.rotateSecret(principal(req).projectId, req.params.subscriptionId);
    return { secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt.toISOString() };
  });

  route(app, ops.listWebhookDeliveries, async (req) =>
    webhooks.listAttempts(principal(req).projectId, req.params.subscriptionId, page(req.query)),
  );

  route(app, ops.sendTestEvent, async (req) => webhooks.sendTest(principal(req).projectId, req.params.subscriptionId));
};

export default webhookRoutes;
