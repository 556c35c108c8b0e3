/** The audit log: appended to, read newest first per organization, never updated. */
import { AuditEntry, type IAuditEntry } from '../entities/index.js';
import { fresh, type Db } from '../fork-per-call.js';

export function createAuditRepository(db: Db) {
  return {
    async insert(row: Omit<IAuditEntry, 'createdAt'> & { createdAt?: Date }): Promise<void> {
      // db.em(): inside a tenancy command, the transaction's fork (src/tenancy/audited.ts).
      await db.em().insert(AuditEntry, { createdAt: new Date(), ...row });
    },

    /** Newest first; `before` is the (createdAt, id) of the last entry of the previous page. */
    list(organizationId: string, limit: number, before?: { createdAt: Date; id: string }): Promise<IAuditEntry[]> {
      const where = before
        ? {
            organizationId,
            $or: [{ createdAt: { $lt: before.createdAt } }, { createdAt: before.createdAt, id: { $lt: before.id } }],
          }
        : { organizationId };
      return db.em().find(AuditEntry, where, { ...fresh, orderBy: { createdAt: 'desc', id: 'desc' }, limit });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
