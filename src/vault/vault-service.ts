/**
 * The vault: stores, reads, replaces and destroys secrets (JSON objects) by owner, sealed with
 * the active master key. Decrypted values go only to the caller (the token path keeps them in its
 * hot cache, src/connections/token-service.ts); nothing here logs or returns them anywhere else.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { IVaultSecret } from '../db/entities/index.js';
import type { VaultSecretRepository } from '../db/repositories/vault-secret-repository.js';
import { newId } from '../ids.js';
import { open, seal, sealedKeyId, type MasterKey } from './envelope.js';

export type SecretOwnerType = 'connection' | 'auth_config' | 'webhook_subscription';
/** A webhook subscription's signing secrets are named by their id (`whk_…`): after a rotation the previous one still signs for a while. */
export type SecretName = 'oauth_tokens' | 'credentials' | 'client_secret' | 'pkce_verifier' | 'connect_link' | `whk_${string}`;

export interface SecretRef {
  ownerType: SecretOwnerType;
  ownerId: string;
  name: SecretName;
}

const aadOf = (ref: SecretRef) => `${ref.ownerType}:${ref.ownerId}:${ref.name}`;

export function createVaultService(deps: { secrets: VaultSecretRepository; keys: MasterKey[] }) {
  const { secrets } = deps;
  if (deps.keys.length === 0) throw new Error('The vault needs at least one master key');
  const active = deps.keys[0]!;
  const ring = new Map(deps.keys.map((k) => [k.id, k.key]));

  const sealJson = (ref: SecretRef, value: unknown) => seal(active, Buffer.from(JSON.stringify(value), 'utf8'), aadOf(ref));
  const openRow = <T>(row: IVaultSecret): T => JSON.parse(open(ring, row.sealed, aadOf(row as SecretRef)).toString('utf8')) as T;

  return {
    activeKeyId: active.id,

    /** Creates or replaces a secret. Pass `em` to join the caller's transaction. */
    async put(ref: SecretRef, value: unknown, em?: EntityManager): Promise<void> {
      await secrets.upsert(ref, { id: newId('sec'), keyId: active.id, sealed: sealJson(ref, value) }, em);
    },

    async get<T>(ref: SecretRef, em?: EntityManager): Promise<{ value: T; version: number } | undefined> {
      const row = await secrets.find(ref, em);
      return row ? { value: openRow<T>(row), version: row.version } : undefined;
    },

    /** Inside `tx`: the secret, locked against other instances until `tx` ends (token refresh). */
    async getForUpdate<T>(ref: SecretRef, tx: EntityManager): Promise<{ value: T; version: number } | undefined> {
      const row = await secrets.findForUpdate(ref, tx);
      return row ? { value: openRow<T>(row), version: row.version } : undefined;
    },

    async has(ref: SecretRef): Promise<boolean> {
      return (await secrets.find(ref)) !== null;
    },

    /** Destroys one secret, or all of an owner's when `name` is omitted. */
    async destroy(ref: Omit<SecretRef, 'name'> & { name?: SecretName }, em?: EntityManager): Promise<string[]> {
      return secrets.delete(ref.name ? ref : { ownerType: ref.ownerType, ownerId: ref.ownerId }, em);
    },

    /** Destroys the secret only if still at `version` (single-use records): true for one caller. */
    destroyIfVersion: (ref: SecretRef, version: number) => secrets.deleteIfVersion(ref, version),

    /** Refuses (throws) when stored secrets were sealed with a master key the ring lacks, or with
     *  one whose value changed under the same id (a regenerated development key, a mistyped key). */
    async assertKeysAvailable(): Promise<void> {
      const stored = Object.keys(await secrets.countByKey());
      const missing = stored.filter((id) => !ring.has(id));
      if (missing.length > 0) {
        throw new Error(
          `The database holds secrets sealed with master key(s) ${missing.join(', ')} that VAULT_KEYS does not contain. ` +
            'Add them back (after the active key), then run `broker rotate-keys` before retiring them.',
        );
      }
      for (const id of stored) {
        // A few rows, so one damaged row alone does not stop the broker; the wrong key opens none.
        const sample = await secrets.sampleSealedWith(id, 3);
        const opens = sample.some((row) => {
          try {
            openRow(row);
            return true;
          } catch {
            return false;
          }
        });
        if (sample.length > 0 && !opens) {
          throw new Error(
            `VAULT_KEYS: key "${id}" does not open the secrets stored with it (its value is not the one that sealed them). ` +
              `Restore the original value of "${id}" (in development: the file vault-keys in DATA_DIR).`,
          );
        }
      }
    },

    /** Re-wraps every secret not sealed with the active key. Safe to run while serving. */
    async rotate(batchSize = 200): Promise<{ rotated: number; remainingByKey: Record<string, number> }> {
      let rotated = 0;
      for (;;) {
        const rows = await secrets.notSealedWith(active.id, batchSize);
        if (rows.length === 0) break;
        const items = rows.map((row) => {
          const sealed = sealJson(row as SecretRef, openRow(row));
          return { row, sealed, keyId: sealedKeyId(sealed) };
        });
        // A secret replaced meanwhile is not stored: its new value is sealed with the active key already.
        rotated += await secrets.resealAll(items);
      }
      return { rotated, remainingByKey: await secrets.countByKey() };
    },
  };
}

export type VaultService = ReturnType<typeof createVaultService>;
