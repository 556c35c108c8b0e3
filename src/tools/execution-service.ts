/**
 * executeTool (spec 4.7b): resolve the connection, enforce restrictToTools and granted scopes,
 * validate arguments and render the tool's request template; the shared provider call
 * (provider-call.ts) injects the credential server-side, sends, refreshes and retries once on
 * a provider 401, and records the call. A call refused before the provider (unknown tool, no usable
 * connection, a restriction or scope, invalid arguments) is recorded here. Answers `{status, successful, data}`.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ToolFile } from '../catalog/catalog-schema.js';
import { renderRequest } from '../catalog/request-template.js';
import { badRequest, forbidden } from '../errors.js';
import type { IAuthConfig, IConnection } from '../db/entities/index.js';
import type { ConnectionResolver } from '../connections/connection-resolver.js';
import type { ProviderCall, ProviderCallContext } from './provider-call.js';
import { applyCallerAuth, type CallerAuth } from './caller-auth.js';
import type { ExecutionRecorder } from './execution-recorder.js';

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
  /** Records the calls refused before the provider (the provider call records the others). */
  recorder: Pick<ExecutionRecorder, 'refused'>;
}

const is2xx = (status: number) => status >= 200 && status < 300;

export function createExecutionService(deps: ExecutionServiceDeps) {
  const { catalog, resolver, providerCall, recorder } = deps;

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
      input: { arguments?: Record<string, unknown>; auth: CallerAuth; entityId?: string | undefined },
      context: ProviderCallContext = {},
    ): Promise<ExecutionResult> {
      const started = performance.now();
      const entry = catalog.getToolEntry(toolSlug);
      const secrets = input.auth.parameters.map((p) => p.value);
      let request;
      try {
        if (!entry) throw catalog.unknownTool(toolSlug);
        request = applyCallerAuth(
          renderRequest(entry.toolkit, entry.tool, checkedArguments(entry.tool, input.arguments ?? {})),
          entry.toolkit,
          input.auth,
        );
      } catch (err) {
        recorder.refused(
          {
            projectId,
            connectionId: '',
            entityId: input.entityId ?? null,
            kind: 'tool',
            toolSlug,
            toolkitSlug: entry?.toolkit.slug ?? '',
            requestId: context.requestId ?? null,
          },
          err,
          { input: input.arguments, secrets, exchange: context.exchange },
          started,
        );
        throw err;
      }
      const res = await providerCall({
        projectId,
        connection: null,
        toolkitSlug: entry.toolkit.slug,
        entityId: input.entityId,
        secrets,
        kind: 'tool',
        toolSlug: entry.tool.slug,
        request,
        successful: is2xx,
        context,
        recordedInput: input.arguments,
      });
      return { status: res.status, successful: is2xx(res.status), data: res.data, connectionId: null };
    },

    /** Runs a tool through a connection; a refusal before the provider is recorded, then thrown. */
    async execute(projectId: string, toolSlug: string, input: ExecuteInput, context: ProviderCallContext = {}): Promise<ExecutionResult> {
      const started = performance.now();
      const entry = catalog.getToolEntry(toolSlug);
      let resolved: { connection: IConnection; authConfig: IAuthConfig } | undefined;
      let request;
      try {
        if (!entry) throw catalog.unknownTool(toolSlug);
        resolved = await resolver.resolve(projectId, entry.toolkit.slug, {
          connectionId: input.connectedAccountId,
          entityId: input.entityId,
        });
        if (input.onlyEntity !== undefined && resolved.connection.entityId !== input.onlyEntity)
          throw forbidden(
            `Connection ${resolved.connection.id} belongs to another end user than this agent session's (${input.onlyEntity})`,
          );
        checkPermissions(entry.tool, resolved.connection, resolved.authConfig);
        request = renderRequest(
          entry.toolkit,
          entry.tool,
          checkedArguments(entry.tool, input.arguments ?? {}),
          resolved.connection.connectionConfig ?? null,
        );
      } catch (err) {
        const connection = resolved?.connection;
        recorder.refused(
          {
            projectId,
            connectionId: connection?.id ?? '',
            entityId: connection?.entityId ?? input.entityId ?? null,
            kind: 'tool',
            toolSlug,
            toolkitSlug: entry?.toolkit.slug ?? '',
            requestId: context.requestId ?? null,
          },
          err,
          { input: input.arguments, exchange: context.exchange },
          started,
        );
        throw err;
      }
      const { connection } = resolved;
      const res = await providerCall({
        projectId,
        connection,
        kind: 'tool',
        toolSlug: entry.tool.slug,
        request,
        successful: is2xx,
        context,
        recordedInput: input.arguments,
      });
      return { status: res.status, successful: is2xx(res.status), data: res.data, connectionId: connection.id };
    },
  };
}
