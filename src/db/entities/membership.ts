import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A user's role in an organization; console permissions derive from it. */
export const Membership = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  uniques: [{ properties: ['organizationId', 'userId'] }],
  indexes: [{ properties: ['userId'] }],
  properties: {
    id: p.string().length(40).primary(),
    organizationId: p.string().length(40),
    userId: p.string().length(40),
    role: p.enum(['owner', 'admin', 'member']),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IMembership = InferEntity<typeof Membership>;
