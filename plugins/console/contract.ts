/**
 * The console plane's operations at /api/v1/console, each declared beside its handler (with the
 * role it needs in `config`) and listed here with the plane's prefix for the test client. The
 * plane's onRoute hook (index.ts) adds the `console` tag and, unless an operation declares its
 * own (`security: []` for the public ones), the session cookie's security requirement.
 */
import type { Contract } from '../operations.js';
import { accountOperations } from './accounts.js';
import { organizationOperations } from './organizations.js';
import { memberOperations } from './members.js';
import { invitationOperations } from './invitations.js';
import { usageOperations } from './usage.js';
import { projectOperations } from './projects.js';
import { apiKeyOperations } from './api-keys.js';
import { projectResourceOperations } from './project-resources.js';
import { executionOperations } from './executions.js';
import { toolkitOperations } from './toolkits.js';
import { auditOperations } from './audit.js';
import { webhookOperations } from './webhooks.js';
import { triggerInstanceOperations } from './trigger-instances.js';
import { playgroundOperations } from './playground.js';

export const CONSOLE_PREFIX = '/api/v1/console';

export const consoleContract = {
  prefix: CONSOLE_PREFIX,
  operations: {
    ...accountOperations,
    ...organizationOperations,
    ...memberOperations,
    ...invitationOperations,
    ...usageOperations,
    ...projectOperations,
    ...apiKeyOperations,
    ...projectResourceOperations,
    ...executionOperations,
    ...toolkitOperations,
    ...auditOperations,
    ...webhookOperations,
    ...triggerInstanceOperations,
    ...playgroundOperations,
  },
} satisfies Contract;
