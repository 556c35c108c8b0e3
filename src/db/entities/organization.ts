import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Organization = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: p.string().length(40).primary(),
    name: p.string().length(200),
    /** Tool executions + proxy calls allowed per UTC month; null = unlimited (operator setting). */
    monthlyExecutionQuota: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IOrganization = InferEntity<typeof Organization>;
