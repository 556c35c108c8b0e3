import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Project = defineEntity({
  name: 'Project',
  tableName: 'projects',
  indexes: [{ properties: ['organizationId'] }],
  properties: {
    id: p.string().length(40).primary(),
    organizationId: p.string().length(40),
    name: p.string().length(200),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IProject = InferEntity<typeof Project>;
