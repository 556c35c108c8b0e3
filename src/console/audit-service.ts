/**
 * The audit log of an organization: key, member, project and auth-config changes, with who made
 * them (a user, or the operator's CLI), when and from which address. Details never hold secrets.
 */
import type { IAuditEntry } from '../db/entities/index.js';
import type { AuditRepository } from '../db/repositories/audit-repository.js';
import type { Clock } from '../clock.js';
import { newOrderedId } from '../ids.js';
import { decodeKeysetCursor, keysetPage } from './keyset-cursor.js';

/** Who made a change: a signed-in user (with the request's address), or null for the CLI. */
export interface Actor {
  userId: string;
  email: string;
  ip?: string | undefined;
}

export interface AuditEvent {
  organizationId: string;
  projectId?: string | null;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
}

export interface AuditPage {
  items: IAuditEntry[];
  nextCursor: string | null;
}

export function createAuditService(deps: { audit: AuditRepository; clock: Clock }) {
  return {
    async record(actor: Actor | null, event: AuditEvent): Promise<void> {
      const at = deps.clock.now();
      await deps.audit.insert({
        // Entries of one millisecond (a sign-up's organization, project and membership) list in the order they happened.
        id: newOrderedId('aud', at),
        organizationId: event.organizationId,
        projectId: event.projectId ?? null,
        actorUserId: actor?.userId ?? null,
        actorEmail: actor?.email ?? null,
        action: event.action,
        targetType: event.targetType,
        targetId: event.targetId,
        detail: event.detail ?? null,
        ip: actor?.ip ?? null,
        createdAt: new Date(at),
      });
    },

    /** Newest first, `limit` per page, from the `nextCursor` of the previous page. */
    async list(organizationId: string, limit: number, cursor?: string): Promise<AuditPage> {
      const before = cursor ? decodeKeysetCursor(cursor) : undefined;
      return keysetPage(await deps.audit.list(organizationId, limit + 1, before), limit);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
