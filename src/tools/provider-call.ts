/**
 * One provider call through a connection, shared by executeTool and the proxy: look up the
 * connection's auth method, inject its credential, send, and on a provider 401 of an OAuth
 * connection refresh once and retry once (a second 401 marks the connection EXPIRED), then
 * decode the body. Every call is recorded (execution-recorder), whatever its outcome. Before
 * anything is read or sent, the call is counted against its organization's monthly execution
 * quota (execution-quota.ts): the one check every plane's executions and proxy calls pass. What is
 * sent is decided by the caller beforehand; this module never reads arguments or targets.
 */
import type { Catalog } from '../catalog/catalog.js';
import type { AuthMethodDef } from '../catalog/catalog-schema.js';
import { applyInjection, type RenderedRequest } from '../catalog/request-template.js';
import type { TokenService } from '../connections/token-service.js';
import type { IConnection } from '../db/entities/index.js';
import { badRequest } from '../errors.js';
import type { ProviderHttpClient, ProviderRequest } from '../providers/http-client.js';
import { decodeProviderBody } from '../providers/response-body.js';
import type { ExecutionRecorder } from './execution-recorder.js';
import type { ExecutionQuota } from './execution-quota.js';

/** Only what a provider call uses (tests and other callers can pass narrow fakes). */
export interface ProviderCallDeps {
  catalog: Pick<Catalog, 'requireAuthMethod'>;
  tokens: Pick<TokenService, 'injectValues' | 'refreshAfterUnauthorized' | 'rejectedAfterRefresh'>;
  http: Pick<ProviderHttpClient, 'request'>;
  recorder: Pick<ExecutionRecorder, 'track'>;
  quota: Pick<ExecutionQuota, 'admit'>;
}

interface ProviderCallCommon {
  projectId: string;
  /** Recorded as a tool execution (with the tool's slug) or a proxy request. */
  kind: 'tool' | 'proxy';
  toolSlug: string | null;
  /** The request without credentials: a rendered tool template, or the proxy's checked target. */
  request: RenderedRequest;
  /** Turns the credential-injected request into what is sent (the proxy merges caller headers
   *  here). Default: sent as is, with a JSON body when it has one. */
  outbound?: (injected: RenderedRequest) => ProviderRequest;
  /** Which provider statuses the record counts as successful. */
  successful: (status: number) => boolean;
}

export type ProviderCallInput = ProviderCallCommon &
  (
    | {
        /** A usable (resolved) connection whose stored credential is injected; its toolkit is recorded. */
        connection: IConnection;
      }
    | {
        /** The request already carries the caller's own credentials (caller-auth.ts): nothing is read,
         *  injected or refreshed, and the record names the toolkit without a connection. */
        connection: null;
        toolkitSlug: string;
      }
  );

export interface ProviderCallResult {
  status: number;
  /** The provider's response headers, unfiltered (the proxy filters what it passes back). */
  headers: Record<string, string>;
  data: unknown;
}

const asJson = (req: RenderedRequest): ProviderRequest => ({
  method: req.method,
  url: req.url,
  headers: req.headers,
  body: req.body,
  bodyEncoding: req.bodyEncoding ?? 'json',
});

export function createProviderCall(deps: ProviderCallDeps) {
  const { catalog, tokens, http, recorder, quota } = deps;

  function send(input: ProviderCallInput, connection: IConnection, method: AuthMethodDef, values: Record<string, string>) {
    let injected: RenderedRequest;
    try {
      injected = applyInjection(input.request, method.inject, values);
    } catch {
      throw badRequest(`Connection ${connection.id} lacks a credential field its auth method needs; connect it again`);
    }
    return http.request((input.outbound ?? asJson)(injected));
  }

  return async function providerCall(input: ProviderCallInput): Promise<ProviderCallResult> {
    const { connection } = input;
    const base = {
      projectId: input.projectId,
      connectionId: connection ? connection.id : '',
      kind: input.kind,
      toolSlug: input.toolSlug,
      toolkitSlug: connection ? connection.toolkitSlug : input.toolkitSlug,
    };
    const run = async (): Promise<ProviderCallResult> => {
      if (!connection) {
        const res = await http.request((input.outbound ?? asJson)(input.request));
        return { status: res.status, headers: res.headers, data: decodeProviderBody(res).data };
      }
      const method = catalog.requireAuthMethod('connection', connection);
      const values = await tokens.injectValues(connection);
      let res = await send(input, connection, method, values);
      if (res.status === 401 && method.kind === 'oauth2') {
        const retryWith = await tokens.refreshAfterUnauthorized(connection, values.access_token ?? '');
        if (retryWith) {
          res = await send(input, connection, method, retryWith);
          if (res.status === 401) await tokens.rejectedAfterRefresh(connection);
        }
      }
      return { status: res.status, headers: res.headers, data: decodeProviderBody(res).data };
    };
    // Over the quota this throws (429): nothing is read, sent or recorded. Unlimited: a cached lookup.
    let admitted = quota.admit(input.projectId);
    if (admitted instanceof Promise) admitted = await admitted;
    if (!admitted) return recorder.track(base, input.successful, run);
    try {
      return await recorder.track(base, input.successful, run);
    } finally {
      // Recorded by now (track records in its finally), so the quota's next count includes it.
      admitted.done();
    }
  };
}

export type ProviderCall = ReturnType<typeof createProviderCall>;
