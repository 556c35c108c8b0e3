import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An invitation to join an organization: a single-use, expiring link; only the token's sha256 is stored. */
export const Invitation = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  indexes: [{ properties: ['organizationId', 'createdAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    organizationId: p.string().length(40),
    email: p.string().length(320),
    role: p.enum(['owner', 'admin', 'member']),
    tokenHash: p.string().length(64).unique(),
    invitedByUserId: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedByUserId: p.string().length(40).nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type IInvitation = InferEntity<typeof Invitation>;
