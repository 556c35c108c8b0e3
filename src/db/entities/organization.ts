import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Organization = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: p.string().length(40).primary(),
    name: p.string().length(200),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IOrganization = InferEntity<typeof Organization>;
