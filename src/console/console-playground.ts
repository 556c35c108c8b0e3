/**
 * The console's Playground (issue 32): a person runs a tool for one of the project's connections
 * and sees what happened. The run goes through the execution service the native executeTool uses
 * (same resolution, scopes, validation, quota, record and errors); the only difference is an
 * exchange object handed down, which the provider call fills with the request it sent and the
 * recorder with the record's id and duration. The request and the answer are masked by the rules
 * of the logs and execution details (execution-detail.ts), plus every credential value the call
 * carried and the URL rules of the logs.
 */
import type { Actor } from '../tenancy/actor.js';
import type { Audited } from '../tenancy/audited.js';
import type { ProjectTarget } from './console-resource-service.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { classifyError } from '../error-classifier.js';
import { redactUrl } from '../logging.js';
import { requestAsSent } from '../providers/http-client.js';
import { redactedValue } from '../tools/execution-detail.js';
import type { ExecutionRecorder } from '../tools/execution-recorder.js';
import type { createExecutionService } from '../tools/execution-service.js';
import type { ProviderExchange } from '../tools/provider-call.js';
import type { PlaygroundRun, PlaygroundRunBody } from './playground-api-schemas.js';

type ExecutionService = ReturnType<typeof createExecutionService>;

function bodyAsSent(body: string | Buffer | undefined, contentType: string | undefined): unknown {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return { mediaType: contentType ?? 'application/octet-stream', base64: body.toString('base64') };
  if (contentType && /json/i.test(contentType)) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

const headerOf = (headers: Record<string, string>, name: string): string | undefined => {
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
};

/** The request as the HTTP client sent it, masked; null when nothing was sent. */
function maskedRequest(exchange: ProviderExchange): PlaygroundRun['request'] {
  if (!exchange.request) return null;
  const secrets = exchange.secrets ?? [];
  const sent = requestAsSent(exchange.request);
  const body = bodyAsSent(sent.body, headerOf(sent.headers, 'content-type'));
  const masked = redactedValue({ url: sent.url, headers: sent.headers, body }, secrets) as {
    url: string;
    headers: Record<string, string>;
    body?: unknown;
  };
  return {
    method: sent.method,
    url: redactUrl(masked.url),
    headers: masked.headers,
    ...(masked.body === undefined ? {} : { body: masked.body }),
  };
}

export function createConsolePlayground(deps: {
  audit: Pick<Audited, 'record'>;
  execution: Pick<ExecutionService, 'execute'>;
  recorder: Pick<ExecutionRecorder, 'flush'>;
  catalogService: Pick<CatalogService, 'listTools' | 'getTool'>;
}) {
  return {
    listTools: deps.catalogService.listTools,
    getTool: deps.catalogService.getTool,

    /** Runs `toolSlug` through `connectionId` of the project; a refusal is an answer too (with its error), not a throw. */
    async run(
      actor: Actor,
      { organizationId, projectId }: ProjectTarget,
      toolSlug: string,
      body: PlaygroundRunBody,
      context: { requestId?: string },
    ): Promise<PlaygroundRun> {
      const exchange: ProviderExchange = {};
      let answer: Pick<PlaygroundRun, 'successful' | 'response' | 'error'>;
      try {
        const result = await deps.execution.execute(
          projectId,
          toolSlug,
          { connectedAccountId: body.connectionId, ...(body.arguments ? { arguments: body.arguments } : {}) },
          { requestId: context.requestId, exchange },
        );
        const secrets = exchange.secrets ?? [];
        answer = {
          successful: result.successful,
          response: {
            status: result.status,
            headers: redactedValue(exchange.responseHeaders ?? {}, secrets) as Record<string, string>,
            body: redactedValue(result.data ?? null, secrets),
          },
          error: null,
        };
      } catch (err) {
        const c = classifyError(err);
        // Not ours to show (a bug, the database gone): the error plugin logs it and answers 500.
        if (c.internal) throw err;
        answer = {
          successful: false,
          response: null,
          error: {
            code: c.code,
            status: c.status,
            message: c.message,
            ...(c.data === undefined ? {} : { data: redactedValue(c.data, exchange.secrets ?? []) }),
          },
        };
      }
      // The record is written in batches: written now, the Executions tab shows it at once.
      await deps.recorder.flush();
      // The execution record names no person; the audit log says who ran it from the console.
      await deps.audit.record(actor, {
        organizationId,
        projectId,
        action: 'connection.tool_run',
        targetType: 'connection',
        targetId: body.connectionId,
        detail: {
          tool: toolSlug,
          executionId: exchange.executionId ?? null,
          status: answer.response?.status ?? answer.error?.status ?? null,
          ...(answer.error ? { error: answer.error.code } : {}),
        },
      });
      return {
        executionId: exchange.executionId ?? null,
        durationMs: exchange.durationMs ?? 0,
        request: maskedRequest(exchange),
        ...answer,
      };
    },
  };
}
