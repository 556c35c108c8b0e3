/**
 * The v3.1 route groups whose subsystems this broker does not bind (compat-v3.1.md section 8):
 * every method and every path under each group answers 501 with the compat error body and
 * `x-should-retry: false`, never an empty success. Paths outside all groups fall through to the
 * mount's 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notImplementedHere } from './errors.js';

/** Group name (for the message) -> path roots under /api/v3.1; each root also covers `<root>/*`. */
export const UNBOUND_GROUPS: Record<string, string[]> = {
  // Trigger types and instances are bound (trigger-types.ts, trigger-instances.ts); other paths under it are not.
  'Other trigger instance routes': ['/trigger_instances'],
  // Webhook subscriptions are bound (webhook-subscriptions.ts); endpoints are not.
  'Webhook endpoints': ['/webhook_endpoints'],
  Files: ['/files'],
  'The tool router (sessions)': ['/tool_router'],
  MCP: ['/mcp'],
  'Execution logs and usage': ['/internal', '/logs', '/project'],
  'Organization and user-key routes': ['/org'],
  'CLI sessions and key management': ['/auth/session', '/cli', '/api_key_revocation'],
};

/** Under /api/v3 (not v3.1): core's trigger subscription fetches realtime credentials here. */
export const UNBOUND_V3_GROUPS: Record<string, string[]> = {
  'Realtime trigger subscriptions': ['/internal/sdk/realtime'],
};

/** What to do instead, for groups that have a better answer than the native API. */
const SUGGESTED_FIXES: Record<string, string> = {
  'Realtime trigger subscriptions':
    'Receive trigger events by webhook instead: register a URL with triggers.setWebhookSubscription({webhookUrl}) (POST /api/v3.1/webhook_subscriptions) and check each delivery with triggers.verifyWebhook.',
};

export function unboundGroups(groups: Record<string, string[]>): FastifyPluginAsync {
  return async (app) => {
    for (const [group, roots] of Object.entries(groups)) {
      const handler = async () => {
        throw notImplementedHere(
          group,
          SUGGESTED_FIXES[group] ?? 'Use the native API at /api/v1 for what it offers; this deployment does not bind this subsystem.',
        );
      };
      for (const root of roots) {
        app.all(root, { schema: { hide: true } }, handler);
        app.all(`${root}/*`, { schema: { hide: true } }, handler);
      }
    }
  };
}
