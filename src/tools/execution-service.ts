/**
 * executeTool (spec 4.7b): resolve the connection, enforce restrictToTools and granted scopes,
 * validate arguments and render the tool's request template; the shared provider call
 * (provider-call.ts) injects the credential server-side, sends, refreshes and retries once on
 * a provider 401, and records the call. Answers `{status, successful, data}`.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ToolFile } from '../catalog/catalog-schema.js';
import { renderRequest } from '../catalog/request-template.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { IAuthConfig, IConnection } from '../db/entities/index.js';
import type { ConnectionResolver } from '../connections/connection-resolver.js';
import type { ProviderCall } from './provider-call.js';

export interface ExecuteInput {
  entityId?: string;
  connectedAccountId?: string;
  arguments?: Record<string, unknown>;
}

export interface ExecutionResult {
  status: number;
  successful: boolean;
  data?: unknown;
  /** The connection the call ran through (the compat mount reports it). */
  connectionId: string;
}

function checkPermissions(tool: ToolFile, connection: IConnection, authConfig: IAuthConfig): void {
  if (authConfig.restrictToTools && !authConfig.restrictToTools.includes(tool.slug)) {
    throw forbidden(`Tool ${tool.slug} is not allowed by auth config ${authConfig.id} (restrictToTools)`, {
      tool: tool.slug,
      authConfigId: authConfig.id,
    });
  }
  const granted = connection.grantedScopes;
  if (granted && tool.scopes) {
    const missing = tool.scopes.filter((s) => !granted.includes(s));
    if (missing.length > 0) {
      throw forbidden(
        `Connection ${connection.id} lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that ${tool.slug} needs; initiate a new connection requesting ${missing.length > 1 ? 'them' : 'it'}`,
        {
          missingScopes: missing,
        },
      );
    }
  }
}

export interface ExecutionServiceDeps {
  catalog: Pick<Catalog, 'getToolEntry' | 'validateInput'>;
  resolver: Pick<ConnectionResolver, 'resolve'>;
  providerCall: ProviderCall;
}

const is2xx = (status: number) => status >= 200 && status < 300;

export function createExecutionService(deps: ExecutionServiceDeps) {
  const { catalog, resolver, providerCall } = deps;

  return {
    async execute(projectId: string, toolSlug: string, input: ExecuteInput): Promise<ExecutionResult> {
      const entry = catalog.getToolEntry(toolSlug);
      if (!entry) throw notFound(`Unknown tool "${toolSlug}"`);
      const { tool, toolkit } = entry;
      const { connection, authConfig } = await resolver.resolve(projectId, toolkit.slug, {
        connectionId: input.connectedAccountId,
        entityId: input.entityId,
      });
      checkPermissions(tool, connection, authConfig);
      const checked = catalog.validateInput(tool.slug, input.arguments ?? {});
      if (!checked.ok) {
        throw badRequest(
          `Invalid arguments for ${tool.slug}: ${checked.errors.map((e) => `${e.field || 'arguments'} ${e.message}`).join('; ')}`,
          {
            errors: checked.errors.map((e) => ({ field: e.field ? `arguments.${e.field}` : 'arguments', message: e.message })),
          },
        );
      }
      const request = renderRequest(toolkit, tool, checked.value);
      const res = await providerCall({ projectId, connection, kind: 'tool', toolSlug: tool.slug, request, successful: is2xx });
      return { status: res.status, successful: is2xx(res.status), data: res.data, connectionId: connection.id };
    },
  };
}
