/**
 * executeTool (spec 4.7b): resolve the connection, enforce restrictToTools and granted scopes,
 * validate arguments and render the tool's request template; the shared provider call
 * (provider-call.ts) injects the credential server-side, sends, refreshes and retries once on
 * a provider 401, and records the call. Answers `{status, successful, data}`.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ToolFile } from '../catalog/catalog-schema.js';
import { renderRequest } from '../catalog/request-template.js';
import { badRequest, forbidden } from '../errors.js';
import type { IAuthConfig, IConnection } from '../db/entities/index.js';
import type { ConnectionResolver } from '../connections/connection-resolver.js';
import type { ProviderCall } from './provider-call.js';
import { applyCallerAuth, type CallerAuth } from './caller-auth.js';

export interface ExecuteInput {
  entityId?: string;
  connectedAccountId?: string;
  arguments?: Record<string, unknown>;
  /** An agent session's entity (issue 30): a connection of any other entity is refused (403). */
  onlyEntity?: string;
}

export interface ExecutionResult {
  status: number;
  successful: boolean;
  data?: unknown;
  /** The connection the call ran through (the compat mount reports it); null with caller credentials. */
  connectionId: string | null;
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
  catalog: Pick<Catalog, 'getToolEntry' | 'validateInput' | 'unknownTool'>;
  resolver: Pick<ConnectionResolver, 'resolve'>;
  providerCall: ProviderCall;
}

const is2xx = (status: number) => status >= 200 && status < 300;

export function createExecutionService(deps: ExecutionServiceDeps) {
  const { catalog, resolver, providerCall } = deps;

  function checkedArguments(tool: ToolFile, args: Record<string, unknown>): Record<string, unknown> {
    const checked = catalog.validateInput(tool.slug, args);
    if (checked.ok) return checked.value;
    throw badRequest(
      `Invalid arguments for ${tool.slug}: ${checked.errors.map((e) => `${e.field || 'arguments'} ${e.message}`).join('; ')}`,
      {
        errors: checked.errors.map((e) => ({ field: e.field ? `arguments.${e.field}` : 'arguments', message: e.message })),
      },
    );
  }

  return {
    /**
     * A tool run with the caller's own credentials (compat `custom_auth_params`): no connection is
     * resolved and no stored credential read, so no auth config restricts it; the arguments are
     * validated and the request rendered as usual.
     */
    async executeWithCallerAuth(
      projectId: string,
      toolSlug: string,
      input: { arguments?: Record<string, unknown>; auth: CallerAuth },
    ): Promise<ExecutionResult> {
      const entry = catalog.getToolEntry(toolSlug);
      if (!entry) throw catalog.unknownTool(toolSlug);
      const { tool, toolkit } = entry;
      const request = applyCallerAuth(renderRequest(toolkit, tool, checkedArguments(tool, input.arguments ?? {})), toolkit, input.auth);
      const res = await providerCall({
        projectId,
        connection: null,
        toolkitSlug: toolkit.slug,
        kind: 'tool',
        toolSlug: tool.slug,
        request,
        successful: is2xx,
      });
      return { status: res.status, successful: is2xx(res.status), data: res.data, connectionId: null };
    },

    async execute(projectId: string, toolSlug: string, input: ExecuteInput): Promise<ExecutionResult> {
      const entry = catalog.getToolEntry(toolSlug);
      if (!entry) throw catalog.unknownTool(toolSlug);
      const { tool, toolkit } = entry;
      const { connection, authConfig } = await resolver.resolve(projectId, toolkit.slug, {
        connectionId: input.connectedAccountId,
        entityId: input.entityId,
      });
      if (input.onlyEntity !== undefined && connection.entityId !== input.onlyEntity)
        throw forbidden(`Connection ${connection.id} belongs to another end user than this agent session's (${input.onlyEntity})`);
      checkPermissions(tool, connection, authConfig);
      const request = renderRequest(toolkit, tool, checkedArguments(tool, input.arguments ?? {}), connection.connectionConfig ?? null);
      const res = await providerCall({ projectId, connection, kind: 'tool', toolSlug: tool.slug, request, successful: is2xx });
      return { status: res.status, successful: is2xx(res.status), data: res.data, connectionId: connection.id };
    },
  };
}
