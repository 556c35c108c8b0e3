/**
 * The provider webhook ingress (issue 29): public, authorized only by the provider's signature.
 * Apart from contract.ts so the trigger work of issue 29 lands in separate files; its operations
 * join the native contract there.
 */
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../src/schemas/common.js';
import { defineOperation } from '../operations.js';

const HubspotEvent = Type.Object(
  {
    eventId: Type.Integer({ description: 'Unique per event; a retry repeats it (deduplicated here)' }),
    portalId: Type.Integer({ description: 'The HubSpot account; events reach the connections recorded with this hub id' }),
    subscriptionType: Type.String({ description: '`contact.creation`, `deal.propertyChange`, …' }),
    objectId: Type.Integer(),
    occurredAt: Type.Integer({ description: 'Milliseconds since the epoch' }),
    propertyName: Type.Optional(Type.String()),
    propertyValue: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const ProviderWebhookBody = Type.Array(HubspotEvent, {
  description: 'What HubSpot sends: a JSON array of events, signed with X-HubSpot-Signature-v3 over the raw bytes',
});

const ProviderWebhookAck = Type.Object(
  {
    received: Type.Integer({ description: 'Events in the request' }),
    accepted: Type.Integer({ description: 'Events new to the broker, now in its inbox' }),
    duplicates: Type.Integer({ description: 'Events seen before (provider retries), ignored' }),
  },
  { additionalProperties: false },
);

const ToolkitParams = Type.Object({ toolkit: Type.String({ maxLength: 100, description: 'The toolkit slug (`hubspot`)' }) });
const CustomAppParams = Type.Object({
  toolkit: Type.String({ maxLength: 100, description: 'The toolkit slug (`hubspot`)' }),
  authConfigId: Type.String({ maxLength: 40, description: 'The auth config holding the custom app’s OAuth client' }),
});

const description =
  'Public: no API key. The request must carry a valid `X-HubSpot-Signature-v3` (base64 HMAC-SHA256 of method + the URI HubSpot called + raw body + `X-HubSpot-Request-Timestamp`, keyed by the app’s client secret) and a timestamp within 5 minutes; otherwise 401 and nothing is recorded. The URI is `PUBLIC_BASE_URL` + the request path. See docs/guides/provider-webhooks.md.';

export const providerWebhookOperations = {
  receiveProviderWebhook: defineOperation({
    operationId: 'receiveProviderWebhook',
    method: 'POST',
    url: '/provider_webhooks/:toolkit',
    tags: ['triggers'],
    summary: "A provider's webhook delivery for the platform-managed app of a toolkit (HubSpot app webhooks)",
    description,
    security: [],
    params: ToolkitParams,
    body: ProviderWebhookBody,
    response: { 200: ProviderWebhookAck, ...errorResponses(400, 401) },
  }),
  receiveCustomAppProviderWebhook: defineOperation({
    operationId: 'receiveCustomAppProviderWebhook',
    method: 'POST',
    url: '/provider_webhooks/:toolkit/:authConfigId',
    tags: ['triggers'],
    summary: "A provider's webhook delivery for a custom app (an auth config with its own OAuth client), signed with that client's secret",
    description,
    security: [],
    params: CustomAppParams,
    body: ProviderWebhookBody,
    response: { 200: ProviderWebhookAck, ...errorResponses(400, 401) },
  }),
};
