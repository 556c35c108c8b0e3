import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** How a call ended: the provider answered 2xx (`succeeded`) or otherwise (`failed`); no answer
 *  (`error`: a timeout, a network or credential failure); or refused before the provider (`refused`:
 *  no usable connection, invalid arguments, a scope, restriction or quota refusal). */
export const EXECUTION_OUTCOMES = ['succeeded', 'failed', 'error', 'refused'] as const;
export type ExecutionOutcome = (typeof EXECUTION_OUTCOMES)[number];

/** One call made for a project (a tool execution or a proxy request), refused ones included. Never
 *  arguments or data: those are in ExecutionDetail, kept for a shorter time. */
export const ToolExecution = defineEntity({
  name: 'ToolExecution',
  tableName: 'tool_executions',
  // Read by project and time (usage, the console's list), and by the console's filters; each
  // filter has its own index so a filtered page reads only its rows (docs/internals/performance.md#executions-at-scale).
  // No index on connectionId: no query reads by it, and each index costs every recorded call a write.
  indexes: [
    { properties: ['projectId', 'createdAt'] },
    { properties: ['projectId', 'entityId', 'createdAt'] },
    { properties: ['projectId', 'toolSlug', 'createdAt'] },
    { properties: ['projectId', 'toolkitSlug', 'createdAt'] },
    { properties: ['projectId', 'outcome', 'createdAt'] },
  ],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    connectionId: p.string().length(40),
    /** The end user (the connection's entity, or the one the caller named); null when none was. */
    entityId: p.string().length(255).nullable(),
    kind: p.enum(['tool', 'proxy']),
    toolSlug: p.string().length(200).nullable(),
    toolkitSlug: p.string().length(100),
    status: p.integer(),
    successful: p.boolean(),
    outcome: p.enum([...EXECUTION_OUTCOMES]).default('succeeded'),
    durationMs: p.integer(),
    errorCode: p.string().length(100).nullable(),
    errorMessage: p.string().length(500).nullable(),
    /** The request's id: the answer's `x-request-id` and the log lines' `reqId`. */
    requestId: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IToolExecution = InferEntity<typeof ToolExecution>;
