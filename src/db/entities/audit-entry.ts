import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One change a person, the operator (CLI) or an API key made to an organization: who, what, when, from where. Never a secret. */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  indexes: [{ properties: ['organizationId', 'createdAt', 'id'] }],
  properties: {
    id: p.string().length(40).primary(),
    organizationId: p.string().length(40),
    projectId: p.string().length(40).nullable(),
    /** 'user', 'operator' or 'apiKey'; null in entries written before it was recorded (a user when actorUserId is set, else the operator). */
    actorKind: p.string().length(20).nullable(),
    /** Null unless a user made the change. */
    actorUserId: p.string().length(40).nullable(),
    actorEmail: p.string().length(320).nullable(),
    /** The API key that made the change, and its name then (actorKind 'apiKey'). */
    actorApiKeyId: p.string().length(40).nullable(),
    actorApiKeyName: p.string().length(255).nullable(),
    action: p.string().length(100),
    targetType: p.string().length(50),
    targetId: p.string().length(255),
    detail: p.json<Record<string, unknown>>().nullable(),
    ip: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IAuditEntry = InferEntity<typeof AuditEntry>;
