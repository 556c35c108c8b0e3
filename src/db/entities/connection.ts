import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CONNECTION_STATUSES = ['INITIATED', 'PENDING', 'ACTIVE', 'FAILED', 'EXPIRED', 'REVOKED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * An end user's (entity's) link to a provider. Tokens and credentials are not here: they are
 * sealed in `vault_secrets` under this connection's id.
 */
export const Connection = defineEntity({
  name: 'Connection',
  tableName: 'connections',
  // One index per list filter and order (listConnections, the compat list, the resolver), each
  // ending in the sort key so a page is an index range; plus the auth config counts and the sweep.
  indexes: [
    { properties: ['projectId', 'entityId', 'toolkitSlug'] },
    { properties: ['projectId', 'authConfigId'] },
    { properties: ['projectId', 'createdAt', 'id'] },
    { properties: ['projectId', 'updatedAt', 'id'] },
    { properties: ['projectId', 'toolkitSlug', 'createdAt'] },
    { properties: ['projectId', 'status', 'disabled', 'createdAt'] },
    { properties: ['authConfigId'] },
    { properties: ['status', 'stateExpiresAt'] },
    // The health refresher's scans: tokens expiring soon, and refresh tokens idle too long.
    { properties: ['status', 'tokenExpiresAt'] },
    { properties: ['status', 'lastRefreshedAt'] },
    // Provider webhooks route an event to the connections of its account (src/triggers/ingress/).
    { properties: ['toolkitSlug', 'providerAccountId'] },
  ],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    authConfigId: p.string().length(40),
    toolkitSlug: p.string().length(100),
    authMethodId: p.string().length(100),
    authMethodKind: p.string().length(20),
    entityId: p.string().length(255),
    status: p.enum([...CONNECTION_STATUSES]),
    statusReason: p.string().length(1000).nullable(),
    disabled: p.boolean().default(false),
    alias: p.string().length(200).nullable(),
    requestedScopes: p.json<string[]>().nullable(),
    grantedScopes: p.json<string[]>().nullable(),
    connectionConfig: p.json<Record<string, string>>().nullable(),
    /** The provider account the user connected (HubSpot's portal/hub id), recorded at the token exchange; null when unknown. */
    providerAccountId: p.string().length(100).nullable(),
    /** Where the callback sends the user's browser afterwards (given at initiate). */
    callbackRedirectUrl: p.string().length(2000).nullable(),
    /** Single-use OAuth state: the nonce the signed state must carry, cleared once used. */
    stateNonce: p.string().length(64).nullable(),
    stateExpiresAt: p.datetime().nullable(),
    /** SHA-256 (hex) of the browser cookie set when a hosted connect link started this attempt; the callback must carry it. */
    stateBrowserHash: p.string().length(64).nullable(),
    tokenExpiresAt: p.datetime().nullable(),
    lastRefreshedAt: p.datetime().nullable(),
    /** Health (src/events/jobs/connection-refresher.ts): the last failed refresh and why, in short (never a token). */
    lastRefreshFailedAt: p.datetime().nullable(),
    lastRefreshError: p.string().length(300).nullable(),
    /** Failed refreshes in a row (the backoff of the next attempt); 0 after a success. */
    refreshFailures: p.integer().default(0),
    /** When the refresher next renews or retries; null when nothing is scheduled. */
    nextRefreshAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IConnection = InferEntity<typeof Connection>;
