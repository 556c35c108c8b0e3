/**
 * executeTool (spec 4.7b): resolve the connection, enforce restrictToTools and granted scopes,
 * validate arguments, render the tool's request template, inject the credential server-side,
 * call the provider, and answer `{status, successful, data}`. A provider 401 on an OAuth
 * connection triggers one refresh and one retry; a second 401 marks the connection EXPIRED.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { ToolFile, ToolkitFile } from '../catalog/catalog-schema.js';
import { applyInjection, renderRequest, type RenderedRequest } from '../catalog/request-template.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { IAuthConfig, IConnection } from '../db/entities/index.js';
import type { TokenService } from '../connections/token-service.js';
import type { ProviderHttpClient, ProviderResponse } from '../providers/http-client.js';
import { decodeProviderBody } from '../providers/response-body.js';
import type { ConnectionResolver } from '../connections/connection-resolver.js';
import type { ExecutionRecorder } from './execution-recorder.js';

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
    throw forbidden(`Tool ${tool.slug} is not allowed by auth config ${authConfig.id} (restrictToTools)`, { tool: tool.slug, authConfigId: authConfig.id });
  }
  const granted = connection.grantedScopes;
  if (granted && tool.scopes) {
    const missing = tool.scopes.filter((s) => !granted.includes(s));
    if (missing.length > 0) {
      throw forbidden(`Connection ${connection.id} lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that ${tool.slug} needs; initiate a new connection requesting ${missing.length > 1 ? 'them' : 'it'}`, {
        missingScopes: missing,
      });
    }
  }
}

/** What a provider call through a connection needs (executeTool and the proxy alike). */
export interface ProviderCallDeps {
  catalog: Catalog;
  resolver: ConnectionResolver;
  tokens: TokenService;
  http: ProviderHttpClient;
  recorder: ExecutionRecorder;
}

export function createExecutionService(deps: ProviderCallDeps) {
  const { catalog, resolver, tokens, http, recorder } = deps;

  async function send(toolkit: ToolkitFile, connection: IConnection, rendered: RenderedRequest, values: Record<string, string>): Promise<ProviderResponse> {
    const method = toolkit.authMethods.find((m) => m.id === connection.authMethodId);
    if (!method) throw badRequest(`Auth method ${connection.authMethodId} no longer exists in ${toolkit.slug}`);
    let req: RenderedRequest;
    try {
      req = applyInjection(rendered, method.inject, values);
    } catch {
      throw badRequest(`Connection ${connection.id} lacks a credential field its auth method needs; connect it again`);
    }
    return http.request({ method: req.method, url: req.url, headers: req.headers, body: req.body, bodyEncoding: 'json' });
  }

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
        throw badRequest(`Invalid arguments for ${tool.slug}: ${checked.errors.map((e) => `${e.field || 'arguments'} ${e.message}`).join('; ')}`, {
          errors: checked.errors.map((e) => ({ field: e.field ? `arguments.${e.field}` : 'arguments', message: e.message })),
        });
      }
      const rendered = renderRequest(toolkit, tool, checked.value);
      const base = { projectId, connectionId: connection.id, kind: 'tool' as const, toolSlug: tool.slug, toolkitSlug: toolkit.slug };
      return recorder.track(base, (status) => status >= 200 && status < 300, async () => {
        let values = await tokens.injectValues(connection);
        let res = await send(toolkit, connection, rendered, values);
        if (res.status === 401 && connection.authMethodKind === 'oauth2') {
          const outcome = await tokens.refreshAfterUnauthorized(connection, values.access_token ?? '');
          if (outcome.kind === 'ok') {
            values = { access_token: outcome.tokens.access_token };
            res = await send(toolkit, connection, rendered, values);
            if (res.status === 401) await tokens.markExpired(connection, 'The provider rejected the token again after a refresh (HTTP 401)');
          }
        }
        const { data } = decodeProviderBody(res);
        return { status: res.status, successful: res.status >= 200 && res.status < 300, data, connectionId: connection.id };
      });
    },
  };
}

export type ExecutionService = ReturnType<typeof createExecutionService>;
