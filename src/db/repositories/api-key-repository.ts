/** Every query on `api_keys`: lookups by hash (authentication) and by project. */
import { ApiKey, type IApiKey } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export function createApiKeyRepository(db: Db) {
  return {
    insert(row: Omit<IApiKey, 'createdAt'>): Promise<IApiKey> {
      return insertNew(db.em(), ApiKey, row);
    },

    findActiveByHash(hash: string): Promise<IApiKey | null> {
      return db.em().findOne(ApiKey, { hash, revokedAt: null }, fresh);
    },

    /** By id or hash, optionally within a project (revocation). */
    find(where: { id: string } | { hash: string }, projectId?: string): Promise<IApiKey | null> {
      return db.em().findOne(ApiKey, projectId ? { ...where, projectId } : where, fresh);
    },

    listForProject(projectId: string): Promise<IApiKey[]> {
      return db.em().find(ApiKey, { projectId }, { ...fresh, orderBy: { createdAt: 'asc' } });
    },

    async touchLastUsed(id: string, at: Date): Promise<void> {
      await db.em().nativeUpdate(ApiKey, { id }, { lastUsedAt: at });
    },

    /** Sets revokedAt once; returns whether this call revoked it. */
    async revoke(id: string, at: Date): Promise<boolean> {
      return (await db.em().nativeUpdate(ApiKey, { id, revokedAt: null }, { revokedAt: at })) === 1;
    },
  };
}
