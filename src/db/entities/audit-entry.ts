import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One change a person (or the CLI) made to an organization: who, what, when, from where. Never a secret. */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  indexes: [{ properties: ['organizationId', 'createdAt', 'id'] }],
  properties: {
    id: p.string().length(40).primary(),
    organizationId: p.string().length(40),
    projectId: p.string().length(40).nullable(),
    /** Null when the change came from the operator's CLI. */
    actorUserId: p.string().length(40).nullable(),
    actorEmail: p.string().length(320).nullable(),
    action: p.string().length(100),
    targetType: p.string().length(50),
    targetId: p.string().length(255),
    detail: p.json<Record<string, unknown>>().nullable(),
    ip: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IAuditEntry = InferEntity<typeof AuditEntry>;
