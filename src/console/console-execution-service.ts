/**
 * A project's execution records (tool executions, proxy calls, refusals) for the console: newest
 * first, filtered by end user, tool, toolkit, outcome and time, keyset-paged on (createdAt, id);
 * and one record with its detail (arguments and response body, redacted and bounded by
 * tools/execution-detail.ts, kept EXECUTION_BODY_RETENTION_DAYS). Records are written in
 * batches, so the newest calls may appear a fraction of a second late.
 */
import type { IToolExecution } from '../db/entities/index.js';
import type { ExecutionFilter, ExecutionRepository } from '../db/repositories/execution-repository.js';
import { notFound } from '../errors.js';
import { decodeKeysetCursor, keysetPage } from './keyset-cursor.js';
import type { ExecutionDetailView, ExecutionView } from './project-api-schemas.js';
import type { ProjectTarget } from './console-resource-service.js';

export const executionView = (e: IToolExecution): ExecutionView => ({
  id: e.id,
  kind: e.kind,
  toolSlug: e.toolSlug ?? null,
  toolkitSlug: e.toolkitSlug,
  // '' marks a call made with the caller's own credentials, or refused before a connection was found.
  connectionId: e.connectionId || null,
  entityId: e.entityId ?? null,
  status: e.status,
  successful: e.successful,
  outcome: e.outcome,
  durationMs: e.durationMs,
  errorCode: e.errorCode ?? null,
  errorMessage: e.errorMessage ?? null,
  requestId: e.requestId ?? null,
  createdAt: e.createdAt.toISOString(),
});

/** The list's query as the route takes it: times as ISO strings. */
export type ExecutionListQuery = Omit<ExecutionFilter, 'from' | 'to'> & {
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
};

export function createConsoleExecutionService(deps: { executions: Pick<ExecutionRepository, 'listForProject' | 'findWithDetail'> }) {
  return {
    async list(t: ProjectTarget, q: ExecutionListQuery): Promise<{ items: ExecutionView[]; nextCursor: string | null }> {
      const before = q.cursor ? decodeKeysetCursor(q.cursor) : undefined;
      const rows = await deps.executions.listForProject(t.projectId, {
        kind: q.kind,
        entityId: q.entityId,
        toolSlug: q.toolSlug,
        toolkitSlug: q.toolkitSlug,
        outcome: q.outcome,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        limit: q.limit + 1,
        before,
      });
      const page = keysetPage(rows, q.limit);
      return { items: page.items.map(executionView), nextCursor: page.nextCursor };
    },

    async get(t: ProjectTarget, executionId: string): Promise<ExecutionDetailView> {
      const found = await deps.executions.findWithDetail(t.projectId, executionId);
      if (!found) throw notFound(`Execution ${executionId} not found`);
      return {
        ...executionView(found.execution),
        input: found.detail?.input ?? null,
        response: found.detail?.response ?? null,
        detailKept: found.detail !== null,
      };
    },
  };
}
