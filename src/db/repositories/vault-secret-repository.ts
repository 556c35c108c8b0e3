/**
 * Every query on `vault_secrets`. Only the vault service (src/vault) uses this: everything else
 * reaches secrets through the vault, which seals and opens them.
 */
import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { VaultSecret, type IVaultSecret } from '../entities/index.js';
import { fresh, insertNew, type Db } from '../fork-per-call.js';

export interface SecretKey {
  ownerType: string;
  ownerId: string;
  name: string;
}

export function createVaultSecretRepository(db: Db) {
  return {
    find(ref: SecretKey, em: EntityManager = db.em()): Promise<IVaultSecret | null> {
      return em.findOne(VaultSecret, ref, fresh);
    },

    /** Inside `tx`: the row locked against other instances until the transaction ends (PostgreSQL). */
    findForUpdate(ref: SecretKey, tx: EntityManager): Promise<IVaultSecret | null> {
      return tx.findOne(VaultSecret, ref, db.isPostgres ? { ...fresh, lockMode: LockMode.PESSIMISTIC_WRITE } : fresh);
    },

    /** Creates or replaces (bumping its version) the sealed value of one secret. */
    async upsert(ref: SecretKey, sealed: { id: string; keyId: string; sealed: string }, em: EntityManager = db.em()): Promise<void> {
      const existing = await em.findOne(VaultSecret, ref, fresh);
      if (existing) {
        await em.nativeUpdate(
          VaultSecret,
          { id: existing.id },
          { sealed: sealed.sealed, keyId: sealed.keyId, version: existing.version + 1, updatedAt: new Date() },
        );
      } else {
        await insertNew(em, VaultSecret, { ...ref, ...sealed, version: 1 });
      }
    },

    /** Deletes one secret or all of an owner's; returns the names deleted. */
    async delete(where: Omit<SecretKey, 'name'> & { name?: string }, em: EntityManager = db.em()): Promise<string[]> {
      const rows = await em.find(VaultSecret, where as FilterQuery<IVaultSecret>, { fields: ['name'], ...fresh });
      if (rows.length > 0) await em.nativeDelete(VaultSecret, where as FilterQuery<IVaultSecret>);
      return rows.map((r) => r.name);
    },

    /** Deletes the secret only if it is still at `version`: true for exactly one of concurrent callers. */
    async deleteIfVersion(ref: SecretKey, version: number): Promise<boolean> {
      return (await db.em().nativeDelete(VaultSecret, { ...ref, version })) === 1;
    },

    /** The next batch of secrets not sealed with `keyId` (rotation). */
    notSealedWith(keyId: string, limit: number): Promise<IVaultSecret[]> {
      return db.em().find(VaultSecret, { keyId: { $ne: keyId } }, { ...fresh, limit, orderBy: { id: 'asc' } });
    },

    /**
     * Stores rows' values sealed again under another key (rotation), in one transaction, except a
     * secret that changed since it was read (its version moved on): a value put meanwhile is
     * already sealed with the active key and must not be overwritten with the older one. Returns
     * how many were stored.
     */
    resealAll(items: { row: Pick<IVaultSecret, 'id' | 'version'>; sealed: string; keyId: string }[]): Promise<number> {
      return db.transaction(async (tx) => {
        let stored = 0;
        for (const { row, sealed, keyId } of items) {
          stored += await tx.nativeUpdate(VaultSecret, { id: row.id, version: row.version }, { sealed, keyId, updatedAt: new Date() });
        }
        return stored;
      });
    },

    /** A few secrets sealed with `keyId` (start-up checks that the key still opens them). */
    sampleSealedWith(keyId: string, limit: number): Promise<IVaultSecret[]> {
      return db
        .em()
        .fork()
        .find(VaultSecret, { keyId }, { limit, orderBy: { id: 'asc' } });
    },

    async countByKey(): Promise<Record<string, number>> {
      const rows: { key_id: string; n: number | string }[] = await db
        .em()
        .getConnection()
        .execute('select key_id, count(*) as n from vault_secrets group by key_id');
      return Object.fromEntries(rows.map((r) => [r.key_id, Number(r.n)]));
    },
  };
}

export type VaultSecretRepository = ReturnType<typeof createVaultSecretRepository>;
