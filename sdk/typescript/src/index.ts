/** The package's entry: the client, its errors, webhook verification and the named API types. */
export { ConnectorBroker, type ConnectorBrokerOptions } from './client.js';
export { BrokerError } from './errors.js';
export type { FetchLike, IdempotencyOptions } from './http.js';
export type { WaitOptions } from './connections.js';
export {
  verifyWebhook,
  verifyDelivery,
  WebhookVerificationError,
  type RequestLike,
  type VerifyOptions,
  type WebhookDelivery,
} from './verify.js';
export type * from './types.js';
export type { components, operations, paths } from './api-types.gen.js';
