import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Something that happened in a project that webhook subscribers may be told about (issue 28).
 * Written in the same transaction as the change it reports, with its delivery rows (the outbox).
 * `data` never holds a token or credential: for connection events it is the connection's view.
 */
export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  // The list (newest first per project), the retention sweep (by age across projects), and a
  // subject's latest events (what subscribers were last told about one connection).
  indexes: [{ properties: ['projectId', 'createdAt', 'id'] }, { properties: ['createdAt'] }, { properties: ['subjectId', 'createdAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    type: p.string().length(100),
    /** What the event is about (the connection id of connection.* events); null for others. */
    subjectId: p.string().length(255).nullable(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IEvent = InferEntity<typeof Event>;
