import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One provider call made for a project (a tool execution or a proxy request). Never arguments
 *  or data: only what usage reports and logs need. */
export const ToolExecution = defineEntity({
  name: 'ToolExecution',
  tableName: 'tool_executions',
  // Read by project and time only (usage, the console's list); no index on connectionId: it would cost every recorded call a write.
  indexes: [{ properties: ['projectId', 'createdAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    connectionId: p.string().length(40),
    kind: p.enum(['tool', 'proxy']),
    toolSlug: p.string().length(200).nullable(),
    toolkitSlug: p.string().length(100),
    status: p.integer(),
    successful: p.boolean(),
    durationMs: p.integer(),
    errorCode: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IToolExecution = InferEntity<typeof ToolExecution>;
