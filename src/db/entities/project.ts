import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Project = defineEntity({
  name: 'Project',
  tableName: 'projects',
  indexes: [{ properties: ['organizationId'] }],
  properties: {
    id: p.string().length(40).primary(),
    organizationId: p.string().length(40),
    name: p.string().length(200),
    /** Where the hosted connect page may send the user afterwards; empty = any https/loopback URL the caller gives. */
    allowedRedirectUrls: p.json<string[]>().default('[]'),
    /** Called (signed) before a connection made through a hosted connect link becomes ACTIVE; null: none. */
    connectionVerifierUrl: p.string().length(2000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IProject = InferEntity<typeof Project>;
