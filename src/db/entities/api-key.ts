import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A project API key. Only the sha256 of the key is stored, plus a short start for display; its scopes and expiry. */
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  indexes: [{ properties: ['projectId'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    organizationId: p.string().length(40),
    name: p.string().length(200),
    hash: p.string().length(64).unique(),
    start: p.string().length(16),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** Comma-separated scopes (src/tenancy/scopes.ts); null = every scope (keys made before scopes). */
    scopes: p.text().nullable(),
    /** Refused (401) from this instant; null = never. */
    expiresAt: p.datetime().nullable(),
  },
});
export type IApiKey = InferEntity<typeof ApiKey>;
