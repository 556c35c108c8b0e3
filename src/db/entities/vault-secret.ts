import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The vault: every stored secret (OAuth tokens, submitted credentials, client secrets, PKCE
 * verifiers) as an AES-256-GCM envelope, bound to its owner through the additional data.
 * `keyId` names the master key that wraps it, so `broker rotate-keys` finds what to re-wrap.
 */
export const VaultSecret = defineEntity({
  name: 'VaultSecret',
  tableName: 'vault_secrets',
  uniques: [{ properties: ['ownerType', 'ownerId', 'name'] }],
  indexes: [{ properties: ['keyId'] }, { properties: ['ownerId'] }],
  properties: {
    id: p.string().length(40).primary(),
    ownerType: p.string().length(40),
    ownerId: p.string().length(40),
    name: p.string().length(40),
    keyId: p.string().length(64),
    sealed: p.text(),
    /** Bumped on every write; lets concurrent refreshers notice another one won. */
    version: p.integer().default(1),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IVaultSecret = InferEntity<typeof VaultSecret>;
