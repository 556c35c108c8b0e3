/**
 * The audit log of an organization as the console reads it: newest first, keyset-paged. Entries
 * are written by src/tenancy/audited.ts (tenancy changes, in the change's own transaction, and the
 * console's auth-config and connection changes); details never hold secrets.
 */
import type { IAuditEntry } from '../db/entities/index.js';
import type { AuditRepository } from '../db/repositories/audit-repository.js';
import { decodeKeysetCursor, keysetPage } from './keyset-cursor.js';

export interface AuditPage {
  items: IAuditEntry[];
  nextCursor: string | null;
}

export function createAuditService(deps: { audit: Pick<AuditRepository, 'list'> }) {
  return {
    /** Newest first, `limit` per page, from the `nextCursor` of the previous page. */
    async list(organizationId: string, limit: number, cursor?: string): Promise<AuditPage> {
      const before = cursor ? decodeKeysetCursor(cursor) : undefined;
      return keysetPage(await deps.audit.list(organizationId, limit + 1, before), limit);
    },
  };
}
