import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * What one recorded call carried: its arguments (or the proxy's request) and the provider's response
 * body, redacted as log lines are and bounded in size (src/tools/execution-detail.ts). Its id is the
 * execution's; kept EXECUTION_BODY_RETENTION_DAYS, less than the summary row.
 */
export const ExecutionDetail = defineEntity({
  name: 'ExecutionDetail',
  tableName: 'execution_details',
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    /** JSON text, possibly cut short with a marker; null when there was nothing. */
    input: p.text().nullable(),
    response: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IExecutionDetail = InferEntity<typeof ExecutionDetail>;
