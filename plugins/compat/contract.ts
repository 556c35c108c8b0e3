/**
 * The compat mount's operations (compat-v3.1.md sections 4 to 7, the webhook subscriptions of section 8, trigger types and instances), each declared beside its handler
 * and listed here with the mount's prefix for the test client. Not in spec.json: the v3.1 wire
 * contract is Composio's. The 501 groups (not-implemented.ts) are catch-alls, not operations.
 */
import type { Contract } from '../operations.js';
import { DEFAULT_COMPAT_PREFIX } from './index.js';
import { toolkitOperations } from './toolkits.js';
import { toolOperations } from './tools.js';
import { authConfigOperations } from './auth-configs.js';
import { connectedAccountOperations } from './connected-accounts.js';
import { connectedAccountActionOperations } from './connected-account-actions.js';
import { webhookSubscriptionOperations } from './webhook-subscriptions.js';
import { triggerTypeOperations } from './trigger-types.js';
import { triggerInstanceOperations } from './trigger-instances.js';

export const compatContract = {
  prefix: DEFAULT_COMPAT_PREFIX,
  operations: {
    ...toolkitOperations,
    ...toolOperations,
    ...authConfigOperations,
    ...connectedAccountOperations,
    ...connectedAccountActionOperations,
    ...webhookSubscriptionOperations,
    ...triggerTypeOperations,
    ...triggerInstanceOperations,
  },
} satisfies Contract;
