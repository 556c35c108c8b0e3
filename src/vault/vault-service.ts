/**
 * The vault: stores, reads, replaces and destroys secrets (JSON objects) by owner, sealed with
 * the active master key. Decrypted values exist only in the caller's memory for the call that
 * needs them; nothing here logs or returns them anywhere else.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { VaultSecret, type IVaultSecret } from '../db/entities/index.js';
import { newId } from '../ids.js';
import { open, seal, sealedKeyId, type MasterKey } from './envelope.js';

export type SecretOwnerType = 'connection' | 'auth_config';
export type SecretName = 'oauth_tokens' | 'credentials' | 'client_secret' | 'pkce_verifier' | 'connect_link';

export interface SecretRef {
  ownerType: SecretOwnerType;
  ownerId: string;
  name: SecretName;
}

const aadOf = (ref: SecretRef) => `${ref.ownerType}:${ref.ownerId}:${ref.name}`;

export function createVaultService(deps: { orm: MikroORM; keys: MasterKey[] }) {
  const { orm } = deps;
  if (deps.keys.length === 0) throw new Error('The vault needs at least one master key');
  const active = deps.keys[0]!;
  const ring = new Map(deps.keys.map((k) => [k.id, k.key]));

  const sealJson = (ref: SecretRef, value: unknown) => seal(active, Buffer.from(JSON.stringify(value), 'utf8'), aadOf(ref));
  const openRow = <T>(row: IVaultSecret): T =>
    JSON.parse(open(ring, row.sealed, aadOf(row as SecretRef)).toString('utf8')) as T;

  return {
    activeKeyId: active.id,

    /** Creates or replaces a secret. Pass `em` to join the caller's transaction. */
    async put(ref: SecretRef, value: unknown, em: EntityManager = orm.em.fork()): Promise<void> {
      const sealed = sealJson(ref, value);
      const existing = await em.findOne(VaultSecret, ref);
      if (existing) {
        existing.sealed = sealed;
        existing.keyId = active.id;
        existing.version += 1;
      } else {
        em.create(VaultSecret, { id: newId('sec'), ...ref, keyId: active.id, sealed, version: 1 });
      }
      await em.flush();
    },

    async get<T>(ref: SecretRef, em: EntityManager = orm.em.fork()): Promise<{ value: T; version: number } | undefined> {
      const row = await em.findOne(VaultSecret, ref);
      return row ? { value: openRow<T>(row), version: row.version } : undefined;
    },

    /** The sealed row itself (the token path caches it and opens it per call). */
    async getRow(ref: SecretRef, em: EntityManager = orm.em.fork()): Promise<IVaultSecret | null> {
      return em.findOne(VaultSecret, ref);
    },

    /** Opens an already-loaded row (the token path reads the row itself, under a lock). */
    openRow,

    async has(ref: SecretRef): Promise<boolean> {
      return (await orm.em.fork().count(VaultSecret, ref)) > 0;
    },

    /** Destroys one secret, or all of an owner's when `name` is omitted. */
    async destroy(ref: Omit<SecretRef, 'name'> & { name?: SecretName }, em: EntityManager = orm.em.fork()): Promise<string[]> {
      const where = ref.name ? ref : { ownerType: ref.ownerType, ownerId: ref.ownerId };
      const rows = await em.find(VaultSecret, where);
      if (rows.length > 0) await em.nativeDelete(VaultSecret, where);
      return rows.map((r) => r.name);
    },

    /** Refuses (throws) when stored secrets were sealed with a master key the ring lacks. */
    async assertKeysAvailable(): Promise<void> {
      const rows: { key_id: string }[] = await orm.em.fork().getConnection().execute('select distinct key_id from vault_secrets');
      const missing = rows.map((r) => r.key_id).filter((id) => !ring.has(id));
      if (missing.length > 0) {
        throw new Error(
          `The database holds secrets sealed with master key(s) ${missing.join(', ')} that VAULT_KEYS does not contain. ` +
            'Add them back (after the active key), then run `broker rotate-keys` before retiring them.',
        );
      }
    },

    /** Re-wraps every secret not sealed with the active key. Safe to run while serving. */
    async rotate(batchSize = 200): Promise<{ rotated: number; remainingByKey: Record<string, number> }> {
      let rotated = 0;
      for (;;) {
        const em = orm.em.fork();
        const batch = await em.find(VaultSecret, { keyId: { $ne: active.id } }, { limit: batchSize, orderBy: { id: 'asc' } });
        if (batch.length === 0) break;
        for (const row of batch) {
          row.sealed = sealJson(row as SecretRef, openRow(row));
          row.keyId = sealedKeyId(row.sealed);
          rotated += 1;
        }
        await em.flush();
      }
      const rows: { key_id: string; n: number | string }[] = await orm.em.fork().getConnection().execute(
        'select key_id, count(*) as n from vault_secrets group by key_id',
      );
      return { rotated, remainingByKey: Object.fromEntries(rows.map((r) => [r.key_id, Number(r.n)])) };
    },
  };
}

export type VaultService = ReturnType<typeof createVaultService>;
