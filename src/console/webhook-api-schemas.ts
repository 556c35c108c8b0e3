/**
 * TypeBox schemas of the console's webhook and event routes. The resources, bodies and queries are
 * the native API's (src/events/api-schemas.ts), so both planes accept and show the same fields;
 * here only the console's parameters and its own answers (a subscription with its secret, the
 * event types).
 */
import { Type } from '@sinclair/typebox';
import { IdString } from '../schemas/common.js';
import { WebhookSubscriptionSchema } from '../events/api-schemas.js';

export const SubscriptionParams = Type.Object({ organizationId: IdString(), projectId: IdString(), subscriptionId: IdString() });
export const EventParams = Type.Object({ organizationId: IdString(), projectId: IdString(), eventId: IdString() });

/** Create and rotate: the subscription and its signing secret, the only answers that hold it (as the API key's create does). */
export const WebhookSecretAnswer = Type.Object({
  secret: Type.String({ description: 'The signing secret (whsec_…): shown here once and never again; store it with the receiver' }),
  subscription: Type.Ref(WebhookSubscriptionSchema),
});

export const TestEventAnswer = Type.Object({
  eventId: Type.String({ description: 'The webhook.test event, delivered to this subscription only' }),
});

export const EventTypeList = Type.Object({
  items: Type.Array(Type.Object({ type: Type.String(), description: Type.String() })),
});
