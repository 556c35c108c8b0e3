/**
 * Two defences of hosted connect links (docs/guides/connections.md#connect-links-you-can-trust):
 *
 * - **Bound to the browser that opened the link.** Continuing an OAuth link sets a random,
 *   HttpOnly cookie in the user's browser and stores its SHA-256 with the attempt's state; the
 *   callback must bring the same cookie. A provider consent URL forwarded to someone else (the
 *   victim authorizes their own account into the sender's connection) lands in a browser without
 *   it and is refused.
 * - **The project's verifier.** A project may name a URL the broker calls, signed like webhook
 *   deliveries (Standard Webhooks, HMAC-SHA256), before a connection made through a hosted link
 *   becomes ACTIVE: the application confirms "this end user is who I think". Anything but a 2xx
 *   (or no answer) leaves the connection FAILED with the reason.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { IConnection, IProject } from '../db/entities/index.js';
import { deliveryHeaders } from '../events/delivery/signing.js';
import type { WebhookSender } from '../events/delivery/sender.js';
import { newId } from '../ids.js';
import { verifierSecret } from '../tenancy/projects.js';

/** The cookie of one attempt (several links may be open in one browser at once). */
export const browserCookieName = (connectionId: string) => `connect_browser_${connectionId}`;

/** A new browser secret (the cookie's value) and the hash stored with the state. */
export function newBrowserBinding(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashOf(value) };
}

const hashOf = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** True when the presented cookie is the one whose hash was stored (constant time). */
export function browserMatches(storedHash: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(hashOf(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the verifier receives (the body of the signed POST). */
export interface VerifierRequest {
  type: 'connection.verify';
  timestamp: string;
  data: { connectionId: string; entityId: string; toolkitSlug: string; projectId: string };
}

export function createConnectionVerifier(deps: {
  projects: { find: (id: string) => Promise<IProject | null> };
  sender: Pick<WebhookSender, 'send'>;
  sessionSecret: string;
  clock: Clock;
}) {
  return {
    /**
     * Asks the project's verifier about a connection made through a hosted link. Undefined: go on
     * (confirmed, or the project has no verifier); otherwise why it is refused (the FAILED reason).
     */
    async confirm(conn: Pick<IConnection, 'id' | 'projectId' | 'entityId' | 'toolkitSlug'>): Promise<string | undefined> {
      const project = await deps.projects.find(conn.projectId);
      const url = project?.connectionVerifierUrl;
      if (!url) return undefined;
      const now = deps.clock.now();
      const request: VerifierRequest = {
        type: 'connection.verify',
        timestamp: new Date(now).toISOString(),
        data: { connectionId: conn.id, entityId: conn.entityId, toolkitSlug: conn.toolkitSlug, projectId: conn.projectId },
      };
      const body = JSON.stringify(request);
      const headers = deliveryHeaders({
        scheme: 'standard',
        messageId: newId('msg'),
        attempt: 1,
        timestamp: Math.floor(now / 1000),
        body,
        secrets: [verifierSecret(deps.sessionSecret, conn.projectId)],
      });
      const answer = await deps.sender.send(url, headers, body);
      if (answer.statusCode !== undefined && answer.statusCode >= 200 && answer.statusCode < 300) return undefined;
      const said = answer.statusCode !== undefined ? `HTTP ${answer.statusCode}` : (answer.error ?? 'no answer');
      const excerpt = answer.responseExcerpt?.replace(/\s+/g, ' ').trim().slice(0, 200);
      return `The application's verifier did not confirm this connection (${said}${excerpt ? `: ${excerpt}` : ''})`;
    },
  };
}

export type ConnectionVerifier = ReturnType<typeof createConnectionVerifier>;
