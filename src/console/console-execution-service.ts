/**
 * A project's execution records (tool executions and proxy calls) for the console: newest first,
 * keyset-paged on (createdAt, id). Records carry no arguments or data (tools/execution-recorder.ts)
 * and are written in batches, so the newest calls may appear a fraction of a second late.
 */
import type { IToolExecution } from '../db/entities/index.js';
import type { ExecutionRepository } from '../db/repositories/execution-repository.js';
import { decodeKeysetCursor, keysetPage } from './keyset-cursor.js';
import type { ExecutionView } from './project-api-schemas.js';
import type { ProjectTarget } from './console-resource-service.js';

export const executionView = (e: IToolExecution): ExecutionView => ({
  id: e.id,
  kind: e.kind,
  toolSlug: e.toolSlug ?? null,
  toolkitSlug: e.toolkitSlug,
  // '' marks a call made with the caller's own credentials (no connection).
  connectionId: e.connectionId || null,
  status: e.status,
  successful: e.successful,
  durationMs: e.durationMs,
  errorCode: e.errorCode ?? null,
  createdAt: e.createdAt.toISOString(),
});

export function createConsoleExecutionService(deps: { executions: Pick<ExecutionRepository, 'listForProject'> }) {
  return {
    async list(
      t: ProjectTarget,
      q: { kind?: IToolExecution['kind'] | undefined; cursor?: string | undefined; limit: number },
    ): Promise<{ items: ExecutionView[]; nextCursor: string | null }> {
      const before = q.cursor ? decodeKeysetCursor(q.cursor) : undefined;
      const rows = await deps.executions.listForProject(t.projectId, { kind: q.kind, limit: q.limit + 1, before });
      const page = keysetPage(rows, q.limit);
      return { items: page.items.map(executionView), nextCursor: page.nextCursor };
    },
  };
}
